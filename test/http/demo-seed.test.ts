import { afterAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { must, runAdmin, tempDir } from "../helpers/stack.ts";
import { openTenant } from "../helpers/hits.ts";
import { TrafficModel } from "../../lib/demo/traffic.ts";

const dirs: string[] = [];
const fresh = () => {
  const dir = tempDir("tidemark-demo-");
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** What the model sends twice on purpose: re-sent batches (same ids and times) and repeated order ids. Counts do not depend on the window. */
function intendedDuplicates(visitors: number, seed: number): number {
  const model = new TrafficModel({ site: { siteKey: "tm_x", host: "x.test", timezone: "UTC", currency: "EUR" }, seed, visitors, start: 0, end: 14 * 86_400_000, addresses: new Map() });
  let duplicates = 0;
  for (let i = 0; i < visitors; i++) {
    const events = new Set<string>();
    const orders = new Set<string>();
    for (const e of model.visitor(i).sessions.flat().flatMap((b) => b.body.e)) {
      if (events.has(`${e.id}|${e.ts}`)) duplicates++;
      else if (e.t === "conversion" && e.oid && orders.has(e.oid)) duplicates++;
      events.add(`${e.id}|${e.ts}`);
      if (e.t === "conversion" && e.oid) orders.add(e.oid);
    }
  }
  return duplicates;
}

const COUNTS = ["visitors", "sessions", "events", "accepted", "duplicates", "days"] as const;
const counts = (result: Record<string, unknown>) => Object.fromEntries(COUNTS.map((k) => [k, result[k]]));

test("demo seed sends realistic traffic through ingest, the same for the same seed", () => {
  const dir = fresh();
  const first = must(runAdmin(dir, ["demo", "seed", "--visitors", "300", "--days", "14", "--seed", "7"]));
  expect(Object.keys(first).sort()).toEqual(["accepted", "days", "duplicates", "events", "from", "org", "seconds", "sessions", "site", "to", "visitors"]);
  expect(first).toMatchObject({ visitors: 300, days: 14 });
  expect(first.site).toMatch(/^[0-9a-f]{24}$/);
  expect(first.from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(first.sessions).toBeGreaterThan(first.visitors);
  // Every event sent is stored or recognised as a duplicate (re-sent batches, repeated order ids).
  expect(first.accepted + first.duplicates).toBe(first.events);
  expect(first.duplicates).toBeGreaterThan(0);
  expect(first.duplicates).toBe(intendedDuplicates(300, 7));
  expect(first.events / first.sessions).toBeGreaterThan(2.5);

  const again = must(runAdmin(fresh(), ["demo", "seed", "--visitors", "300", "--days", "14", "--seed", "7"]));
  expect(counts(again)).toEqual(counts(first));
  const other = must(runAdmin(fresh(), ["demo", "seed", "--visitors", "300", "--days", "14", "--seed", "8"]));
  expect(counts(other)).not.toEqual(counts(first));

  const db = openTenant(dir, first.org);
  const n = (sql: string) => (db.query(sql).get() as { n: number }).n;
  expect(n("SELECT count(*) AS n FROM sessions")).toBe(first.sessions);
  expect(n("SELECT count(*) AS n FROM events")).toBe(first.accepted);
  // Visitors without analytics consent get a new id each session, so there are more ids than people.
  expect(n("SELECT count(*) AS n FROM visitors")).toBeGreaterThanOrEqual(first.visitors);
  const values = (column: string) => (db.query(`SELECT DISTINCT ${column} AS v FROM sessions WHERE ${column} IS NOT NULL`).all() as { v: string }[]).map((r) => r.v);
  const channels = values("channel");
  for (const c of ["direct", "organic_search", "paid_search", "organic_social", "email", "referral"]) expect(channels).toContain(c);
  expect(values("country").length).toBeGreaterThanOrEqual(5);
  expect(values("device").length).toBeGreaterThanOrEqual(3);
  db.close();

  // A second run finds the Demo org and its site again.
  const more = must(runAdmin(dir, ["demo", "seed", "--visitors", "5", "--seed", "99"]));
  expect([more.org, more.site, more.days]).toEqual([first.org, first.site, 30]);
});

test("--site seeds a site of any org through its verified domain", () => {
  const dir = fresh();
  const org = must(runAdmin(dir, ["org", "create", "--name", "Acme"]));
  const site = must(runAdmin(dir, ["site", "create", "--org", org.id, "--name", "Acme", "--domain", "acme.test", "--timezone", "America/New_York", "--currency", "USD"]));
  // Its only domain is still pending: no Origin the hits could come from.
  const unverified = runAdmin(dir, ["demo", "seed", "--visitors", "10", "--site", site.id]);
  expect(unverified.code).toBe(2);
  expect(unverified.json.error).toMatchObject({ code: "VALIDATION_FAILED", details: [{ path: "--site" }] });
  must(runAdmin(dir, ["domain", "verify", "--site", site.id, "--hostname", "acme.test", "--force"]));
  const seeded = must(runAdmin(dir, ["demo", "seed", "--visitors", "20", "--days", "3", "--site", site.id]));
  expect([seeded.site, seeded.org, seeded.days]).toEqual([site.id, org.id, 3]);
  expect(seeded.accepted + seeded.duplicates).toBe(seeded.events);
});

test("bad flags exit 2 and name the flag", () => {
  const dir = fresh();
  const bad = (args: string[], code: string, path: string) => {
    const r = runAdmin(dir, ["demo", "seed", ...args]);
    expect(r.code).toBe(2);
    expect(r.json.error.code).toBe(code);
    expect(r.json.error.details[0].path).toBe(path);
  };
  bad([], "VALIDATION_FAILED", "--visitors");
  bad(["--visitors", "0"], "VALIDATION_FAILED", "--visitors");
  bad(["--visitors", "5000001"], "VALIDATION_FAILED", "--visitors");
  bad(["--visitors", "12k"], "VALIDATION_FAILED", "--visitors");
  bad(["--visitors", "10", "--days", "0"], "VALIDATION_FAILED", "--days");
  bad(["--visitors", "10", "--days", "401"], "VALIDATION_FAILED", "--days");
  bad(["--visitors", "10", "--seed", "1.5"], "VALIDATION_FAILED", "--seed");
  bad(["--visitors", "10", "--site", "nope"], "VALIDATION_FAILED", "--site");
  bad(["--visitors", "10", "--site", "0".repeat(24)], "NOT_FOUND", "--site");
  bad(["--visitors", "10", "--hosts", "3"], "VALIDATION_FAILED", "--hosts");
});
