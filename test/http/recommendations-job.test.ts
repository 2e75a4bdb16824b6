import { afterAll, beforeAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { must, runAdmin, startStack, type TestStack } from "../helpers/stack.ts";
import { batch, CHROME_UA, ev, IPHONE_UA, post, uuid } from "../helpers/hits.ts";
import { closePlatform, openPlatform, type Platform } from "../../lib/platform.ts";
import { RecommendationsWorker } from "../../lib/recommendations/worker.ts";
import { dateOfEpochDay } from "../../lib/time.ts";

/**
 * The nightly job on a small fixture, the bootstrap site (UTC). Days are relative to today (UTC),
 * so the admin CLI — a process on the real clock — sees the same window: D-1 … D-28.
 *
 * | session | device  | day   | what happens                                           |
 * |---------|---------|-------|--------------------------------------------------------|
 * | S1      | desktop | D-10  | view /, 12 s engaged, view /pricing, LCP 1200          |
 * | S2      | mobile  | D-9   | view /, conversion signup, LCP 3000                    |
 * | S3      | desktop | D-8   | view /, LCP 2000                                       |
 * | S4      | desktop | D-40  | view / — before the window                             |
 * | S5      | desktop | D     | view / — today is not a complete day                   |
 *
 * In the store: a lead on D-5 and one on D-35; a popup with 40 views on D-3 and 100 on D-30, first
 * seen on D-3 by 21 visitors of whom 3 became leads in the window and 1 only today (3/21), by 4
 * held-out visitors who all became leads (not the popup's) and on D-30 by 10 visitors, all leads; short-link clicks on D-2: 2 human, 1 QR, 1 bot (and a bot on D-31).
 */
let s: TestStack;
let orgId: string;
let siteId: string;
const others: Platform[] = [];
const DAY = 86_400_000;
const TODAY = Math.floor(Date.now() / DAY) * DAY;
const NOON = TODAY + 12 * 3_600_000;
const day = (n: number) => TODAY - n * DAY;
const ENV = { BENCHMARK_MIN_SESSIONS: "1", BENCHMARK_MIN_ORGS: "2" };
const admin = (...args: string[]) => runAdmin(s.dataDir, args, ENV);

const METRICS = {
  engagementRate: 0.6667,
  bounceRate: 0.3333,
  conversionRate: 0.3333,
  pagesPerSession: 1.33,
  avgEngagedSeconds: 4,
  mobileShare: 0.3333,
  leadRate: 333.33,
  lcpP75: 3000,
  popupConversionRate: 0.1429,
  shortLinkHumanShare: 0.75,
};

const LCP_EVIDENCE = { threshold: 2500, pages: [{ path: "/", sessions: 3, p75: 3000 }] };

function tenant(): Database {
  return new Database(join(s.dataDir, `${orgId}.sqlite`));
}

beforeAll(async () => {
  s = await startStack({ env: ENV });
  orgId = s.bootstrap!.orgId;
  siteId = s.bootstrap!.siteId;
  const siteKey = s.bootstrap!.siteKey;
  const send = async (events: Record<string, unknown>[], mobile = false) => {
    s.clock.ms = Math.max(...events.map((e) => e.ts as number)) + 60_000;
    const res = await post(s.url, batch(siteKey, events, { vid: uuid(), sid: uuid(), tz: "UTC" }), { "user-agent": mobile ? IPHONE_UA : CHROME_UA });
    if (res.status !== 202) throw new Error(`${res.status} ${await res.text()}`);
  };
  const on = (path: string) => ({ u: `http://localhost${path}` });
  const t = (d: number, s: number) => day(d) + 10 * 3_600_000 + s * 1000;
  await send([ev("pageview", t(10, 0), on("/")), ev("engagement", t(10, 12), { ...on("/"), et: 12_000 }), ev("pageview", t(10, 13), on("/pricing")), ev("vital", t(10, 14), { ...on("/pricing"), n: "LCP", val: 1200 })]);
  await send([ev("pageview", t(9, 0), on("/")), ev("conversion", t(9, 5), { ...on("/"), n: "signup", val: 0 }), ev("vital", t(9, 6), { ...on("/"), n: "LCP", val: 3000 })], true);
  await send([ev("pageview", t(8, 0), on("/")), ev("vital", t(8, 2), { ...on("/"), n: "LCP", val: 2000 })]);
  await send([ev("pageview", t(40, 0), on("/"))]);
  await send([ev("pageview", TODAY + 60_000, on("/"))]);
  s.clock.ms = NOON;
  const definition = join(s.dataDir, "popup.json");
  writeFileSync(definition, JSON.stringify({ name: "Newsletter", content: { title: "Join" }, triggers: [{ kind: "scroll", percent: 50 }], status: "active" }));
  const popupId = must(admin("popup", "create", "--site", siteId, "--file", definition)).id as string;

  const db = tenant();
  try {
    const lead = db.prepare("INSERT INTO leads (id, site_id, created_at, source, source_name) VALUES (?, ?, ?, 'api', 'test')");
    lead.run(uuid(), siteId, day(5));
    lead.run(uuid(), siteId, day(35));
    const popupDay = db.prepare("INSERT INTO popup_days (popup_id, day, variant, views, closes, submits) VALUES (?, ?, 'control', ?, 0, ?)");
    popupDay.run(popupId, day(3) / DAY, 40, 3);
    popupDay.run(popupId, day(30) / DAY, 100, 50);
    const exposure = db.prepare("INSERT INTO popup_exposures (popup_id, visitor, variant, first_at, views, closes, lead_at) VALUES (?, ?, ?, ?, 1, 0, ?)");
    let visitor = 1;
    for (let i = 0; i < 21; i++) exposure.run(popupId, visitor++, "-", day(3) + 3_600_000, i < 3 ? day(2) : i === 3 ? TODAY + 60_000 : null);
    for (let i = 0; i < 4; i++) exposure.run(popupId, visitor++, "holdout", day(3) + 3_600_000, day(2));
    for (let i = 0; i < 10; i++) exposure.run(popupId, visitor++, "-", day(30), day(30) + 60_000);
    const click = db.prepare("INSERT INTO short_link_clicks (id, link_id, site_id, at, class) VALUES (?, 'l1', ?, ?, ?)");
    for (const cls of ["human", "human", "qr", "bot"]) click.run(uuid(), siteId, day(2) + 3_600_000, cls);
    click.run(uuid(), siteId, day(31), "bot");
  } finally {
    db.close();
  }
});

afterAll(async () => {
  for (const p of others) closePlatform(p);
  await s.close();
});

const control = () => s.platform.control.db.$client;

test("two platforms on one DATA_DIR: the nightly pass runs once (job_runs), and not before 03:00 UTC", async () => {
  const elsewhere = openPlatform(s.platform.settings, { now: s.clock.now });
  others.push(elsewhere);
  const here = new RecommendationsWorker(s.platform);
  const there = new RecommendationsWorker(elsewhere);

  s.clock.ms = TODAY + 3 * 3_600_000 - 1;
  expect(await here.kick()).toBeNull();
  expect(control().query("SELECT count(*) AS n FROM job_runs").get()).toEqual({ n: 0 });

  s.clock.ms = NOON;
  const results = await Promise.all([here.kick(), there.kick()]);
  const ran = results.filter((r) => r !== null);
  expect(ran).toEqual([{ day: dateOfEpochDay(TODAY / DAY), sites: 1, contributed: 1, industries: 1, findings: 1, failed: 0 }]);
  const runs = control().query("SELECT job, day, finished_at AS finishedAt, result FROM job_runs").all() as Record<string, unknown>[];
  expect(runs).toEqual([{ job: "recommendations", day: dateOfEpochDay(TODAY / DAY), finishedAt: NOON, result: JSON.stringify(ran[0]) }]);
  // A later pass the same day does nothing.
  expect(await here.kick()).toBeNull();

  const db = tenant();
  try {
    // "/" is every session's landing page; its LCP samples 3000 and 2000 → p75 3000 > 2500.
    expect(db.query("SELECT site_id AS siteId, rule_key AS ruleKey, status, severity, evidence, active, computed_at AS computedAt FROM recommendations").all()).toEqual([
      { siteId, ruleKey: "slow_lcp", status: "open", severity: "medium", evidence: JSON.stringify(LCP_EVIDENCE), active: 1, computedAt: NOON },
    ]);
  } finally {
    db.close();
  }
});

test("two hooks processes on one DATA_DIR, passing at the same moment: one runs the night's job, the other finds it claimed", async () => {
  // The day as test 1 left it: claimed. Cleared so the two processes race for it.
  control().query("DELETE FROM job_runs").run();
  const startAt = Date.now() + 1_500;
  const pass = () => Bun.spawn([process.execPath, join(import.meta.dir, "../helpers/nightly-pass.ts")], {
    env: { ...process.env, ...ENV, DATA_DIR: s.dataDir, TEST_NOW: String(NOON), START_AT: String(startAt) },
    stdout: "pipe",
    stderr: "inherit",
  });
  const processes = [pass(), pass()];
  const outputs = await Promise.all(processes.map(async (p) => {
    expect(await p.exited).toBe(0);
    return JSON.parse(await new Response(p.stdout).text()) as unknown;
  }));
  const ran = outputs.filter((o) => o !== null);
  expect(ran).toEqual([{ day: dateOfEpochDay(TODAY / DAY), sites: 1, contributed: 1, industries: 1, findings: 1, failed: 0 }]);
  expect(outputs.filter((o) => o === null)).toHaveLength(1);
  expect(control().query("SELECT job, day, finished_at AS finishedAt FROM job_runs").all()).toEqual([{ job: "recommendations", day: dateOfEpochDay(TODAY / DAY), finishedAt: NOON }]);
});

test("the site's metrics over the window are exact, in the control store's input and the site's run", () => {
  const windowTo = dateOfEpochDay(TODAY / DAY - 1);
  const windowFrom = dateOfEpochDay(TODAY / DAY - 28);
  const input = control().query("SELECT site_id AS siteId, org_id AS orgId, industry, window_to AS windowTo, sessions, metrics FROM benchmark_inputs").all() as ({ metrics: string } & Record<string, unknown>)[];
  expect(input.map((r) => ({ ...r, metrics: JSON.parse(r.metrics) as unknown })) as unknown).toEqual([{ siteId, orgId, industry: "general", windowTo, sessions: 3, metrics: METRICS }]);
  const db = tenant();
  try {
    const run = db.query("SELECT site_id AS siteId, window_from AS windowFrom, window_to AS windowTo, sessions, metrics FROM recommendation_runs").get() as { metrics: string } & Record<string, unknown>;
    expect({ ...run, metrics: JSON.parse(run.metrics) as unknown } as unknown).toEqual({ siteId, windowFrom, windowTo, sessions: 3, metrics: METRICS });
  } finally {
    db.close();
  }
  // One organization in "general": every metric withheld, too few organizations, and the size band with them.
  const results = control().query("SELECT metric, orgs, eligible, reason, p50, size_p25 AS sizeP25, size_p75 AS sizeP75 FROM benchmark_results ORDER BY metric").all();
  // inpP75 and clsP75: no site has samples.
  expect(results).toEqual([...Object.keys(METRICS), "inpP75", "clsP75"].sort().map((metric) =>
    ({ metric, orgs: metric in METRICS ? 1 : 0, eligible: 0, reason: metric in METRICS ? "too_few_orgs" : "no_data", p50: null, sizeP25: null, sizeP75: null })));
});

test("admin recommendations compute: runs now for one site or all, without claiming the day; bad input is refused", () => {
  expect(must(admin("recommendations", "compute", "--site", siteId))).toEqual({ day: dateOfEpochDay(TODAY / DAY), sites: 1, contributed: 1, industries: 1, findings: 1, failed: 0 });
  expect(must(admin("recommendations", "compute"))).toMatchObject({ sites: 1, contributed: 1, failed: 0 });
  expect(control().query("SELECT count(*) AS n FROM job_runs").get()).toEqual({ n: 1 });

  // A dismissal holds while the evidence moved less than 20 %, and reopens on a material change.
  const setStatus = (status: string, evidence: unknown, snoozedUntil: number | null = null) => {
    const db = tenant();
    try {
      db.prepare("UPDATE recommendations SET status = ?, status_evidence = ?, snoozed_until = ? WHERE rule_key = 'slow_lcp'").run(status, JSON.stringify(evidence), snoozedUntil);
    } finally {
      db.close();
    }
  };
  const statusNow = () => {
    const db = tenant();
    try {
      return db.query("SELECT status FROM recommendations WHERE rule_key = 'slow_lcp'").get();
    } finally {
      db.close();
    }
  };
  setStatus("dismissed", { ...LCP_EVIDENCE, pages: [{ path: "/", sessions: 3, p75: 2600 }] });
  must(admin("recommendations", "compute", "--site", siteId));
  expect(statusNow()).toEqual({ status: "dismissed" });
  setStatus("done", { ...LCP_EVIDENCE, pages: [{ path: "/", sessions: 3, p75: 2400 }] });
  must(admin("recommendations", "compute", "--site", siteId));
  expect(statusNow()).toEqual({ status: "open" });
  setStatus("snoozed", null, Date.now() + DAY);
  must(admin("recommendations", "compute", "--site", siteId));
  expect(statusNow()).toEqual({ status: "snoozed" });
  setStatus("snoozed", null, Date.now() - 1);
  must(admin("recommendations", "compute", "--site", siteId));
  expect(statusNow()).toEqual({ status: "open" });

  const bad = admin("recommendations", "compute", "--site", "nope");
  expect(bad.code).toBe(2);
  expect(bad.json.error.details).toEqual([{ path: "--site", message: "must be a 24-hex id" }]);
  const missing = admin("recommendations", "compute", "--site", "0".repeat(24));
  expect(missing.code).toBe(2);
  expect(missing.json.error).toMatchObject({ code: "NOT_FOUND", details: [{ path: "--site", message: "not found" }] });
});

test("admin org benchmarks: opting out removes the org's inputs and it no longer contributes; opting in again does", () => {
  const both = admin("org", "benchmarks", "--org", orgId, "--opt-out", "--opt-in");
  expect(both.code).toBe(2);
  expect(both.json.error.details).toEqual([{ path: "--opt-in", message: "not with --opt-out" }]);
  const neither = admin("org", "benchmarks", "--org", orgId);
  expect(neither.code).toBe(2);
  expect(neither.json.error.details).toEqual([{ path: "--opt-out", message: "one of --opt-out, --opt-in and --industry is required" }]);
  for (const [industry, message] of [["", "is required"], ["x".repeat(61), "must be at most 60 characters"]]) {
    const bad = admin("org", "benchmarks", "--org", orgId, "--industry", industry!);
    expect(bad.code).toBe(2);
    expect(bad.json.error.details).toEqual([{ path: "--industry", message }]);
  }
  expect(control().query("SELECT benchmark_opt_out AS o FROM orgs WHERE id = ?").get(orgId)).toEqual({ o: 0 });

  expect(must(admin("org", "benchmarks", "--org", orgId, "--opt-out"))).toEqual({ orgId, industry: "general", optOut: true, inputsRemoved: 1 });
  expect(control().query("SELECT count(*) AS n FROM benchmark_inputs").get()).toEqual({ n: 0 });
  expect(must(admin("recommendations", "compute"))).toMatchObject({ sites: 1, contributed: 0, industries: 0 });
  expect(control().query("SELECT count(*) AS n FROM benchmark_inputs").get()).toEqual({ n: 0 });
  const db = tenant();
  try {
    expect(db.query("SELECT action FROM audit_log WHERE action = 'org.benchmarks'").all()).toEqual([{ action: "org.benchmarks" }]);
  } finally {
    db.close();
  }

  expect(must(admin("org", "benchmarks", "--org", orgId, "--opt-in"))).toEqual({ orgId, industry: "general", optOut: false, inputsRemoved: 0 });
  expect(must(admin("recommendations", "compute"))).toMatchObject({ sites: 1, contributed: 1, industries: 1 });
  // A new industry takes the org's input out of its old group at once; the next run puts it in the new one.
  expect(must(admin("org", "benchmarks", "--org", orgId, "--industry", " Retail"))).toEqual({ orgId, industry: "retail", optOut: false, inputsRemoved: 1 });
  expect(must(admin("recommendations", "compute"))).toMatchObject({ sites: 1, contributed: 1, industries: 1 });
  expect(control().query("SELECT industry FROM benchmark_inputs").all()).toEqual([{ industry: "retail" }]);
  expect(must(admin("org", "benchmarks", "--org", orgId, "--industry", "general"))).toMatchObject({ industry: "general", inputsRemoved: 1 });
  expect(must(admin("recommendations", "compute"))).toMatchObject({ contributed: 1 });
});

test("a site that falls under minSessions stops contributing, its earlier window's input included", () => {
  // As if the input were yesterday's run's: a window that ended a day earlier.
  control().query("UPDATE benchmark_inputs SET window_to = ? WHERE site_id = ?").run(dateOfEpochDay(TODAY / DAY - 2), siteId);
  expect(must(runAdmin(s.dataDir, ["recommendations", "compute"], { ...ENV, BENCHMARK_MIN_SESSIONS: "4" }))).toMatchObject({ sites: 1, contributed: 0, industries: 1 });
  expect(control().query("SELECT count(*) AS n FROM benchmark_inputs").get()).toEqual({ n: 0 });
  const results = control().query("SELECT DISTINCT orgs, reason FROM benchmark_results WHERE industry = 'general' AND day = ?").all(dateOfEpochDay(TODAY / DAY));
  expect(results).toEqual([{ orgs: 0, reason: "no_data" }]);
});
