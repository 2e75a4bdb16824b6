import * as OTPAuth from "otpauth";
import QRCode from "qrcode";

/** RFC 6238 as authenticator apps implement it: SHA-1, 6 digits, 30 s steps, ±1 step accepted. */
export const TOTP_PERIOD_S = 30;
const WINDOW = 1;

function totp(secretBase32: string, label = "user"): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ issuer: "Tidemark", label, algorithm: "SHA1", digits: 6, period: TOTP_PERIOD_S, secret: OTPAuth.Secret.fromBase32(secretBase32) });
}

/** A new 160-bit secret (RFC 4226's recommendation), base32 as apps take it. */
export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

/** What the enrolment screen shows: the otpauth:// URI and its QR code as SVG. */
export async function totpEnrolment(secretBase32: string, email: string): Promise<{ secret: string; uri: string; qrSvg: string }> {
  const uri = totp(secretBase32, email).toString();
  const qrSvg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { secret: secretBase32, uri, qrSvg };
}

/**
 * The time step a code proves, or null: wrong, outside ±1 step, or of a step at or before the
 * last one accepted for this user (a code is good once: a replay is refused).
 */
export function acceptedTotpStep(secretBase32: string, code: string, lastStep: number | null, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secretBase32).validate({ token: code, timestamp: now, window: WINDOW });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / TOTP_PERIOD_S) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}
