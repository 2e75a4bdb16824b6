import { ApiError } from "../errors.ts";
import { checkStepUp } from "../auth/session-rules.ts";

/**
 * The one rule for every file of personal data (spec 4.10, 5.6; docs/decisions.md "Personal-data
 * exports"): the leads list's `format=csv`, a `pii` library report as CSV or XLSX. Keys never
 * satisfy the interactive two-factor check, so a key is refused whatever it holds; a session
 * needs two-factor on and a second factor from the last 15 minutes.
 */

/** Who asks for the file: an API key (keyId set) or a dashboard session with its second-factor state (lib/auth/context.ts). */
export interface ExportCaller {
  keyId: string | null;
  /** When the session last passed a second factor (ms); null = never. */
  secondFactorAt?: number | null;
  twoFactorEnabled?: boolean;
}

/** Whether the caller can export personal data at all: an interactive session of a user with two-factor on (a step-up may still be due). */
export const canExportPersonalData = (caller: ExportCaller) => caller.keyId === null && caller.twoFactorEnabled === true;

/**
 * Throws unless the caller may have a file of personal data now: a key → 403 FORBIDDEN (details
 * path `format`: a key can never step up, so no step-up is offered); a session → the step-up
 * check (403 STEP_UP_REQUIRED, details path `twoFactor` when two-factor is off).
 */
export function checkPersonalDataExport(caller: ExportCaller, format: string, now: number): void {
  if (caller.keyId !== null) {
    throw new ApiError("FORBIDDEN", "A file of personal data needs an interactive session with two-factor authentication; API keys cannot export personal data", [
      { path: "format", message: `${format} export needs an interactive two-factor session, not an API key` },
    ]);
  }
  checkStepUp(caller.secondFactorAt ?? null, now, caller.twoFactorEnabled === true);
}
