import { ApiError } from "../errors.ts";

/** A second factor confirmed this long ago still allows sensitive changes (DESIGN 12). */
export const STEP_UP_WINDOW_MS = 15 * 60_000;

/**
 * What a session call is, for DESIGN 12's rules: `session` (GET/DELETE /session), the
 * `second-factor` step, `email-verification` (sending or using a link), two-factor
 * `enrolment`, and everything else.
 */
export type SessionCallKind = "session" | "second-factor" | "email-verification" | "enrolment" | "other";

export interface SessionState {
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  /** An org the user belongs to requires two-factor. */
  twoFactorRequiredByOrg: boolean;
  /** When the session passed the second factor, or enrolled it. */
  secondFactorAt: number | null;
}

/** 2FA enabled (or required by an org) and not passed in this session. */
export const secondFactorMissing = (s: SessionState) => (s.twoFactorEnabled || s.twoFactorRequiredByOrg) && s.secondFactorAt === null;

/**
 * The rules every session call passes, in order: the second factor (401 TWO_FACTOR_REQUIRED),
 * then the e-mail (403 EMAIL_NOT_VERIFIED). Sending and using a verification link never needs
 * the second factor: a member of an org that requires 2FA must verify before enrolling.
 */
export function checkSessionRules(state: SessionState, kind: SessionCallKind): void {
  if (kind === "session" || kind === "second-factor") return;
  const enrolling = kind === "enrolment" && !state.twoFactorEnabled;
  if (secondFactorMissing(state) && !enrolling && kind !== "email-verification") {
    throw new ApiError("TWO_FACTOR_REQUIRED", "Confirm the second factor first (POST /api/v1/session/second-factor)");
  }
  if (!state.emailVerified && kind !== "email-verification") {
    throw new ApiError("EMAIL_NOT_VERIFIED", "Verify your e-mail address first: follow the link we sent (POST /api/v1/session/email-verification sends a new one)");
  }
}

/**
 * Sensitive changes need a second factor confirmed in the last 15 minutes (403 STEP_UP_REQUIRED).
 * A user without two-factor cannot step up at all: the same code, saying to enable it first.
 */
export function checkStepUp(secondFactorAt: number | null, now: number, twoFactorEnabled = true): void {
  if (!twoFactorEnabled) {
    throw new ApiError("STEP_UP_REQUIRED", "This change needs a second factor: enable two-factor first (POST /api/v1/me/two-factor)", [{ path: "twoFactor", message: "enable two-factor first" }]);
  }
  if (secondFactorAt === null || now - secondFactorAt > STEP_UP_WINDOW_MS) {
    throw new ApiError("STEP_UP_REQUIRED", "This change needs a second-factor confirmation from the last 15 minutes (POST /api/v1/session/second-factor)");
  }
}

/** CSRF: a state-changing session call must come from the dashboard's own origin. */
export function checkOrigin(method: string, origin: string | null, publicUrl: string): void {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return;
  if (origin === null || origin !== new URL(publicUrl).origin) {
    throw new ApiError("FORBIDDEN", "Cross-origin request refused: the Origin header must be this dashboard's", [{ path: "origin", message: origin === null ? "missing" : `${origin} is not ${new URL(publicUrl).origin}` }]);
  }
}
