import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { must, type TestStack } from "../helpers/stack.ts";
import type { Mailbox } from "../helpers/mailbox.ts";
import { authenticator, Browser, dashboardAccounts, errorCode, startDashboardStack } from "../helpers/session-browser.ts";

const ORIGIN = "http://dashboard.test";
const MIN = 60_000;
let stack: TestStack;
let mailbox: Mailbox;
let org: string;
let accounts: ReturnType<typeof dashboardAccounts>;
let close: () => Promise<void>;
beforeAll(async () => ({ stack, mailbox, org, accounts, close } = await startDashboardStack(ORIGIN)));
afterAll(() => close());

const browser = () => new Browser(stack, ORIGIN);
const signedIn = (email: string, password: string) => accounts.signedIn(email, password);
const member = (email: string, role: string, password?: string) => accounts.member(org, email, role, password);
const verifiedMember = (email: string, role: string) => accounts.verifiedMember(org, email, role);

describe("sign-in and the read API", () => {
  test("the owner signs in with the bootstrap password; the cookie reads a route with the same answer as the key", async () => {
    const b = browser();
    const res = await b.signIn("owner@localhost", stack.bootstrap!.ownerPassword);
    expect(res.status).toBe(200);
    const setCookie = res.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^tm_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200$/);
    const session = await res.json();
    expect(session.user).toMatchObject({ email: "owner@localhost", emailVerified: true, twoFactorEnabled: false });
    expect(session.orgs).toEqual([{ id: org, name: "My organization", role: "owner", requireTwoFactor: false }]);
    expect(session.twoFactorRequired).toBe(false);
    expect(session.stepUpUntil).toBeNull();
    expect(Date.parse(session.idleExpiresAt) - stack.clock.ms).toBe(30 * MIN);
    expect(Date.parse(session.expiresAt) - stack.clock.ms).toBe(12 * 60 * MIN);

    const bySession = await b.call("GET", `/api/v1/orgs/${org}/sites`);
    const byKey = await stack.api(`/api/v1/orgs/${org}/sites`, stack.bootstrap!.key);
    expect(bySession.status).toBe(200);
    expect(await bySession.json()).toEqual(await byKey.json());
    expect(bySession.headers.get("x-ratelimit-limit")).toBe("300");
    // Outside the user's orgs: 404, never revealing the org.
    expect((await b.call("GET", `/api/v1/orgs/${"0".repeat(24)}/sites`)).status).toBe(404);
  });

  test("no cookie or an unknown one → 401 UNAUTHENTICATED; a wrong password and an unknown e-mail get the same 401", async () => {
    const b = browser();
    expect(await errorCode(await b.call("GET", "/api/v1/session"))).toBe("UNAUTHENTICATED");
    b.cookie = `tm_session=${"A".repeat(43)}`;
    expect(await errorCode(await b.call("GET", `/api/v1/orgs/${org}/sites`))).toBe("UNAUTHENTICATED");
    const wrong = await browser().signIn("owner@localhost", "not the password at all");
    const unknown = await browser().signIn("nobody@example.com", "not the password at all");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect((await wrong.json()).error.message).toBe((await unknown.json()).error.message);
  });

  test("a bearer key wins over a cookie sent beside it; key behaviour is unchanged", async () => {
    const b = browser();
    b.cookie = `tm_session=${"A".repeat(43)}`;
    const res = await b.call("GET", `/api/v1/orgs/${org}/sites`, undefined, { authorization: `Bearer ${stack.bootstrap!.key}` });
    expect(res.status).toBe(200);
    expect(await errorCode(await stack.api(`/api/v1/orgs/${org}/sites`, "exk_nope"))).toBe("UNAUTHENTICATED");
  });

  test("a cross-origin POST is refused 403 FORBIDDEN (sign-in and a session's POST read route alike)", async () => {
    const evil = await browser().call("POST", "/api/v1/session", { email: "owner@localhost", password: stack.bootstrap!.ownerPassword }, { origin: "https://evil.example" });
    expect(evil.status).toBe(403);
    const body = await evil.json();
    expect(body.error.code).toBe("FORBIDDEN");
    expect(body.error.details[0].path).toBe("origin");
    const b = await signedIn("owner@localhost", stack.bootstrap!.ownerPassword);
    const explore = await b.call("POST", `/api/v1/orgs/${org}/sites/${stack.bootstrap!.siteId}/explore`, { metrics: ["visitors"] }, { origin: "https://evil.example" });
    expect(explore.status).toBe(403);
    expect(await errorCode(explore)).toBe("FORBIDDEN");
  });
});

describe("e-mail verification through a real SMTP server", () => {
  test("403 EMAIL_NOT_VERIFIED until the mailed link's token is posted; a viewer then reads but lacks leads (403)", async () => {
    const m = member("vera@example.com", "viewer");
    const b = await signedIn("vera@example.com", m.password);
    const session = await (await b.call("GET", "/api/v1/session")).json();
    expect(session.user.emailVerified).toBe(false);
    expect(await errorCode(await b.call("GET", `/api/v1/orgs/${org}/sites`))).toBe("EMAIL_NOT_VERIFIED");
    const mail = await mailbox.next("vera@example.com");
    expect(mail.subject).toBe("Verify your e-mail address for Tidemark");
    const link = /(http:\/\/dashboard\.test\/verify-email\?token=[A-Za-z0-9_-]{43})/.exec(mail.text ?? "")![1];
    const token = new URL(link).searchParams.get("token")!;
    const verified = await browser().call("POST", "/api/v1/email-verification", { token });
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({ verified: true });
    // The link works once.
    expect(await errorCode(await browser().call("POST", "/api/v1/email-verification", { token }))).toBe("VALIDATION_FAILED");
    expect((await b.call("GET", `/api/v1/orgs/${org}/sites`)).status).toBe(200);
    const leads = await b.call("GET", `/api/v1/orgs/${org}/sites/${stack.bootstrap!.siteId}/leads`);
    expect(leads.status).toBe(403);
    expect((await leads.json()).error.details[0]).toEqual({ path: "permission", message: "leads.read" });
    // A new link on request (202), then 409 once verified.
    expect(await errorCode(await b.call("POST", "/api/v1/session/email-verification"))).toBe("CONFLICT");
  });
});

describe("the account lock", () => {
  test("ten wrong passwords in 15 minutes → 423 ACCOUNT_LOCKED with Retry-After; admin user unlock lifts it", async () => {
    const m = member("lou@example.com", "analyst");
    for (let i = 1; i <= 9; i++) expect((await browser().signIn("lou@example.com", `wrong password ${i}`)).status).toBe(401);
    const tenth = await browser().signIn("lou@example.com", "wrong password 10");
    expect(tenth.status).toBe(423);
    expect(tenth.headers.get("retry-after")).toBe("900");
    expect((await tenth.json()).error.code).toBe("ACCOUNT_LOCKED");
    stack.clock.advance(5 * MIN);
    const right = await browser().signIn("lou@example.com", m.password);
    expect(right.status).toBe(423);
    expect(right.headers.get("retry-after")).toBe("600");
    const unlocked = stack.admin("user", "unlock", "--email", "lou@example.com");
    expect(unlocked.code).toBe(0);
    expect(unlocked.json).toEqual({ id: m.id, email: "lou@example.com", locked: false });
    expect((await browser().signIn("lou@example.com", m.password)).status).toBe(200);
    const audit = await (await stack.api(`/api/v1/orgs/${org}/audit?action=user.locked`, stack.bootstrap!.key)).json();
    expect(audit.rows.length).toBe(1);
    const failed = await (await stack.api(`/api/v1/orgs/${org}/audit?action=user.login_failed&q=lou`, stack.bootstrap!.key)).json();
    expect(failed.total).toBe(10);
  });
});

describe("two-factor", () => {
  test("enrol with a computed code, then 401 TWO_FACTOR_REQUIRED after a new sign-in until a fresh code; replay refused; recovery codes once; step-up", async () => {
    const { browser: b, password } = await verifiedMember("tess@example.com", "admin");
    const enrol = await (await b.call("POST", "/api/v1/me/two-factor", { password })).json();
    expect(enrol.uri).toStartWith("otpauth://totp/Tidemark:tess%40example.com?");
    expect(enrol.qrSvg).toStartWith("<svg");
    const app = authenticator(enrol.secret);
    const wrong = await b.call("POST", "/api/v1/me/two-factor/confirm", { code: app.generate({ timestamp: stack.clock.ms - 5 * MIN }) });
    expect(wrong.status).toBe(422);
    const confirmed = await b.call("POST", "/api/v1/me/two-factor/confirm", { code: app.generate({ timestamp: stack.clock.ms }) });
    expect(confirmed.status).toBe(200);
    const { recoveryCodes } = await confirmed.json();
    expect(recoveryCodes).toHaveLength(10);
    const usedCode = app.generate({ timestamp: stack.clock.ms });

    expect((await b.call("DELETE", "/api/v1/session")).status).toBe(204);
    const c = await signedIn("tess@example.com", password);
    expect((await (await c.call("GET", "/api/v1/session")).json()).twoFactorRequired).toBe(true);
    expect(await errorCode(await c.call("GET", `/api/v1/orgs/${org}/sites`))).toBe("TWO_FACTOR_REQUIRED");
    // The code used at enrolment is refused (replay), and is reported on the code field.
    const replay = await c.call("POST", "/api/v1/session/second-factor", { code: usedCode });
    expect(replay.status).toBe(401);
    expect((await replay.json()).error.details).toEqual([{ path: "code", message: "is wrong or already used" }]);
    stack.clock.advance(30_000);
    const passed = await c.call("POST", "/api/v1/session/second-factor", { code: app.generate({ timestamp: stack.clock.ms }) });
    expect(passed.status).toBe(200);
    const view = await passed.json();
    expect(view.twoFactorRequired).toBe(false);
    expect(Date.parse(view.stepUpUntil)).toBe(stack.clock.ms + 15 * MIN);
    expect((await c.call("GET", `/api/v1/orgs/${org}/sites`)).status).toBe(200);

    // A recovery code works once.
    const d = await signedIn("tess@example.com", password);
    expect((await d.call("POST", "/api/v1/session/second-factor", { recoveryCode: recoveryCodes[0].toUpperCase() })).status).toBe(200);
    const e = await signedIn("tess@example.com", password);
    const again = await e.call("POST", "/api/v1/session/second-factor", { recoveryCode: recoveryCodes[0] });
    expect(again.status).toBe(401);
    expect((await again.json()).error.details[0].path).toBe("recoveryCode");

    // Step-up: 16 minutes after the second factor, turning 2FA off needs a new one.
    stack.clock.advance(16 * MIN);
    expect(await errorCode(await c.call("DELETE", "/api/v1/me/two-factor", { password }))).toBe("STEP_UP_REQUIRED");
    expect((await c.call("POST", "/api/v1/session/second-factor", { recoveryCode: recoveryCodes[1] })).status).toBe(200);
    expect((await c.call("DELETE", "/api/v1/me/two-factor", { password })).status).toBe(204);
    expect((await (await c.call("GET", "/api/v1/session")).json()).user.twoFactorEnabled).toBe(false);
    const actions = (await (await stack.api(`/api/v1/orgs/${org}/audit?q=tess`, stack.bootstrap!.key)).json()).actions as string[];
    for (const a of ["user.login", "user.logout", "user.2fa_enabled", "user.2fa_disabled", "user.email_verified"]) expect(actions).toContain(a);
  });

  test("admin user reset-2fa turns it off; an org that requires 2FA sends members to enrolment", async () => {
    const { browser: b, password } = await verifiedMember("ruth@example.com", "analyst");
    const enrol = await (await b.call("POST", "/api/v1/me/two-factor", { password })).json();
    expect((await b.call("POST", "/api/v1/me/two-factor/confirm", { code: authenticator(enrol.secret).generate({ timestamp: stack.clock.ms }) })).status).toBe(200);
    const reset = stack.admin("user", "reset-2fa", "--email", "ruth@example.com");
    expect(reset.code).toBe(0);
    expect(reset.json.twoFactorEnabled).toBe(false);
    expect((await (await b.call("GET", "/api/v1/session")).json()).user.twoFactorEnabled).toBe(false);

    // The org now requires two-factor: a new member verifies the e-mail, is refused reads until enrolled, and may enrol.
    expect(must(stack.admin("org", "two-factor", "--org", org, "--require", "on"))).toEqual({ id: org, requireTwoFactor: true });
    try {
      const { browser: u, password: umaPassword } = await verifiedMember("uma@example.com", "viewer");
      const view = await (await u.call("GET", "/api/v1/session")).json();
      expect(view.twoFactorRequired).toBe(true);
      expect(await errorCode(await u.call("GET", `/api/v1/orgs/${org}/sites`))).toBe("TWO_FACTOR_REQUIRED");
      const enrolment = await (await u.call("POST", "/api/v1/me/two-factor", { password: umaPassword })).json();
      expect((await u.call("POST", "/api/v1/me/two-factor/confirm", { code: authenticator(enrolment.secret).generate({ timestamp: stack.clock.ms }) })).status).toBe(200);
      expect((await u.call("GET", `/api/v1/orgs/${org}/sites`)).status).toBe(200);
    } finally {
      must(stack.admin("org", "two-factor", "--org", org, "--require", "off"));
    }
  });
});

describe("session ends", () => {
  test("idle 30 minutes → 401 SESSION_EXPIRED; calls within keep it alive up to 12 hours, then SESSION_EXPIRED", async () => {
    const owner = stack.bootstrap!.ownerPassword;
    const idle = await signedIn("owner@localhost", owner);
    stack.clock.advance(29 * MIN);
    expect((await idle.call("GET", `/api/v1/orgs/${org}/sites`)).status).toBe(200);
    stack.clock.advance(30 * MIN + 1);
    expect(await errorCode(await idle.call("GET", `/api/v1/orgs/${org}/sites`))).toBe("SESSION_EXPIRED");
    expect(await errorCode(await idle.call("GET", "/api/v1/session"))).toBe("SESSION_EXPIRED");

    const busy = await signedIn("owner@localhost", owner);
    for (let t = 0; t < 12 * 60 - 20; t += 20) {
      stack.clock.advance(20 * MIN);
      expect((await busy.call("GET", "/api/v1/session")).status).toBe(200);
    }
    stack.clock.advance(20 * MIN);
    expect(await errorCode(await busy.call("GET", "/api/v1/session"))).toBe("SESSION_EXPIRED");
  });

  test("sign-out and a password change revoke; the changing session lives on", async () => {
    const m = member("pat@example.com", "viewer");
    const a = await signedIn("pat@example.com", m.password);
    const b = await signedIn("pat@example.com", m.password);
    const out = await signedIn("pat@example.com", m.password);
    const kept = out.cookie;
    expect((await out.call("DELETE", "/api/v1/session")).status).toBe(204);
    out.cookie = kept;
    expect(await errorCode(await out.call("GET", "/api/v1/session"))).toBe("SESSION_EXPIRED");

    const weak = await a.call("POST", "/api/v1/me/password", { currentPassword: m.password, newPassword: "password123" });
    expect(weak.status).toBe(403); // e-mail not verified yet: the rule comes first
    const { browser: v, password } = await verifiedMember("quinn@example.com", "viewer");
    const other = await signedIn("quinn@example.com", password);
    const common = await v.call("POST", "/api/v1/me/password", { currentPassword: password, newPassword: "password123" });
    expect(common.status).toBe(422);
    expect((await common.json()).error.details[0].path).toBe("newPassword");
    const badCurrent = await v.call("POST", "/api/v1/me/password", { currentPassword: "not my password", newPassword: "a brand new pass phrase" });
    expect(badCurrent.status).toBe(401);
    expect((await v.call("POST", "/api/v1/me/password", { currentPassword: password, newPassword: "a brand new pass phrase" })).status).toBe(204);
    expect((await v.call("GET", "/api/v1/session")).status).toBe(200);
    expect(await errorCode(await other.call("GET", "/api/v1/session"))).toBe("SESSION_EXPIRED");
    expect((await browser().signIn("quinn@example.com", password)).status).toBe(401);
    expect((await browser().signIn("quinn@example.com", "a brand new pass phrase")).status).toBe(200);
    void b;
  });

  test("a removed member's sessions end; signed in again, the org answers 404 and is not listed", async () => {
    const { browser: b, id, password } = await verifiedMember("rex@example.com", "viewer");
    expect((await b.call("GET", `/api/v1/orgs/${org}/sites`)).status).toBe(200);
    must(stack.admin("user", "remove", "--org", org, "--user", id));
    expect(await errorCode(await b.call("GET", `/api/v1/orgs/${org}/sites`))).toBe("SESSION_EXPIRED");
    const again = browser();
    expect((await again.signIn("rex@example.com", password)).status).toBe(200);
    expect((await again.call("GET", `/api/v1/orgs/${org}/sites`)).status).toBe(404);
    expect((await (await again.call("GET", "/api/v1/session")).json()).orgs).toEqual([]);
  });
});

describe("bad bodies → 422 with the field, never 500", () => {
  const cases: [string, string, unknown, string][] = [
    ["POST", "/api/v1/session", {}, "email"],
    ["POST", "/api/v1/session", { email: "x", password: "long enough" }, "email"],
    ["POST", "/api/v1/session", { email: "a@b.c", password: 5 }, "password"],
    ["POST", "/api/v1/email-verification", { token: 12 }, "token"],
    ["POST", "/api/v1/email-verification", { token: "short" }, "token"],
  ];
  for (const [method, path, body, field] of cases) {
    test(`${method} ${path} ${JSON.stringify(body)} → 422 naming ${field}`, async () => {
      const res = await browser().call(method, path, body);
      expect(res.status).toBe(422);
      const error = (await res.json()).error;
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.details.map((d: { path: string }) => d.path)).toContain(field);
    });
  }

  test("session routes with a session: bad second-factor, password and confirm bodies → 422", async () => {
    const b = await signedIn("owner@localhost", stack.bootstrap!.ownerPassword);
    for (const [path, body, field] of [
      ["/api/v1/session/second-factor", { code: "12ab56" }, "code"],
      ["/api/v1/me/password", { newPassword: "a new pass phrase" }, "currentPassword"],
      ["/api/v1/me/two-factor/confirm", { code: 123456 }, "code"],
    ] as const) {
      const res = await b.call("POST", path, body);
      expect(res.status).toBe(422);
      expect(JSON.stringify((await res.json()).error.details)).toContain(field);
    }
    // No body at all is not JSON: 400, as on every JSON route.
    const empty = await b.call("POST", "/api/v1/session", undefined, { "content-type": "application/json" });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.code).toBe("BAD_REQUEST");
  });
});
