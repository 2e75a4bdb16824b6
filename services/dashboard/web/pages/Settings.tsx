import type { Static } from "elysia";
import { useEffect, useState } from "preact/hooks";
import type { RetentionSettingsView } from "../../../../lib/api/retention-models.ts";
import { RETENTION_LIMITS } from "../../../../lib/lifecycle/retention-limits.ts";
import { api } from "../api.ts";
import { useLoad } from "../load.ts";
import { Await } from "../components/Failure.tsx";
import { useChange } from "../components/StepUp.tsx";
import { ChangeForm } from "../components/ChangeForm.tsx";

type Retention = Static<typeof RetentionSettingsView>;
const { eventsMonths: M, deliveryDays: D } = RETENTION_LIMITS;

/** Workspace → Settings: how long the org's raw analytics and webhook bodies are kept (docs/data-lifecycle.md "Retention"). */
export function SettingsPage({ orgId }: { orgId: string }) {
  const { version, change, notice } = useChange();
  const [saved, setSaved] = useState(false);
  const current = useLoad(`${orgId}/retention/${version}`, () => api<Retention>(`/orgs/${orgId}/settings/retention`));
  return (
    <>
      {notice}
      <Await state={current}>
        {(data) => (
          <RetentionForm
            current={data}
            onSubmit={async (body) => {
              setSaved(false);
              setSaved(await change(() => api<Retention>(`/orgs/${orgId}/settings/retention`, { method: "PATCH", body }).then(() => undefined)));
            }}
          />
        )}
      </Await>
      {saved && <p role="status">Retention saved. The next daily purge applies it.</p>}
    </>
  );
}

function RetentionForm({ current, onSubmit }: { current: Retention; onSubmit: (body: { eventsMonths: number; deliveryDays: number }) => Promise<void> }) {
  const [months, setMonths] = useState(String(current.eventsMonths));
  const [days, setDays] = useState(String(current.deliveryDays));
  useEffect(() => {
    setMonths(String(current.eventsMonths));
    setDays(String(current.deliveryDays));
  }, [current.eventsMonths, current.deliveryDays]);
  return (
    <ChangeForm id="retention-title" title="Data retention" submit="Save retention" onSubmit={() => onSubmit({ eventsMonths: Number(months), deliveryDays: Number(days) })}>
      <p data-retention={`${current.eventsMonths}/${current.deliveryDays}`}>
        Raw analytics (events, sessions, visitors and their consent records) are deleted {current.eventsMonths} months after the day they end, in each site's timezone;
        a sent webhook's body is emptied after {current.deliveryDays} days, its record stays. Leads and settings are kept.
      </p>
      <label>
        Months of analytics kept ({M.min}–{M.max})
        <input type="number" name="eventsMonths" required min={M.min} max={M.max} step={1} value={months} onInput={(e) => setMonths(e.currentTarget.value)} />
      </label>
      <label>
        Days webhook bodies are kept ({D.min}–{D.max})
        <input type="number" name="deliveryDays" required min={D.min} max={D.max} step={1} value={days} onInput={(e) => setDays(e.currentTarget.value)} />
      </label>
    </ChangeForm>
  );
}
