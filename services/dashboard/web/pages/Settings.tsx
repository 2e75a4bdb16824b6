import type { Static } from "elysia";
import { useEffect, useState } from "preact/hooks";
import type { RetentionSettingsView } from "../../../../lib/api/retention-models.ts";
import type { BenchmarkingView } from "../../../../lib/recommendations/models.ts";
import { RETENTION_LIMITS } from "../../../../lib/lifecycle/retention-limits.ts";
import { api } from "../api.ts";
import { useLoad } from "../load.ts";
import { Await } from "../components/Failure.tsx";
import { useChange } from "../components/StepUp.tsx";
import { ChangeForm } from "../components/ChangeForm.tsx";

type Retention = Static<typeof RetentionSettingsView>;
type Benchmarking = Static<typeof BenchmarkingView>;
const { eventsMonths: M, deliveryDays: D } = RETENTION_LIMITS;

/**
 * Workspace → Settings: how long the org's raw analytics and webhook bodies are kept
 * (docs/data-lifecycle.md "Retention"), and its part in industry benchmarks (docs/recommendations.md).
 */
export function SettingsPage({ orgId }: { orgId: string }) {
  const { version, change, notice } = useChange();
  const [saved, setSaved] = useState<"retention" | "benchmarks" | null>(null);
  const current = useLoad(`${orgId}/retention/${version}`, () => api<Retention>(`/orgs/${orgId}/settings/retention`));
  const benchmarking = useLoad(`${orgId}/benchmarks/${version}`, () => api<Benchmarking>(`/orgs/${orgId}/settings/benchmarks`));
  const save = async (what: "retention" | "benchmarks", run: () => Promise<unknown>) => {
    setSaved(null);
    if (await change(() => run().then(() => undefined))) setSaved(what);
  };
  return (
    <>
      {notice}
      <Await state={current}>
        {(data) => (
          <RetentionForm
            current={data}
            onSubmit={(body) => save("retention", () => api<Retention>(`/orgs/${orgId}/settings/retention`, { method: "PATCH", body }))}
          />
        )}
      </Await>
      {saved === "retention" && <p role="status">Retention saved. The next daily purge applies it.</p>}
      <Await state={benchmarking}>
        {(data) => <BenchmarkingForm current={data} onSubmit={(body) => save("benchmarks", () => api<Benchmarking>(`/orgs/${orgId}/settings/benchmarks`, { method: "PATCH", body }))} />}
      </Await>
      {saved === "benchmarks" && <p role="status">Benchmarks setting saved. The next nightly run compares your sites with this group.</p>}
    </>
  );
}

function BenchmarkingForm({ current, onSubmit }: { current: Benchmarking; onSubmit: (body: { industry: string; optOut: boolean }) => Promise<void> }) {
  const [industry, setIndustry] = useState(current.industry);
  const [takePart, setTakePart] = useState(!current.optOut);
  useEffect(() => {
    setIndustry(current.industry);
    setTakePart(!current.optOut);
  }, [current.industry, current.optOut]);
  return (
    <ChangeForm id="benchmarks-title" title="Industry benchmarks" submit="Save benchmarks" onSubmit={() => onSubmit({ industry, optOut: !takePart })}>
      <p data-benchmarks={`${current.industry}/${current.optOut ? "out" : "in"}`}>
        {current.optOut
          ? "Your organization is opted out: it sends nothing to the benchmarks and its sites' recommendations are judged on their own figures."
          : `Your sites are compared with organizations in "${current.industry}". Only each site's aggregate figures leave your data, and percentiles are shown only for a large enough group.`}
      </p>
      <label>
        Industry
        <input type="text" name="industry" required maxLength={60} value={industry} onInput={(e) => setIndustry(e.currentTarget.value)} />
      </label>
      <label class="check">
        <input type="checkbox" name="takePart" checked={takePart} onChange={(e) => setTakePart(e.currentTarget.checked)} /> Take part in industry benchmarks
      </label>
    </ChangeForm>
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
