import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { ApiFailure, apiFile, saveFile } from "../api.ts";
import { Alert } from "./Failure.tsx";
import { passSecondFactor } from "../session.ts";
import { refusal } from "../pages/SignIn.tsx";

/**
 * Sensitive changes (DESIGN 12 step-up): run an action; when the server answers
 * STEP_UP_REQUIRED, ask for a code from the authenticator app in a modal dialog, pass the
 * second factor and run the action again. A user without two-factor gets the error back
 * (details path `twoFactor`): there is no code to ask for.
 */
/** A refused sensitive call, said plainly: the field the server names, or two-factor to turn on first (`what`: "exports need"). */
export function stepUpRefusal(error: unknown, what = "this change needs"): string {
  if (!(error instanceof ApiFailure)) return "The server could not be reached. Try again.";
  if (error.details.some((d) => d.path === "twoFactor")) return `Turn on two-factor authentication first: ${what} a code from your authenticator app.`;
  return error.details.length ? error.details.map((d) => (d.path ? `${d.path.replace(/^\//, "")}: ${d.message}` : d.message)).join("; ") : error.message;
}

export function useStepUp() {
  const [pending, setPending] = useState<{ retry: () => Promise<void>; fail: (error: unknown) => void } | null>(null);

  async function run(action: () => Promise<void>): Promise<void> {
    try {
      await action();
    } catch (error) {
      if (!(error instanceof ApiFailure) || error.code !== "STEP_UP_REQUIRED" || error.details.some((d) => d.path === "twoFactor")) throw error;
      await new Promise<void>((resolve, reject) => setPending({ retry: () => action().then(resolve), fail: reject }));
    }
  }

  const dialog = pending && (
    <StepUpDialog
      onDone={() => {
        setPending(null);
        pending.retry().catch(pending.fail);
      }}
      onCancel={() => {
        setPending(null);
        pending.fail(new ApiFailure(0, "CANCELLED", "Cancelled: nothing was changed."));
      }}
    />
  );
  return { run, dialog };
}

/**
 * A page's changes: each runs through the step-up dialog when needed; a refusal is said in
 * `notice`, and `version` moves on after every attempt (the page reloads what it shows: a
 * refused change leaves no control showing what did not happen).
 */
export function useChange() {
  const [version, setVersion] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const { run, dialog } = useStepUp();
  async function change(action: () => Promise<void>): Promise<boolean> {
    setMessage(null);
    try {
      await run(action);
      return true;
    } catch (error) {
      setMessage(stepUpRefusal(error));
      return false;
    } finally {
      setVersion((v) => v + 1);
    }
  }
  const notice: ComponentChildren = (
    <>
      {dialog}
      <Alert message={message} />
    </>
  );
  return { version, change, notice };
}

/**
 * Buttons downloading files of personal data (the leads list's CSV, a `pii` library report's
 * CSV and XLSX: lib/privacy/personal-data-export.ts). The server asks for a fresh second factor;
 * the step-up dialog asks for the code and the download runs again.
 */
export function PersonalDataDownloads({ files }: { files: { label: string; path: string; accept: string }[] }) {
  const { run, dialog } = useStepUp();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <>
      {dialog}
      {files.map((file) => (
        <button
          type="button"
          class="primary"
          disabled={busy}
          onClick={async () => {
            setMessage(null);
            setBusy(true);
            try {
              await run(async () => saveFile(await apiFile(file.path, file.accept)));
            } catch (error) {
              setMessage(stepUpRefusal(error, "exports need"));
            }
            setBusy(false);
          }}
        >
          {file.label}
        </button>
      ))}
      <Alert message={message} />
    </>
  );
}

function StepUpDialog({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [code, setCode] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby="step-up-title"
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          setMessage(null);
          try {
            await passSecondFactor({ code: code.replace(/\s/g, "") });
            onDone();
          } catch (error) {
            setMessage(refusal(error));
          }
        }}
      >
        <h2 id="step-up-title">Confirm it is you</h2>
        <p>This needs a fresh code from your authenticator app.</p>
        <label>
          6-digit code
          <input name="code" required autocomplete="one-time-code" inputMode="numeric" pattern="[0-9 ]{6,7}" value={code} onInput={(e) => setCode(e.currentTarget.value)} />
        </label>
        <Alert message={message} />
        <div class="actions">
          <button type="submit" class="primary">
            Confirm
          </button>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
