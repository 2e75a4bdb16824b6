import { useState } from "preact/hooks";
import type { PersonErasure } from "../../../../lib/lifecycle/person-models.ts";
import { api, apiFile, saveFile } from "../api.ts";
import { formatInteger } from "../format.ts";
import { stepUpRefusal, useStepUp } from "./StepUp.tsx";
import { DialogActions, FormDialog, useFormDialog } from "./FormDialog.tsx";

/**
 * A person's access and erasure requests (docs/data-lifecycle.md "A person") on their profile,
 * for owners and admins: "Export data" downloads the JSON, "Erase this person" asks first; both
 * through the step-up dialog, both audited by the server.
 */
export function PersonData({ base, visitorId, onErased }: { base: string; visitorId: string; onErased: (erasure: PersonErasure) => void }) {
  const { run, dialog } = useStepUp();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const path = `${base}/people/${visitorId}`;
  const act = async (what: string, action: () => Promise<void>) => {
    setMessage(null);
    setBusy(true);
    try {
      await run(action);
    } catch (error) {
      setMessage(stepUpRefusal(error, what));
    }
    setBusy(false);
  };
  return (
    <section aria-labelledby="person-data-title">
      {dialog}
      <h2 id="person-data-title">This person's data</h2>
      <p>
        For an access or erasure request: everything held about this person and every visitor id linked to them — sessions, events, consent records, leads with their
        contact details, webhook deliveries, popup and spin records. Both need a fresh code from your authenticator app and are recorded in the activity log.
      </p>
      <div class="actions">
        <button type="button" disabled={busy} onClick={() => act("exports need", async () => saveFile(await apiFile(`${path}/export`, "application/json", { method: "POST" })))}>
          Export data
        </button>
        <button type="button" disabled={busy} onClick={() => setConfirming(true)}>
          Erase this person
        </button>
      </div>
      {message && (
        <p role="alert" class="error">
          {message}
        </p>
      )}
      {confirming && (
        <ConfirmErase
          busy={busy}
          onClose={() => setConfirming(false)}
          onErase={() =>
            act("erasing needs", async () => {
              const erasure = await api<PersonErasure>(`${path}/erase`, { method: "POST" });
              setConfirming(false);
              onErased(erasure);
            })
          }
        />
      )}
    </section>
  );
}

function ConfirmErase({ busy, onClose, onErase }: { busy: boolean; onClose: () => void; onErase: () => void }) {
  const dialog = useFormDialog(() => onClose());
  return (
    <FormDialog dialog={dialog} labelledBy="erase-title" className="confirm-erase" onSubmit={onErase}>
      <h3 id="erase-title">Erase this person?</h3>
      <p>Every row held about them and their linked visitor ids is deleted, and reports count them no more. This cannot be undone.</p>
      <DialogActions busy={busy} submit="Erase" onCancel={() => dialog.close(false)} />
    </FormDialog>
  );
}

/** What an erasure removed, in words. */
export const erasedSummary = (e: PersonErasure) =>
  `${formatInteger(e.visitors)} visitor ids, ${formatInteger(e.counts.sessions)} sessions, ${formatInteger(e.counts.events)} events and ${formatInteger(e.counts.leads)} leads were erased.`;
