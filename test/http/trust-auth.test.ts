import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import type { TestStack } from "../helpers/stack.ts";
import { authenticator, Browser, errorCode, startDashboardStack } from "../helpers/session-browser.ts";

// Issue 32, items 1 to 3: the sign-in lock bounds guesses whatever the concurrency, answers known
// and unknown addresses alike, cannot shut the owner out of where they sign in from, and enrolling
// two-factor needs the password and is no step-up. The client address comes from X-Forwarded-For.
const ORIGIN = "http://dashboard.test";
const MIN = 60_000;
let dashboard: Awaited<ReturnType<typeof startDashboardStack>>;
let stack: TestStack, org: string, accounts: typeof dashboard.accounts;
beforeAll(async () => {
  dashboard = await startDashboardStack(ORIGIN, { TRUST_PROXY: "1" });
  ({ stack, org, accounts } = dashboard);
});
afterAll(() => dashboard.close());

const signInFrom = (source: string, email: string, password: string) => new Browser(stack, ORIGIN).call("POST", "/api/v1/session", { email, password }, { "x-forwarded-for": source });
const statuses = (answers: Response[]) => answers.map((a) => a.status).reduce<Record<number, number>>((n, s) => ({ ...n, [s]: (n[s] ?? 0) + 1 }), {});
const auditCount = async (action: string, who: string) =>
  ((await (await stack.api(`/api/v1/orgs/${org}/audit?action=${action}&q=${who}`, stack.bootstrap!.key)).json()) as { total: number }).total;
/** An answer without its request id, which differs on every answer. */
const comparable = async (res: Response) => {
  const body = (await res.json()) as { error: Record<string, unknown> };
  delete body.error.requestId;
  return { status: res.status, retryAfter: res.headers.get("retry-after"), body };
};

describe("the sign-in lock", () => {
  test("40 concurrent wrong passwords from one source: 10 are checked (9 × 401, the 10th 423), 30 refused unchecked; the right password is refused there and from a new source, and accepted from where the owner signed in before", async () => {
    const lena = accounts.member(org, "lena@example.com", "analyst");
    const home = "198.51.100.7";
    expect((await signInFrom(home, "lena@example.com", lena.password)).status).toBe(200);

    const attacker = "203.0.113.9";
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => signInFrom(attacker, "lena@example.com", `wrong guess number ${i}`)));
    expect(statuses(answers)).toEqual({ 401: 9, 423: 31 });
    expect(await auditCount("user.login_failed", "lena")).toBe(10);
    expect(await auditCount("user.locked", "lena")).toBe(1);

    const there = await signInFrom(attacker, "lena@example.com", lena.password);
    expect(there.status).toBe(423);
    expect(there.headers.get("retry-after")).toBe("900");
    expect((await there.json()).error).toMatchObject({ code: "ACCOUNT_LOCKED", details: [{ path: "account", message: `locked until ${new Date(stack.clock.ms + 15 * MIN).toISOString()}` }] });
    expect(await errorCode(await signInFrom("192.0.2.44", "lena@example.com", lena.password))).toBe("ACCOUNT_LOCKED");
    // No password was checked for the refused ones.
    expect(await auditCount("user.login_failed", "lena")).toBe(10);

    expect((await signInFrom(home, "lena@example.com", lena.password)).status).toBe(200);
  });

  test("a known and an unknown address get the same answers, the same lock and the same growing Retry-After", async () => {
    const kai = accounts.member(org, "kai@example.com", "viewer");
    const known = (password: string) => signInFrom("203.0.113.20", "kai@example.com", password);
    const unknown = (password: string) => signInFrom("203.0.113.21", "kay@example.com", password);
    for (const lock of [1, 2]) {
      for (let i = 1; i <= 10; i++) {
        const [a, b] = [await comparable(await known(`wrong guess ${i}`)), await comparable(await unknown(`wrong guess ${i}`))];
        expect(a).toEqual(b);
        expect(a.status).toBe(i < 10 ? 401 : 423);
      }
      // The right password, and any for the unknown address, while locked: the same 423.
      const [a, b] = [await comparable(await known(kai.password)), await comparable(await unknown(kai.password))];
      expect(a).toEqual(b);
      // 15 minutes for the first lock, 30 for the next one within a day.
      expect(a.retryAfter).toBe(String(lock * 15 * 60));
      expect(a.body.error.code).toBe("ACCOUNT_LOCKED");
      stack.clock.advance(lock * 15 * MIN);
    }
    expect((await known(kai.password)).status).toBe(200);
  });

  test("30 checks from one source, whatever the addresses, lock the source; other sources are unaffected", async () => {
    const mo = accounts.member(org, "mo@example.com", "viewer");
    const sprayer = "203.0.113.30";
    const answers: Response[] = [];
    for (let i = 0; i < 30; i++) answers.push(await signInFrom(sprayer, `spray${i % 5}@example.com`, "Winter2026!!"));
    expect(statuses(answers)).toEqual({ 401: 29, 423: 1 });
    const last = await answers[29].json();
    expect(last.error.code).toBe("ACCOUNT_LOCKED");
    expect(last.error.details[0].path).toBe("source");
    // The source stays locked for every address, a right password included…
    expect(await errorCode(await signInFrom(sprayer, "mo@example.com", mo.password))).toBe("ACCOUNT_LOCKED");
    // …and another source is not.
    expect((await signInFrom("203.0.113.31", "mo@example.com", mo.password)).status).toBe(200);
  });

  test("counted checks older than a day are deleted when the next one comes (sprayed addresses do not pile up)", async () => {
    stack.clock.advance(24 * 60 * MIN + 1);
    expect((await signInFrom("203.0.113.40", "someone@example.com", "a wrong password")).status).toBe(401);
    const control = new Database(join(stack.dataDir, "control.sqlite"), { readonly: true });
    try {
      expect(control.query("SELECT address, source FROM sign_in_attempts").all()).toEqual([{ address: "someone@example.com", source: "203.0.113.40" }]);
    } finally {
      control.close();
    }
  });
});

describe("two-factor enrolment", () => {
  test("starting and turning off need the password: none → 422 at `password`, a wrong one → 401 counted toward the lock", async () => {
    const { browser: b, password } = await accounts.verifiedMember(org, "ezra@example.com", "admin");
    const missing = await b.call("POST", "/api/v1/me/two-factor", {});
    expect(missing.status).toBe(422);
    expect((await missing.json()).error.details[0].path).toBe("password");
    const wrong = await b.call("POST", "/api/v1/me/two-factor", { password: "not my password at all" });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error.details).toEqual([{ path: "password", message: "is wrong" }]);
    expect(await auditCount("user.login_failed", "ezra")).toBe(1);

    const enrol = await b.call("POST", "/api/v1/me/two-factor", { password });
    expect(enrol.status).toBe(200);
    const app = authenticator((await enrol.json()).secret);
    expect((await b.call("POST", "/api/v1/me/two-factor/confirm", { code: app.generate({ timestamp: stack.clock.ms }) })).status).toBe(200);
    stack.clock.advance(30_000);
    expect((await b.call("POST", "/api/v1/session/second-factor", { code: app.generate({ timestamp: stack.clock.ms }) })).status).toBe(200);

    const offMissing = await b.call("DELETE", "/api/v1/me/two-factor", {});
    expect(offMissing.status).toBe(422);
    expect((await offMissing.json()).error.details[0].path).toBe("password");
    expect(await errorCode(await b.call("DELETE", "/api/v1/me/two-factor", { password: "not my password at all" }))).toBe("UNAUTHENTICATED");
    expect(await auditCount("user.login_failed", "ezra")).toBe(2);
    expect((await b.call("DELETE", "/api/v1/me/two-factor", { password })).status).toBe(204);
    expect((await (await b.call("GET", "/api/v1/session")).json()).user.twoFactorEnabled).toBe(false);
  });

  test("enrolling is no step-up: the session reads on, but creating a key needs a second factor passed after", async () => {
    const { browser: b, password } = await accounts.verifiedMember(org, "esme@example.com", "admin");
    const app = authenticator((await (await b.call("POST", "/api/v1/me/two-factor", { password })).json()).secret);
    expect((await b.call("POST", "/api/v1/me/two-factor/confirm", { code: app.generate({ timestamp: stack.clock.ms }) })).status).toBe(200);
    const view = await (await b.call("GET", "/api/v1/session")).json();
    expect(view).toMatchObject({ user: { twoFactorEnabled: true }, twoFactorRequired: false, stepUpUntil: null });
    expect((await b.call("GET", `/api/v1/orgs/${org}/sites`)).status).toBe(200);
    const keyBody = { name: "Stolen", permissions: ["sites.read"], sites: null, expiresInDays: 90 };
    expect(await errorCode(await b.call("POST", `/api/v1/orgs/${org}/keys`, keyBody))).toBe("STEP_UP_REQUIRED");
    stack.clock.advance(30_000);
    expect((await b.call("POST", "/api/v1/session/second-factor", { code: app.generate({ timestamp: stack.clock.ms }) })).status).toBe(200);
    expect((await b.call("POST", `/api/v1/orgs/${org}/keys`, keyBody)).status).toBe(201);
  });
});
