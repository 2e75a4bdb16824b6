import { t, type Static } from "elysia";
import { Id, Timestamp } from "./models.ts";
import { ROLES } from "../auth/permissions.ts";
import { MAX_PASSWORD_LENGTH } from "../auth/passwords.ts";
import { RECOVERY_CODE_COUNT } from "../auth/recovery-codes.ts";

/** TypeBox models of the dashboard's session routes (contract: docs/api.md "Sessions"). */

const Email = t.String({ minLength: 3, maxLength: 254, pattern: "^[^\\s@]+@[^\\s@]+$", error: "must be an e-mail address" });
const Password = (what: string) => t.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH, error: `${what} must be a string of 1 to ${MAX_PASSWORD_LENGTH} characters` });
const TotpCode = t.String({ pattern: "^\\d{6}$", error: "must be the 6 digits the authenticator app shows" });

export const SignInBody = t.Object({ email: Email, password: Password("password") }, { additionalProperties: false });

export const SecondFactorBody = t.Union(
  [
    t.Object({ code: TotpCode }, { additionalProperties: false }),
    t.Object({ recoveryCode: t.String({ minLength: 1, maxLength: 40, error: "must be one of your recovery codes" }) }, { additionalProperties: false }),
  ],
  { error: "must be { code } (6 digits) or { recoveryCode }" },
);

export const EmailTokenBody = t.Object({ token: t.String({ pattern: "^[A-Za-z0-9_-]{43}$", error: "must be the token of the verification link" }) }, { additionalProperties: false });

export const PasswordChangeBody = t.Object({ currentPassword: Password("currentPassword"), newPassword: Password("newPassword") }, { additionalProperties: false });

/** Starting a two-factor enrolment and turning two-factor off first prove the password again. */
export const PasswordProofBody = t.Object({ password: Password("password") }, { additionalProperties: false });

export const TwoFactorConfirmBody = t.Object({ code: TotpCode }, { additionalProperties: false });

export const Session = t.Object(
  {
    user: t.Object({ id: Id, name: t.String(), email: t.String(), emailVerified: t.Boolean(), twoFactorEnabled: t.Boolean() }),
    orgs: t.Array(t.Object({ id: Id, name: t.String(), role: t.UnionEnum(ROLES as unknown as ["owner", "admin", "analyst", "viewer"]), requireTwoFactor: t.Boolean() })),
    twoFactorRequired: t.Boolean({ description: "2FA is enabled (or required by an org) but not passed in this session" }),
    stepUpUntil: t.Union([Timestamp, t.Null()], { description: "Sensitive changes are allowed until then (second factor + 15 min)" }),
    idleExpiresAt: Timestamp,
    expiresAt: Timestamp,
  },
  { $id: "Session", title: "Session" },
);
export type Session = Static<typeof Session>;

export const EmailVerified = t.Object({ verified: t.Literal(true) });
export const TwoFactorEnrolment = t.Object({
  secret: t.String({ description: "Base32 TOTP secret, for typing into an app" }),
  uri: t.String({ description: "otpauth:// URI" }),
  qrSvg: t.String({ description: "The URI as a QR code (SVG)" }),
});
export const RecoveryCodes = t.Object({ recoveryCodes: t.Array(t.String(), { minItems: RECOVERY_CODE_COUNT, maxItems: RECOVERY_CODE_COUNT, description: "Shown once; each works once" }) });
