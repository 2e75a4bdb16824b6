/**
 * `bun run bench leads`: the lead pipeline.
 *
 * Inbound webhook: leads/s and p50/p99 of POST /v1/hooks/webhook_in/{siteKey} through the
 * router in one-process mode (generic format, a fresh externalId on every send, so none is a
 * duplicate), with one outbound webhook endpoint on the site: a receiver started as its own
 * process. After each run: how long until every delivery was delivered, and deliveries/s from
 * the start of the run to that moment.
 *
 * Visitor list: latency of GET …/visitors with filters on the benchmarks' seeded site (1.5
 * million visitors over 90 days, about 1.3 million of them consenting; scripts/bench/seeded-site.ts),
 * warm (median and p95 of --warm runs) after a first request that loads the site.
 *
 * Page leads: the same for POST /v1/leads as a popup's form sends it (text/plain JSON from the
 * site's origin), the allowance per address raised for the load.
 *
 * Popups: warm latency of GET …/popups and of a popup's detail with its A/B test at ~1 M views
 * on the seeded site (popupReads).
 *
 * Options: --seconds 10 --runs 3 --connections 32 --warm 15 --visitors 1500000 --days 90;
 * --only popups runs the popup reads alone (the other phases take minutes).
 */
import { Database } from "bun:sqlite";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Temporal } from "temporal-polyfill";
import { flag, load, machine, median, ROOT, startProcess, type LoadResult } from "./harness.ts";
import { p95, seededSite, timedCall, type BenchCall } from "./seeded-site.ts";
import { assignVariant } from "../../lib/engagement/assign.ts";

const seconds = flag("seconds", 10);
const runs = flag("runs", 3);
const connections = flag("connections", 32);
const dataDir = mkdtempSync(join(tmpdir(), "tidemark-bench-leads-"));
// The page's allowance per address (ENGAGE_RATE_PER_IP) out of the way: the load comes from one address.
const env = { DATA_DIR: dataDir, WEBHOOK_ALLOW_PRIVATE: "1", INGEST_URL: "", QUERY_URL: "", HOOKS_URL: "", ENGAGE_RATE_PER_IP: "1000000000" };

/** The admin CLI on the bench's data directory. */
function admin(...args: string[]): Record<string, string> {
  const proc = Bun.spawnSync([process.execPath, join(ROOT, "scripts/admin.ts"), ...args], { cwd: ROOT, env: { ...process.env, ...env, LOG_REQUESTS: "0" } });
  if (proc.exitCode !== 0) throw new Error(`admin ${args.join(" ")}: ${proc.stderr.toString()}`);
  return JSON.parse(proc.stdout.toString());
}

const table = (rows: (string | number)[][]) => rows.map((r) => r.map((c, i) => (i === 0 ? String(c).padEnd(40) : String(c).padStart(11))).join(" ")).join("\n");

// ─── Leads by two ways in, each delivered to one outbound endpoint ──────────────────────────

interface LeadRun {
  load: LoadResult;
  leads: number;
  /** Seconds from the end of the load until nothing was left to deliver. */
  drainSeconds: number;
  deliveriesPerSecond: number;
}

/** A way leads come in: where the load generator posts, with which headers and bodies. */
interface LeadChannel {
  name: string;
  url: string;
  headers: string[];
  bodies: string[];
}

async function leadPipelines(): Promise<void> {
  const server = await startProcess(["services/router/main.ts"], env);
  const receiver = await startProcess(["scripts/bench/bare-receiver.ts"], {});
  const boot = JSON.parse(readFileSync(join(dataDir, "bootstrap.json"), "utf8"));
  const inbound = admin("integration", "create", "--site", boot.siteId, "--kind", "webhook_in");
  admin("integration", "create", "--site", boot.siteId, "--kind", "webhook_out", "--url", `${receiver.url}/leads`);
  // A popup with a lead form, as a page's visitors submit it (the bootstrap site's verified domain is localhost).
  const popupFile = join(dataDir, "popup.json");
  writeFileSync(popupFile, JSON.stringify({ name: "Bench newsletter", status: "active", content: { title: "Join us" }, form: { fields: ["email", "name"], required: ["email"] }, triggers: [{ kind: "immediately" }] }));
  const popup = admin("popup", "create", "--site", boot.siteId, "--file", popupFile);
  const channels: LeadChannel[] = [
    {
      name: "POST /v1/hooks/webhook_in (one process)",
      url: `${server.url}/v1/hooks/webhook_in/${boot.siteKey}`,
      headers: ["content-type: application/json", `x-svc-secret: ${inbound.secret}`],
      bodies: Array.from({ length: 100 }, (_, i) =>
        JSON.stringify({ externalId: "__UUID__", name: `Bench Lead ${i}`, email: `lead-${i}-__UUID__@example.com`, phone: "+44 20 7946 0000", company: "Bench Ltd", message: "Please call me back about pricing.", campaign: "bench", extra: { plan: "pro", seats: 12 } }),
      ),
    },
    {
      name: "POST /v1/leads, a popup's form (one process)",
      url: `${server.url}/v1/leads`,
      // As the page's chunk sends it: JSON as text/plain (no preflight), from the site's origin.
      headers: ["content-type: text/plain", "origin: http://localhost"],
      bodies: Array.from({ length: 100 }, (_, i) =>
        JSON.stringify({ v: 1, s: boot.siteKey, id: "__UUID__", vid: "__VID__", sid: "__SID__", source: "popup", ref: popup.id, fields: { email: `reader-${i}-__UUID__@example.com`, name: `Reader ${i}` }, hp: "", path: "/pricing" }),
      ),
    },
  ];
  const db = new Database(join(dataDir, `${boot.orgId}.sqlite`), { readonly: true });
  const count = (sql: string) => (db.query(sql).get() as { n: number }).n;
  const delivered = async () => ((await (await fetch(`${receiver.url}/count`)).json()) as { received: number }).received;

  const rows: (string | number)[][] = [["", "leads/s", "p50 ms", "p99 ms", "non-2xx", "drain s", "deliveries/s"]];
  const lines: string[] = [];
  try {
    for (const channel of channels) {
      const bodyFile = join(dataDir, "lead-bodies.json");
      writeFileSync(bodyFile, JSON.stringify(channel.bodies));
      const results: LeadRun[] = [];
      for (let r = 0; r < runs; r++) {
        console.error(`${channel.name}, run ${r + 1} …`);
        const leadsBefore = count("SELECT count(*) AS n FROM leads");
        const deliveredBefore = await delivered();
        const started = performance.now();
        const result = await load([
          "--url", channel.url, "--method", "POST", "--body-file", bodyFile, ...channel.headers.flatMap((h) => ["--header", h]),
          "--seconds", String(seconds), "--connections", String(connections),
        ]);
        const loadEnded = performance.now();
        // A delivery that had to be retried would wait minutes for its next attempt: give up after two.
        const deadline = performance.now() + 120_000;
        while (count("SELECT count(*) AS n FROM deliveries WHERE status = 'pending'") > 0 && performance.now() < deadline) await Bun.sleep(20);
        const drained = performance.now();
        const leads = count("SELECT count(*) AS n FROM leads") - leadsBefore;
        results.push({ load: result, leads, drainSeconds: (drained - loadEnded) / 1000, deliveriesPerSecond: ((await delivered()) - deliveredBefore) / ((drained - started) / 1000) });
      }
      const pick = (f: (r: LeadRun) => number) => median(results.map(f));
      rows.push([channel.name, pick((r) => r.load.rps), pick((r) => r.load.p50), pick((r) => r.load.p99), pick((r) => r.load.errors), pick((r) => r.drainSeconds).toFixed(2), Math.round(pick((r) => r.deliveriesPerSecond))]);
      lines.push(`${channel.name}: ${results.map((r) => `${r.load.rps} leads/s, ${r.leads} leads, drained ${r.drainSeconds.toFixed(2)} s after the load, ${Math.round(r.deliveriesPerSecond)} deliveries/s`).join(" | ")}`);
    }
    const failed = count("SELECT count(*) AS n FROM deliveries WHERE status <> 'delivered'");
    console.log(`\nLeads → one outbound endpoint — ${connections} connections, ${seconds}s × ${runs} runs (median), ${machine()}\n`);
    console.log(table(rows));
    console.log(`\nruns:\n${lines.join("\n")}`);
    console.log(`deliveries not delivered at the end: ${failed} (the receiver answers 200 to everything; any left pending were retried and the drain gave up after 120 s)`);
  } finally {
    db.close();
    await server.stop();
    await receiver.stop();
  }
}

// ─── The visitor list at a million visitors ─────────────────────────────────────────────────

async function visitorList(): Promise<void> {
  const days = flag("days", 90);
  const warmRuns = flag("warm", 15);
  const seeded = await seededSite(flag("visitors", 1_500_000), days);
  const { boot } = seeded.seeded;
  const site = `/api/v1/orgs/${boot.orgId}/sites/${boot.siteId}/visitors`;
  const today = Temporal.Now.plainDateISO("UTC");
  const all = `from=${today.subtract({ days: days - 1 })}&to=${today}`;
  const calls: BenchCall[] = [
    { name: "recent, 28 days", path: site },
    { name: `recent, ${days} days (every visitor)`, path: `${site}?${all}` },
    { name: `hot, ${days} days`, path: `${site}?${all}&view=hot` },
    { name: `tier warm × stage engaged, page 3, ${days} days`, path: `${site}?${all}&tier=warm&stage=engaged&page=3` },
    { name: `organic search, score ≥ 20, ${days} days`, path: `${site}?${all}&channel=organic_search&minScore=20` },
    { name: `customers, ${days} days`, path: `${site}?${all}&view=customers` },
    { name: `id starting 01a, ${days} days`, path: `${site}?${all}&q=01a` },
  ];
  const server = await startProcess(["services/router/main.ts"], seeded.env);
  const rows: (string | number)[][] = [["", "total", "warm p50 ms", "warm p95 ms"]];
  try {
    const first = await timedCall(server.url, boot.key, calls[0]);
    console.error(`first request (loads the site): ${first.ms.toFixed(0)} ms`);
    for (const q of calls) {
      const answer = await timedCall(server.url, boot.key, q);
      if (answer.status !== 200) throw new Error(`${q.name}: ${answer.status} ${JSON.stringify(answer.body)}`);
      const warm: number[] = [];
      for (let i = 0; i < warmRuns; i++) warm.push((await timedCall(server.url, boot.key, q)).ms);
      rows.push([q.name, (answer.body as { total: number }).total, median(warm).toFixed(1), p95(warm).toFixed(1)]);
    }
  } finally {
    await server.stop();
  }
  console.log(`\nGET …/visitors on one site with ${seeded.seeded.sessions.toLocaleString("en")} sessions over ${days} days (50 a page), ${machine()}\n`);
  console.log(table(rows));
}

// ─── Popups at a million views ────────────────────────────────────────────────────────────────

/**
 * A popup with an A/B test (two variants and a 10 % holdout) on the seeded site, seen by a
 * fifth of its visitors about three times each (~1 M views), a few per cent of them its leads:
 * the rows ingest and the lead endpoint keep (exposures, per-day counts), written straight
 * into the store once and kept with the seed. Then warm latency of the popups list and of the
 * popup's detail over the seed's days (its A/B tables, and the downstream conversions walked
 * on the loaded site's columns).
 */
async function popupReads(): Promise<void> {
  const days = flag("days", 90);
  const warmRuns = flag("warm", 15);
  const seeded = await seededSite(flag("visitors", 1_500_000), days);
  const { boot } = seeded.seeded;
  const store = new Database(join(seeded.dataDir, `${boot.orgId}.sqlite`));
  let popup = store.query("SELECT id FROM popups WHERE name = 'Bench A/B popup, 1 M views'").get() as { id: string } | null;
  if (!popup) {
    const file = join(seeded.dataDir, "bench-popup.json");
    const variants = [{ key: "a", name: "Discount", weight: 50 }, { key: "b", name: "Free guide", weight: 50, content: { title: "Free guide" } }];
    writeFileSync(file, JSON.stringify({ name: "Bench A/B popup, 1 M views", status: "active", content: { title: "10 % off" }, form: { fields: ["email"], required: ["email"] }, triggers: [{ kind: "exit_intent" }], variants, holdout: 10 }));
    const made = Bun.spawnSync([process.execPath, join(ROOT, "scripts/admin.ts"), "popup", "create", "--site", boot.siteId, "--file", file], { cwd: ROOT, env: { ...process.env, ...seeded.env, LOG_REQUESTS: "0" } });
    if (made.exitCode !== 0) throw new Error(made.stderr.toString());
    popup = JSON.parse(made.stdout.toString()) as { id: string };
    console.error("seeding the popup's views …");
    const insertExposure = store.prepare("INSERT INTO popup_exposures (popup_id, visitor, variant, first_at, views, closes, lead_at) VALUES (?,?,?,?,?,?,?)");
    const addDay = store.prepare(
      "INSERT INTO popup_days (popup_id, day, variant, views, closes, submits) VALUES (?,?,?,?,?,?) ON CONFLICT (popup_id, day, variant) DO UPDATE SET views = views + excluded.views, closes = closes + excluded.closes, submits = submits + excluded.submits",
    );
    store.transaction(() => {
      const visitors = store.query("SELECT seq, hex(uid) AS uid, first_seen_at AS firstSeen FROM visitor_rows WHERE seq % 5 = 0").all() as { seq: number; uid: string; firstSeen: number }[];
      for (const v of visitors) {
        const uuid = v.uid.toLowerCase().replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, "$1-$2-$3-$4-$5");
        const variant = assignVariant(uuid, popup!.id, variants, 10)!;
        const firstAt = v.firstSeen + 30_000;
        const k = Math.floor(v.seq / 5);
        const views = 1 + (k % 5);
        // Leads: 4 % of a, 5 % of b, none held out (they see nothing).
        const lead = variant !== "holdout" && k % 100 < (variant === "a" ? 4 : 5);
        insertExposure.run(popup!.id, v.seq, variant, firstAt, variant === "holdout" ? 0 : views, lead ? 0 : views - 1, lead ? firstAt + 60_000 : null);
        if (variant !== "holdout") addDay.run(popup!.id, Math.floor(firstAt / 86_400_000), variant, views, lead ? 0 : views - 1, lead ? 1 : 0);
      }
    })();
  }
  const totals = store.query("SELECT count(*) AS visitors, sum(views) AS views FROM popup_exposures WHERE popup_id = ?").get(popup.id) as { visitors: number; views: number };
  store.close();
  const site = `/api/v1/orgs/${boot.orgId}/sites/${boot.siteId}`;
  const today = Temporal.Now.plainDateISO("UTC");
  const calls: BenchCall[] = [
    { name: "popups list (28 days)", path: `${site}/popups` },
    { name: `popup detail with A/B, ${days} days`, path: `${site}/popups/${popup.id}?from=${today.subtract({ days: days - 1 })}&to=${today}` },
    { name: "popup detail with A/B, 28 days", path: `${site}/popups/${popup.id}` },
  ];
  const server = await startProcess(["services/router/main.ts"], seeded.env);
  const rows: (string | number)[][] = [["", "first ms", "warm p50 ms", "warm p95 ms"]];
  try {
    for (const q of calls) {
      const first = await timedCall(server.url, boot.key, q);
      if (first.status !== 200) throw new Error(`${q.name}: ${first.status} ${JSON.stringify(first.body)}`);
      const warm: number[] = [];
      for (let i = 0; i < warmRuns; i++) warm.push((await timedCall(server.url, boot.key, q)).ms);
      rows.push([q.name, first.ms.toFixed(0), median(warm).toFixed(1), p95(warm).toFixed(1)]);
    }
  } finally {
    await server.stop();
  }
  console.log(`\nPopup reads: one popup seen by ${totals.visitors.toLocaleString("en")} visitors, ${totals.views.toLocaleString("en")} views, on the seeded site (${seeded.seeded.sessions.toLocaleString("en")} sessions over ${days} days), ${machine()}\n`);
  console.log(table(rows));
}

const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : null;
if (only !== null && only !== "popups") throw new Error(`--only ${only}: only "popups" can run alone`);
try {
  if (only === null) await leadPipelines();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
if (only === null) await visitorList();
await popupReads();
