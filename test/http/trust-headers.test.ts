import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { ParsedMail } from "mailparser";
import { must, startStack, type TestStack } from "../helpers/stack.ts";
import { startMailbox, type Mailbox } from "../helpers/mailbox.ts";
import { batch, ev, post } from "../helpers/hits.ts";
import { parseArgs } from "../../scripts/admin.ts";
import { OPERATOR } from "../../lib/audit.ts";
import { createSchedule, updateSchedule } from "../../lib/reports/schedules/manage.ts";

/**
 * Issue 32, items 8, 10 and 19 (second half), through HTTP against the whole service:
 * - a benchmark group of one other organization shows no size band (it was that organization's
 *   exact session count);
 * - the security headers on the dashboard's pages, its assets and the API, the public paths'
 *   smaller set, and HSTS only when PUBLIC_URL is https;
 * - a report recipient's confirmation link expires after 24 hours: refused with a 422 page and
 *   the address stays pending.
 */

setDefaultTimeout(60_000);

const DAY = 86_400_000;
const HOUR = 3_600_000;
const TODAY = Math.floor(Date.now() / DAY) * DAY;

let s: TestStack;
let mailbox: Mailbox;
let orgId: string;
let siteId: string;
let key: string;

beforeAll(async () => {
  mailbox = await startMailbox();
  s = await startStack({ env: { SMTP_URL: mailbox.url, BENCHMARK_MIN_SESSIONS: "2" } });
  // The tests move the clock by hand: no scheduled send may run in between.
  await s.schedules!.stop();
  ({ orgId, siteId, key } = s.bootstrap!);
});

afterAll(async () => {
  await s?.close();
  await mailbox?.close();
});

/** The admin CLI's own command, run on the stack's platform (as test/http/benchmarks-industries.test.ts). */
async function admin(...args: string[]): Promise<any> {
  const { command, flags } = parseArgs(args);
  if (!("run" in command)) throw new Error(`${args.join(" ")} is not a platform command`);
  return command.run(s.platform, flags);
}

describe("benchmarks (item 8)", () => {
  test("with one other organization in the industry, neither sees a size band: it would be that organization's session count", async () => {
    // Harbour A's site has 1 session (under BENCHMARK_MIN_SESSIONS 2: it does not contribute);
    // Harbour B's has 3. B is the whole group: before, both were shown sizeBand { 3, 3 }.
    const made: Record<string, { orgId: string; siteId: string; key: string }> = {};
    for (const [name, sessions] of [["a", 1], ["b", 3]] as const) {
      const org = await admin("org", "create", "--name", `Harbour ${name}`, "--industry", "boats");
      const user = await admin("user", "create", "--org", org.id, "--name", `Owner ${name}`, "--email", `owner@${name}.harbour.test`, "--role", "owner");
      const host = `${name}.harbour.test`;
      const site = await admin("site", "create", "--org", org.id, "--name", `Harbour ${name}`, "--domain", host, "--timezone", "UTC");
      await admin("domain", "verify", "--site", site.id, "--hostname", host, "--force");
      made[name] = { orgId: org.id, siteId: site.id, key: (await admin("key", "create", "--org", org.id, "--user", user.id, "--perms", "recommendations.read")).key };
      // One pageview per session, on D-3 (inside the window D-28 … D-1).
      s.clock.ms = TODAY - 3 * DAY + 12 * HOUR;
      for (let i = 0; i < sessions; i++) {
        const res = await post(s.url, batch(site.siteKey, [ev("pageview", TODAY - 3 * DAY + 10 * HOUR + i * 60_000, { u: `https://${host}/` })], { tz: "UTC" }), { origin: `https://${host}` });
        expect(res.status).toBe(202);
      }
    }
    s.clock.ms = Date.now();
    expect((await admin("recommendations", "compute")).failed).toBe(0);
    const benchmarksOf = async (name: string) => {
      const m = made[name]!;
      const res = await s.api(`/api/v1/orgs/${m.orgId}/sites/${m.siteId}/recommendations`, m.key);
      expect(res.status).toBe(200);
      const { orgs, eligible, reason, sizeBand } = (await res.json()).benchmarks;
      return { orgs, eligible, reason, sizeBand };
    };
    expect(await benchmarksOf("a")).toEqual({ orgs: 1, eligible: false, reason: "below_min_sessions", sizeBand: null });
    expect(await benchmarksOf("b")).toEqual({ orgs: 1, eligible: false, reason: "too_few_orgs", sizeBand: null });
  });
});

describe("security headers (item 10)", () => {
  const PAGE_HEADERS = ["content-security-policy", "x-frame-options", "referrer-policy", "x-content-type-options", "strict-transport-security"];
  const pageHeaders = (res: Response) => Object.fromEntries(PAGE_HEADERS.map((name) => [name, res.headers.get(name)]));
  const directives = (res: Response) => Object.fromEntries(res.headers.get("content-security-policy")!.split(";").map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));

  test("the dashboard's pages, its assets and the API: a CSP that refuses framing and foreign scripts, X-Frame-Options DENY, nosniff, a same-origin referrer; no HSTS on http", async () => {
    const page = await fetch(`${s.url}/orgs/${orgId}/keys`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await page.text();
    const csp = directives(page);
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
    expect(csp["default-src"]).toEqual(["'self'"]);
    expect(csp["script-src"]).toEqual(["'self'"]);
    // Its own stylesheet, and one inline style by hash (the previews' dialog): never 'unsafe-inline'.
    expect(csp["style-src"]![0]).toBe("'self'");
    expect(csp["style-src"]!.slice(1)).toEqual([expect.stringMatching(/^'sha256-[A-Za-z0-9+/]{43}='$/)]);
    expect(csp["object-src"]).toEqual(["'none'"]);
    expect(csp["base-uri"]).toEqual(["'none'"]);
    const expected = { "content-security-policy": page.headers.get("content-security-policy"), "x-frame-options": "DENY", "referrer-policy": "same-origin", "x-content-type-options": "nosniff", "strict-transport-security": null };
    expect(pageHeaders(page)).toEqual(expected);
    // No inline script in the page the policy guards: every script is a file of the build.
    expect([...html.matchAll(/<script\b([^>]*)>/g)].every(([, attrs]) => / src="\/assets\/[^"]+\.js"/.test(attrs!))).toBe(true);

    const script = html.match(/src="(\/assets\/[^"]+\.js)"/)![1]!;
    const asset = await fetch(s.url + script);
    expect(asset.status).toBe(200);
    expect(pageHeaders(asset)).toEqual(expected);
    // The API's answers, errors included (no session; no such route).
    const session = await fetch(`${s.url}/api/v1/session`);
    expect(session.status).toBe(401);
    expect(pageHeaders(session)).toEqual(expected);
    const missing = await fetch(`${s.url}/api/v1/nothing-here`);
    expect(missing.status).toBe(404);
    expect(pageHeaders(missing)).toEqual(expected);
    const read = await s.api(`/api/v1/orgs/${orgId}/sites/${siteId}/recommendations`, key);
    expect(read.status).toBe(200);
    expect(pageHeaders(read)).toEqual(expected);
  });

  test("the public paths (page scripts, short links) get nosniff only: a customer's page loads them, and a redirect keeps its referrer", async () => {
    const script = await fetch(`${s.url}/v1/script.js`);
    expect(script.status).toBe(200);
    expect(pageHeaders(script)).toEqual({ "content-security-policy": null, "x-frame-options": null, "referrer-policy": null, "x-content-type-options": "nosniff", "strict-transport-security": null });
    const link = await fetch(`${s.url}/l/no-such-link`, { redirect: "manual" });
    expect(pageHeaders(link)).toEqual({ "content-security-policy": null, "x-frame-options": null, "referrer-policy": null, "x-content-type-options": "nosniff", "strict-transport-security": null });
  });

  test("with an https PUBLIC_URL every answer carries Strict-Transport-Security", async () => {
    const tls = await startStack({ env: { PUBLIC_URL: "https://tidemark.example" } });
    try {
      for (const path of ["/", "/api/v1/session", "/v1/script.js"]) {
        const res = await fetch(tls.url + path);
        expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000");
        expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      }
      expect((await fetch(`${tls.url}/`)).headers.get("x-frame-options")).toBe("DENY");
    } finally {
      await tls.close();
    }
  });
});

describe("report recipients' confirmation links (item 19)", () => {
  const linkIn = (mail: ParsedMail) => new URL((mail.text ?? "").match(/https?:\/\/\S+\/v1\/hooks\/reports\/confirm\/\S+/)![0]).pathname;
  const guestState = async () => {
    const res = await s.api(`/api/v1/orgs/${orgId}/sites/${siteId}/reports`, key);
    expect(res.status).toBe(200);
    const schedules = (await res.json()).schedules as { recipientStates: { email: string; state: string }[] }[];
    return schedules.flatMap((x) => x.recipientStates).find((r) => r.email === "guest@example.org")?.state;
  };

  test("a link works for 24 hours; after that GET and POST answer a 422 'Link expired' page and the address stays pending; adding it again mails a link that works", async () => {
    const sent = TODAY + 2 * DAY;
    s.clock.ms = sent;
    const ownerUserId = s.platform.control.db.$client.query("SELECT user_id AS id FROM memberships WHERE org_id = ? AND role = 'owner'").get(orgId) as { id: string };
    const by = { actor: OPERATOR, ownerUserId: ownerUserId.id };
    const ownerEmail = s.bootstrap!.ownerEmail;
    const schedule = await createSchedule(s.platform, { orgId, siteId }, { reportKey: "kpi_daily", frequency: "daily", at: "08:00", recipients: [ownerEmail, "guest@example.org"], format: "csv" }, by);
    const link = linkIn(await mailbox.next("guest@example.org"));

    // A minute before its end the page still asks.
    s.clock.ms = sent + 24 * HOUR - 60_000;
    const asking = await fetch(s.url + link);
    expect(asking.status).toBe(200);
    expect(await asking.text()).toContain('<form method="post">');

    // At its end: refused, by GET and by POST, and nothing changes.
    s.clock.ms = sent + 24 * HOUR;
    for (const method of ["GET", "POST"]) {
      const res = await fetch(s.url + link, { method });
      expect(res.status).toBe(422);
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      const text = await res.text();
      expect(text).toContain("<h1>Link expired</h1>");
      expect(text).not.toContain("<form");
    }
    expect(await guestState()).toBe("pending");

    // Removed and added again: a new link, which confirms.
    await updateSchedule(s.platform, { orgId, siteId, scheduleId: schedule.id }, { recipients: [ownerEmail] }, by);
    await updateSchedule(s.platform, { orgId, siteId, scheduleId: schedule.id }, { recipients: [ownerEmail, "guest@example.org"] }, by);
    const fresh = linkIn(await mailbox.next("guest@example.org"));
    const confirmed = await fetch(s.url + fresh, { method: "POST" });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("Address confirmed");
    expect(await guestState()).toBe("confirmed");
    // The expired link still changes nothing, nor says anything else.
    expect((await fetch(s.url + link, { method: "POST" })).status).toBe(422);
  });
});
