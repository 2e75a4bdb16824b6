import { expect, test } from "bun:test";
import * as OTPAuth from "otpauth";
import { ADDRESS_RULE, FIRST_LOCK_MS, LONGEST_LOCK_MS, lockAt } from "../../lib/auth/lock.ts";
import { acceptedTotpStep, newTotpSecret, totpEnrolment } from "../../lib/auth/totp.ts";
import { newRecoveryCodes, recoveryCodeHash } from "../../lib/auth/recovery-codes.ts";
import { generatePassword, hashPassword, passwordMatches, passwordProblem } from "../../lib/auth/passwords.ts";
import { checkOrigin, checkSessionRules, checkStepUp, type SessionState } from "../../lib/auth/session-rules.ts";
import { sessionEnds } from "../../lib/auth/sessions.ts";
import { ApiError } from "../../lib/errors.ts";

const MIN = 60_000;
const T0 = Date.UTC(2026, 0, 5, 12, 0, 0);

test("lock: 10 attempts within 15 min lock for 15 min after the 10th; 9, or 10 spread wider, do not; each further lock lasts twice as long, up to 4 h", () => {
  const at = (times: number[]) => times.map((t, i) => ({ id: i + 1, at: t }));
  const ten = Array.from({ length: 10 }, (_, i) => T0 + i * MIN);
  expect(lockAt(at(ten.slice(0, 9)), ADDRESS_RULE, T0 + 9 * MIN)).toBeNull();
  expect(lockAt(at(ten), ADDRESS_RULE, T0 + 9 * MIN)).toEqual({ until: T0 + 9 * MIN + FIRST_LOCK_MS, startedBy: 10 });
  expect(lockAt(at(ten), ADDRESS_RULE, T0 + 9 * MIN + FIRST_LOCK_MS - 1)?.until).toBe(T0 + 9 * MIN + FIRST_LOCK_MS);
  expect(lockAt(at(ten), ADDRESS_RULE, T0 + 9 * MIN + FIRST_LOCK_MS)).toBeNull();
  // The 10th attempt 15 min + 1 ms after the 1st: no window holds ten.
  const spread = [...ten.slice(0, 9), T0 + ADDRESS_RULE.windowMs + 1];
  expect(lockAt(at(spread), ADDRESS_RULE, T0 + ADDRESS_RULE.windowMs + 1)).toBeNull();
  const edge = [...ten.slice(0, 9), T0 + ADDRESS_RULE.windowMs];
  expect(lockAt(at(edge), ADDRESS_RULE, T0 + ADDRESS_RULE.windowMs)?.until).toBe(T0 + ADDRESS_RULE.windowMs + FIRST_LOCK_MS);

  // Attempts during a lock (from a source it spares) do not count; after it, ten more lock for 30 min, then 60, … up to 4 h.
  let times = [...ten, T0 + 10 * MIN];
  let end = T0 + 9 * MIN + FIRST_LOCK_MS;
  const durations: number[] = [];
  for (let lock = 1; lock <= 6; lock++) {
    const batch = Array.from({ length: 10 }, (_, i) => end + i * 1000);
    times = [...times, ...batch];
    const now = batch[9];
    const found = lockAt(at(times), ADDRESS_RULE, now)!;
    expect(found.startedBy).toBe(times.length);
    durations.push((found.until - now) / MIN);
    end = found.until;
  }
  expect(durations).toEqual([30, 60, 120, 240, 240, 240]);
  expect(LONGEST_LOCK_MS).toBe(240 * MIN);
});

test("TOTP: a code of the current step or ±1 is accepted once; older, wrong or replayed codes are refused", async () => {
  const secret = newTotpSecret();
  const app = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" });
  const now = T0 + 7_000;
  const step = Math.floor(now / 30_000);
  expect(acceptedTotpStep(secret, app.generate({ timestamp: now }), null, now)).toBe(step);
  expect(acceptedTotpStep(secret, app.generate({ timestamp: now - 30_000 }), null, now)).toBe(step - 1);
  expect(acceptedTotpStep(secret, app.generate({ timestamp: now + 30_000 }), null, now)).toBe(step + 1);
  expect(acceptedTotpStep(secret, app.generate({ timestamp: now - 60_000 }), null, now)).toBeNull();
  // Replay: the step was accepted already, and so was a later one.
  expect(acceptedTotpStep(secret, app.generate({ timestamp: now }), step, now)).toBeNull();
  expect(acceptedTotpStep(secret, app.generate({ timestamp: now - 30_000 }), step - 1, now)).toBeNull();
  expect(acceptedTotpStep(secret, app.generate({ timestamp: now + 30_000 }), step, now)).toBe(step + 1);
  for (const bad of ["12345", "1234567", "abcdef", ""]) expect(acceptedTotpStep(secret, bad, null, now)).toBeNull();
  const enrolment = await totpEnrolment(secret, "ann@example.com");
  expect(enrolment.uri).toStartWith("otpauth://totp/Tidemark:ann%40example.com?");
  expect(enrolment.uri).toContain(`secret=${secret}`);
  expect(enrolment.qrSvg).toStartWith("<svg");
});

test("recovery codes: ten distinct codes; typed back in any case, with or without the dash, they hash alike", () => {
  const codes = newRecoveryCodes();
  expect(codes).toHaveLength(10);
  expect(new Set(codes).size).toBe(10);
  for (const c of codes) expect(c).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
  expect(recoveryCodeHash(codes[0].toUpperCase().replace("-", " "))).toBe(recoveryCodeHash(codes[0]));
  expect(recoveryCodeHash(codes[0])).not.toBe(recoveryCodeHash(codes[1]));
});

test("password rule: 10+ characters, not a common password (any case), not the e-mail", async () => {
  expect(await passwordProblem("short1!", "a@b.c")).toMatch(/at least 10/);
  expect(await passwordProblem("qwertyuiop", "a@b.c")).toMatch(/common/);
  expect(await passwordProblem("Password123", "a@b.c")).toMatch(/common/);
  expect(await passwordProblem("Ann@Example.com", "ann@example.com")).toMatch(/e-mail/);
  expect(await passwordProblem("correct horse battery staple", "ann@example.com")).toBeNull();
  expect(await passwordProblem("x".repeat(201), "a@b.c")).toMatch(/at most 200/);
  const generated = generatePassword();
  expect(generated).toMatch(/^[a-zA-Z2-9]{20}$/);
  expect(await passwordProblem(generated, "a@b.c")).toBeNull();
});

test("passwords are stored as argon2id with the configured cost and verified", async () => {
  const hash = await hashPassword("correct horse battery staple", { passwordHashMemoryKib: 4096, passwordHashTime: 1 });
  expect(hash).toStartWith("$argon2id$v=19$m=4096,t=1,");
  expect(await passwordMatches("correct horse battery staple", hash)).toBe(true);
  expect(await passwordMatches("correct horse battery stapler", hash)).toBe(false);
  expect(await passwordMatches("anything", null)).toBe(false);
  expect(await passwordMatches("anything", "not a hash")).toBe(false);
});

const codeOf = (fn: () => void) => {
  try {
    fn();
    return null;
  } catch (error) {
    return (error as ApiError).code;
  }
};

test("session rules (DESIGN 12): second factor first, then e-mail, with the table's exceptions", () => {
  const ok: SessionState = { emailVerified: true, twoFactorEnabled: false, twoFactorRequiredByOrg: false, secondFactorAt: null };
  expect(codeOf(() => checkSessionRules(ok, "other"))).toBeNull();
  const unverified = { ...ok, emailVerified: false };
  expect(codeOf(() => checkSessionRules(unverified, "other"))).toBe("EMAIL_NOT_VERIFIED");
  expect(codeOf(() => checkSessionRules(unverified, "enrolment"))).toBe("EMAIL_NOT_VERIFIED");
  for (const k of ["session", "second-factor", "email-verification"] as const) expect(codeOf(() => checkSessionRules(unverified, k))).toBeNull();
  const pending = { ...ok, twoFactorEnabled: true };
  expect(codeOf(() => checkSessionRules(pending, "other"))).toBe("TWO_FACTOR_REQUIRED");
  expect(codeOf(() => checkSessionRules(pending, "enrolment"))).toBe("TWO_FACTOR_REQUIRED");
  expect(codeOf(() => checkSessionRules({ ...pending, emailVerified: false }, "other"))).toBe("TWO_FACTOR_REQUIRED");
  expect(codeOf(() => checkSessionRules({ ...pending, secondFactorAt: T0 }, "other"))).toBeNull();
  const required = { ...ok, twoFactorRequiredByOrg: true };
  expect(codeOf(() => checkSessionRules(required, "other"))).toBe("TWO_FACTOR_REQUIRED");
  expect(codeOf(() => checkSessionRules(required, "enrolment"))).toBeNull();
});

test("step-up: a second factor from the last 15 minutes; CSRF: state-changing calls need our Origin", () => {
  expect(codeOf(() => checkStepUp(null, T0))).toBe("STEP_UP_REQUIRED");
  expect(codeOf(() => checkStepUp(T0 - 15 * MIN, T0))).toBeNull();
  expect(codeOf(() => checkStepUp(T0 - 15 * MIN - 1, T0))).toBe("STEP_UP_REQUIRED");
  expect(codeOf(() => checkOrigin("GET", null, "https://stats.example.com"))).toBeNull();
  expect(codeOf(() => checkOrigin("POST", "https://stats.example.com", "https://stats.example.com"))).toBeNull();
  for (const origin of [null, "https://evil.example", "http://stats.example.com", "https://stats.example.com:8443"]) {
    expect(codeOf(() => checkOrigin("POST", origin, "https://stats.example.com"))).toBe("FORBIDDEN");
    expect(codeOf(() => checkOrigin("DELETE", origin, "https://stats.example.com"))).toBe("FORBIDDEN");
  }
});

test("session ends: idle 30 min after the last call, never later than 12 h after sign-in", () => {
  const limits = { sessionIdleMinutes: 30, sessionMaxHours: 12 };
  expect(sessionEnds({ createdAt: T0, lastSeenAt: T0 }, limits)).toEqual({ idleExpiresAt: T0 + 30 * MIN, expiresAt: T0 + 12 * 60 * MIN });
  expect(sessionEnds({ createdAt: T0, lastSeenAt: T0 + 11.9 * 60 * MIN }, limits).idleExpiresAt).toBe(T0 + 12 * 60 * MIN);
});
