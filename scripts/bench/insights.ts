/**
 * `bun run bench insights`: GET …/insights/marketing on the benchmarks' seeded site (~10 M
 * events over 90 days, scripts/bench/seeded-site.ts) with a year of daily spend for 50
 * campaigns beside it. The seeded store is copied once into a folder of this bench's own (the
 * query benches keep theirs free of spend), the spend written there, then per run a fresh
 * server: one request to load the site, --warm warm requests (≥ 50), their p50; the figure is
 * the median of --runs runs. Ranges: the seed's 90 days and the spend's 365.
 * Options: --visitors 1500000 --days 90 --warm 60 --runs 3 --fresh (seeds and copies again).
 */
import { cpSync, existsSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { Temporal } from "temporal-polyfill";
import { flag, machine, median, startProcess } from "./harness.ts";
import { p95, seededSite, timedCall } from "./seeded-site.ts";
import { importSpendRows } from "../../lib/spend/import.ts";
import type { SpendRow } from "../../lib/spend/rows.ts";
import { closePlatform, openPlatform } from "../../lib/platform.ts";
import { readSettings } from "../../lib/config.ts";
import { orgStore } from "../../lib/db/org-store.ts";
import { setLogging } from "../../lib/log.ts";

const visitors = flag("visitors", 1_500_000);
const days = flag("days", 90);
const warmRuns = Math.max(50, flag("warm", 60));
const runs = flag("runs", 3);
const CAMPAIGNS = 50;

const seeded = await seededSite(visitors, days);
const { boot } = seeded.seeded;
const dataDir = `${seeded.dataDir}-insights`;
const marker = `${dataDir}/spend.json`;
if (process.argv.includes("--fresh")) rmSync(dataDir, { recursive: true, force: true });

const today = Temporal.Now.plainDateISO("UTC");
if (!existsSync(marker)) {
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(seeded.dataDir, dataDir, { recursive: true });
  // Brings the copied store up to date (a seed made before the spend tables has none).
  setLogging(false);
  const platform = openPlatform(readSettings({ ...process.env, ...seeded.env, DATA_DIR: dataDir }));
  const store = await orgStore(platform, boot.orgId);
  // 50 campaigns over the platforms: the seed's own campaign names on the platforms that bring
  // them (matched by name), others matched by click id or not at all; every tenth in a currency
  // other than the site's.
  const seedCampaigns = ["spring_sale", "brand", "generic-analytics", "retargeting-q2", "product-launch", "black_friday", "webinar-consent"];
  const platforms = [
    { platform: "google_ads", utm: { source: "google", medium: "cpc" } },
    { platform: "meta_ads", utm: { source: "facebook", medium: "paid_social" } },
    { platform: "linkedin_ads", utm: { source: "linkedin", medium: "paid_social" } },
    { platform: "microsoft_ads", utm: undefined },
    { platform: "tiktok_ads", utm: undefined },
  ] as const;
  const control = new Database(join(dataDir, "control.sqlite"), { readonly: true });
  const { currency } = control.query("SELECT currency FROM sites WHERE id = ?").get(boot.siteId) as { currency: string };
  control.close();
  const otherCurrency = currency === "EUR" ? "USD" : "EUR";
  const rows: SpendRow[] = [];
  for (let c = 0; c < CAMPAIGNS; c++) {
    const { platform, utm } = platforms[c % platforms.length];
    const name = c < 21 ? seedCampaigns[c % seedCampaigns.length] : `campaign-${c}`;
    for (let d = 0; d < 365; d++) {
      const clicks = 20 + ((c * 37 + d * 11) % 180);
      const tagged = utm && c < 21;
      rows.push({
        platform, account: `acct-${c % 5}`, date: today.subtract({ days: d }).toString(), campaignId: `c${c}`, campaignName: name,
        utmSource: tagged ? utm.source : null, utmMedium: tagged ? utm.medium : null, utmCampaign: tagged ? name : null, utmId: null,
        spend: Math.round(clicks * (0.4 + (c % 7) * 0.15) * 100) / 100, currency: c % 10 === 9 ? otherCurrency : currency,
        impressions: clicks * 40, clicks, platformConversions: clicks / 50, platformConversionValue: clicks * 1.2,
      });
    }
  }
  // Written by the importers' own core (one transaction, replacing the days it covers).
  try {
    await importSpendRows(store, boot.siteId, rows, { source: "cli", format: "json", at: Date.now() });
  } finally {
    closePlatform(platform);
  }
  writeFileSync(marker, JSON.stringify({ rows: rows.length }));
}

const env = { ...seeded.env, DATA_DIR: dataDir };
const site = `/api/v1/orgs/${boot.orgId}/sites/${boot.siteId}/insights/marketing`;
const ranges = [
  { name: `${days} days (the seed's)`, query: `from=${today.subtract({ days: days - 1 })}&to=${today}` },
  { name: "365 days (the spend's)", query: `from=${today.subtract({ days: 364 })}&to=${today}` },
];

const results: { name: string; p50s: number[]; p95s: number[] }[] = ranges.map((r) => ({ name: r.name, p50s: [], p95s: [] }));
let sample: { campaigns: number; unmatched: number; otherCurrencies: number } | null = null;
for (let run = 0; run < runs; run++) {
  const server = await startProcess(["services/router/main.ts"], env);
  try {
    for (const [i, range] of ranges.entries()) {
      const q = { name: range.name, path: `${site}?${range.query}` };
      const first = await timedCall(server.url, boot.key, q);
      if (first.status !== 200) throw new Error(`${range.name}: ${first.status} ${JSON.stringify(first.body)}`);
      const body = first.body as { campaigns: unknown[]; unmatched: unknown[]; otherCurrencies: unknown[] };
      sample ??= { campaigns: body.campaigns.length, unmatched: body.unmatched.length, otherCurrencies: body.otherCurrencies.length };
      const warm: number[] = [];
      for (let w = 0; w < warmRuns; w++) warm.push((await timedCall(server.url, boot.key, q)).ms);
      results[i].p50s.push(median(warm));
      results[i].p95s.push(p95(warm));
      console.error(`run ${run + 1}, ${range.name}: warm p50 ${median(warm).toFixed(1)} ms`);
    }
  } finally {
    await server.stop();
  }
}

console.log(`\nMarketing insights on one site: ${seeded.seeded.events.toLocaleString("en")} events, ${seeded.seeded.sessions.toLocaleString("en")} sessions over ${days} days; ${CAMPAIGNS} campaigns × 365 days of spend; ${machine()}`);
if (sample) console.log(`answer (90 days): ${sample.campaigns} campaign rows, ${sample.unmatched} unmatched, ${sample.otherCurrencies} in other currencies`);
console.log(`${warmRuns} warm requests per run, median of ${runs} runs\n`);
console.log(["range".padEnd(28), "warm p50".padStart(9), "warm p95".padStart(9), "  runs' p50s"].join(" "));
for (const r of results) console.log([r.name.padEnd(28), median(r.p50s).toFixed(1).padStart(9), median(r.p95s).toFixed(1).padStart(9), `  ${r.p50s.map((x) => x.toFixed(1)).join(", ")}`].join(" "));
