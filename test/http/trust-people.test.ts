import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import type { TestStack } from "../helpers/stack.ts";
import { must } from "../helpers/stack.ts";
import { batch, ev, post, uuid } from "../helpers/hits.ts";
import { startDashboardStack, type Browser } from "../helpers/session-browser.ts";
import { RetentionWorker } from "../../lib/lifecycle/retention-worker.ts";

/**
 * Issue 32, items 6 and 14, through the public interface (collect, /v1/leads, the dashboard's
 * person routes as a stepped-up admin), bootstrap site (localhost, UTC), "now" 2026-11-20 12:00 UTC:
 *
 * - V leaves a lead with name, phone and message; X, anonymous, a lead with only V's e-mail; Y,
 *   a visitor id the site never saw, a lead with V's e-mail and Y's own name and message.
 *   A typed e-mail links nobody: X's export holds none of V's data, X's erasure leaves V whole,
 *   and Y's lead joins no visitor (V's profile and export do not show it).
 * - P (pageview, a custom event with a marker in its props, identify, a lead) is erased; then no
 *   file under the data directory — stores, -wal, -shm, column snapshots — holds P's e-mail,
 *   name, phone, message, user id, visitor id or marker.
 * - R's analytics are from January (a marker in an event's props); a retention pass of 6 months
 *   leaves the marker in no file.
 */
const ORIGIN = "http://dashboard.test";
const NOW = Date.parse("2026-11-20T12:00:00Z");
const at = (iso: string) => Date.parse(iso);
let dashboard: Awaited<ReturnType<typeof startDashboardStack>>;
let s: TestStack;
let boot: NonNullable<TestStack["bootstrap"]>;
let admin: Browser;
let stepUp: () => Promise<void>;
let siteApi: string;

const V = { id: uuid(), email: "valerie.vance@example.org", name: "Valerie Vance", phone: "+44 20 7946 0912", message: "Please call me about the enterprise plan" };
const X = { id: uuid() };
/** Y's visitor id is unknown to the site (no hit): the lead names V's e-mail with Y's own name and message. */
const Y = { id: uuid(), name: "Yannick Intruder", message: "Forget my earlier request" };
const P = {
  id: uuid(), email: "petra.erased@example.net", name: "Petra Quillfeather", phone: "+49 30 5557 1234", message: "Zanzibar-quokka-7731 needs a quote",
  userId: "cust-erase-4417", marker: "prop-marker-petra-5521",
};
const R = { id: uuid(), marker: "retained-marker-rupert-9934" };

async function collect(vid: string, events: Record<string, unknown>[]) {
  s.clock.ms = Math.max(...events.map((e) => e.ts as number)) + 60_000;
  const res = await post(s.url, batch(boot.siteKey, events, { vid, tz: "UTC" }));
  expect(res.status).toBe(202);
}

async function leaveLead(vid: string, fields: Record<string, string>) {
  const res = await fetch(`${s.url}/v1/leads`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: "http://localhost" },
    body: JSON.stringify({ v: 1, s: boot.siteKey, id: uuid(), vid, source: "form", ref: "contact", fields, path: "/contact" }),
  });
  expect(res.status).toBe(201);
}

/** Waits until the store holds `n` visitors (ingest's writer commits in the background). */
async function visitorsStored(n: number) {
  for (let i = 0; i < 200; i++) {
    const list = (await (await s.api(`${siteApi}/visitors?from=2026-01-01&to=2026-11-20`, boot.key)).json()) as { total: number };
    if (list.total >= n) return;
    await Bun.sleep(50);
  }
  throw new Error(`fewer than ${n} visitors stored`);
}

const person = async (visitorId: string, what: "export" | "erase") => {
  await stepUp();
  return admin.call("POST", `${siteApi}/people/${visitorId}/${what}`);
};

/** Every file under the data directory, with its bytes. */
function filesOf(dir: string): { path: string; bytes: Buffer }[] {
  const out: { path: string; bytes: Buffer }[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesOf(path));
    else out.push({ path: relative(s.dataDir, path), bytes: readFileSync(path) });
  }
  return out;
}

/** Which files hold which needles (text as typed, lower-cased, and as UTF-16 in case; raw bytes as given). */
function holders(needles: Record<string, string | Buffer>): string[] {
  const found: string[] = [];
  for (const file of filesOf(s.dataDir)) {
    for (const [label, needle] of Object.entries(needles)) {
      const forms = typeof needle === "string" ? [needle, needle.toLowerCase()].map((t) => Buffer.from(t)) : [needle];
      if (forms.some((f) => file.bytes.includes(f))) found.push(`${file.path}: ${label}`);
    }
  }
  return found;
}

const snapshotFile = () => join(s.dataDir, "columns", boot.orgId, `${boot.siteId}.cols`);

/** Reads a report (which loads the site's columns) and waits until its snapshot on disk holds `text`. */
async function snapshotHolding(text: string) {
  const res = await s.api(`${siteApi}/analytics/overview?from=2026-01-01&to=2026-11-20`, boot.key);
  expect(res.status).toBe(200);
  for (let i = 0; i < 200; i++) {
    if (existsSync(snapshotFile()) && readFileSync(snapshotFile()).includes(Buffer.from(text))) return;
    await Bun.sleep(50);
  }
  throw new Error(`no snapshot holding ${text}`);
}

beforeAll(async () => {
  dashboard = await startDashboardStack(ORIGIN);
  s = dashboard.stack;
  boot = s.bootstrap!;
  siteApi = `/api/v1/orgs/${boot.orgId}/sites/${boot.siteId}`;
  // R in January, long before the retention window; the others in November.
  await collect(R.id, [ev("pageview", at("2026-01-10T10:00:00Z")), ev("event", at("2026-01-10T10:00:30Z"), { n: "download_brochure", p: { ref: R.marker } })]);
  await collect(V.id, [ev("pageview", at("2026-11-18T09:00:00Z"), { u: "http://localhost/contact" })]);
  await collect(X.id, [ev("pageview", at("2026-11-19T09:00:00Z"), { u: "http://localhost/contact" })]);
  await collect(P.id, [
    ev("pageview", at("2026-11-19T10:00:00Z"), { u: "http://localhost/pricing" }),
    ev("event", at("2026-11-19T10:00:20Z"), { n: "quote_request", p: { ref: P.marker } }),
    ev("identify", at("2026-11-19T10:00:40Z"), { uid: P.userId }),
  ]);
  s.clock.ms = NOW;
  await leaveLead(V.id, { email: V.email, name: V.name, phone: V.phone, message: V.message });
  await leaveLead(X.id, { email: V.email });
  await leaveLead(Y.id, { email: V.email, name: Y.name, message: Y.message });
  await leaveLead(P.id, { email: P.email, name: P.name, phone: P.phone, message: P.message });
  await visitorsStored(4);
  ({ b: admin, stepUp } = await dashboard.accounts.twoFactorMember(boot.orgId, "admin@example.com", "admin"));
}, 120_000);

afterAll(() => dashboard.close());

describe("a value a visitor typed links them to no one (item 6)", () => {
  test("X's profile, and X's export, hold only X: none of V's name, phone or message", async () => {
    const profile = (await (await s.api(`${siteApi}/visitors/${X.id}`, boot.key)).json()) as any;
    expect(profile.visitorIds).toEqual([X.id]);
    expect(profile.leads.map((l: any) => [l.email, l.name, l.phone, l.message])).toEqual([[V.email, null, null, null]]);

    const res = await person(X.id, "export");
    expect(res.status).toBe(200);
    const text = await res.text();
    for (const secret of [V.name, V.phone, V.message, V.id]) expect(text).not.toContain(secret);
    const data = JSON.parse(text);
    expect(data.person).toEqual({ visitorIds: [X.id], userIds: [], emails: [V.email] });
    expect(data.counts).toMatchObject({ visitors: 1, sessions: 1, events: 1, leads: 1, spins: 0 });
    expect(data.rows.leads.map((l: any) => [l.visitorId, l.email, l.name, l.phone, l.message])).toEqual([[X.id, V.email, null, null, null]]);
  });

  test("erasing X deletes X's visitor and lead only: V's export still has V's lead, whole", async () => {
    const erased = await person(X.id, "erase");
    expect(erased.status).toBe(200);
    expect(await erased.json()).toMatchObject({ visitors: 1, counts: { visitors: 1, sessions: 1, events: 1, leads: 1 } });
    expect((await s.api(`${siteApi}/visitors/${X.id}`, boot.key)).status).toBe(404);

    const res = await person(V.id, "export");
    expect(res.status).toBe(200);
    const data = (await res.json()) as any;
    expect(data.person).toEqual({ visitorIds: [V.id], userIds: [], emails: [V.email] });
    expect(data.counts).toMatchObject({ visitors: 1, sessions: 1, events: 1, leads: 1 });
    expect(data.rows.leads.map((l: any) => [l.visitorId, l.email, l.name, l.phone, l.message])).toEqual([[V.id, V.email, V.name, V.phone, V.message]]);
    const profile = (await (await s.api(`${siteApi}/visitors/${V.id}`, boot.key)).json()) as any;
    expect(profile).toMatchObject({ visitorIds: [V.id], name: V.name, email: V.email });
    expect(profile.leads.map((l: any) => l.name)).toEqual([V.name]);
    // Y's lead is there, with no visitor: the operator finds it by the address (an e-mail selector), not through V.
    const leads = (await (await s.api(`${siteApi}/leads?from=2026-11-01&to=2026-11-20`, boot.key)).json()) as any;
    expect(leads.items.filter((l: any) => l.name === Y.name).map((l: any) => [l.email, l.message])).toEqual([[V.email, Y.message]]);
  });
});

describe("erased and purged data is overwritten on disk (item 14)", () => {
  const pNeedles = () => ({
    email: P.email, name: P.name, phone: P.phone, message: P.message, userId: P.userId, marker: P.marker,
    visitorId: P.id, visitorBytes: Buffer.from(P.id.replaceAll("-", ""), "hex"),
  });

  test("after P's erasure no file under the data directory — stores, WAL, shared memory, snapshots — holds P's values", async () => {
    await snapshotHolding(P.marker);
    // The scan sees them before: in the store (or its WAL) and the marker in the snapshot.
    const before = holders(pNeedles());
    expect(before).toContain(`columns/${boot.orgId}/${boot.siteId}.cols: marker`);
    for (const label of ["email", "name", "phone", "message", "userId", "visitorBytes"]) expect(before.some((h) => h.endsWith(`: ${label}`))).toBe(true);

    const res = await person(P.id, "erase");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ visitors: 1, userIdsErased: 1, counts: { visitors: 1, sessions: 1, events: 3, leads: 1 } });
    expect(holders(pNeedles())).toEqual([]);
    // What is kept is still there (V, R), and reports read the store again (a new snapshot).
    expect(holders({ v: V.phone, r: R.marker }).some((h) => h.endsWith(": v"))).toBe(true);
    const overview = (await (await s.api(`${siteApi}/analytics/overview?from=2026-11-01&to=2026-11-20`, boot.key)).json()) as any;
    expect(overview.current).toMatchObject({ users: 1, sessions: 1 });
  });

  test("after a retention pass no file holds the purged events' values", async () => {
    await snapshotHolding(R.marker);
    expect(holders({ marker: R.marker })).toContain(`columns/${boot.orgId}/${boot.siteId}.cols: marker`);
    must(s.admin("org", "retention", "--org", boot.orgId, "--events-months", "6"));
    const pass = await new RetentionWorker(s.platform, { batchRows: 100, pauseMs: 0 }).kick();
    expect(pass.counts[boot.orgId]).toMatchObject({ events: 2, sessions: 1, visitors: 1 });
    expect(holders({ marker: R.marker, visitorBytes: Buffer.from(R.id.replaceAll("-", ""), "hex") })).toEqual([]);
    expect(holders({ v: V.phone }).length).toBeGreaterThan(0);
  });
});
