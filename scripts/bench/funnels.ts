/**
 * `bun run bench funnels`: funnels and the explore kinds on the benchmarks' seeded site (~10
 * million events over 90 days, scripts/bench/seeded-site.ts): a 5-step funnel over the 90 days
 * in each mode and scope, retention for 12 weeks, paths 3 steps deep. Cold = the first request
 * of a freshly started server (columns loaded from the store, then the funnel's own work);
 * warm = the same request again (median and p95 of --warm runs).
 * Options: --visitors 1500000 --days 90 --warm 15 --fresh.
 */
import { Temporal } from "temporal-polyfill";
import { flag, machine, median, startProcess } from "./harness.ts";
import { p95, seededSite, timedCall, type BenchCall } from "./seeded-site.ts";

const visitors = flag("visitors", 1_500_000);
const days = flag("days", 90);
const warmRuns = flag("warm", 15);
const { env, seeded } = await seededSite(visitors, days);
const { boot } = seeded;
const site = `/api/v1/orgs/${boot.orgId}/sites/${boot.siteId}`;
const today = Temporal.Now.plainDateISO("UTC");
const range = { from: today.subtract({ days: days - 1 }).toString(), to: today.toString() };

/** The demo shop's buying path: home, shop, add to cart, checkout, purchase. */
const steps = [
  { kind: "page", label: "Home", match: "equals", value: "/" },
  { kind: "page", label: "Shop", match: "starts_with", value: "/shop" },
  { kind: "event", label: "Add to cart", eventType: "event", name: "add_to_cart" },
  { kind: "page", label: "Checkout", match: "equals", value: "/checkout" },
  { kind: "event", label: "Purchase", eventType: "conversion", name: "purchase" },
];
const funnel = (mode: string, scope: string): BenchCall => ({
  name: `funnel 5 steps, ${mode} × ${scope}, ${days} days`,
  path: `${site}/funnels/preview`,
  body: { def: { name: "Buy", mode, scope, steps }, ...range },
});
const calls: BenchCall[] = [
  funnel("closed", "session"),
  funnel("closed", "user"),
  funnel("open", "session"),
  funnel("open", "user"),
  { name: `funnel closed × session by channel, ${days} days`, path: `${site}/funnels/preview`, body: { def: { name: "Buy", mode: "closed", scope: "session", steps }, ...range, breakdown: "channel" } },
  { name: "retention, 12 weekly cohorts", path: `${site}/explore`, body: { kind: "retention", from: today.subtract({ weeks: 12 }).add({ days: 1 }).toString(), to: range.to, retention: { period: "week", periods: 12 } } },
  { name: `paths from /pricing, 3 deep, ${days} days`, path: `${site}/explore`, body: { kind: "paths", ...range, paths: { start: { kind: "page", match: "equals", value: "/pricing" }, depth: 3 } } },
  { name: `segments × 4 (by device, paid), ${days} days`, path: `${site}/explore`, body: { kind: "segments", ...range, segments: { metrics: ["sessions", "users", "conversionRate", "revenue"], list: [
    { name: "Mobile", filters: [{ dim: "device", op: "is", value: "mobile" }] },
    { name: "Desktop", filters: [{ dim: "device", op: "is", value: "desktop" }] },
    { name: "Paid", filters: [{ dim: "channel", op: "in", value: ["paid_search", "paid_social"] }] },
    { name: "Organic", filters: [{ dim: "channel", op: "starts_with", value: "organic" }] },
  ] } } },
];

const rows: { name: string; cold: number; p50: number; p95: number }[] = [];
for (const q of calls) {
  const server = await startProcess(["services/router/main.ts"], env);
  const cold = await timedCall(server.url, boot.key, q);
  if (cold.status !== 200) throw new Error(`${q.name}: ${cold.status} ${JSON.stringify(cold.body)}`);
  const warm: number[] = [];
  for (let i = 0; i < warmRuns; i++) warm.push((await timedCall(server.url, boot.key, q)).ms);
  rows.push({ name: q.name, cold: cold.ms, p50: median(warm), p95: p95(warm) });
  console.error(`${q.name}: cold ${cold.ms.toFixed(0)} ms, warm p50 ${median(warm).toFixed(1)} ms`);
  if (q.name.startsWith("funnel 5 steps, closed × session")) console.error(JSON.stringify((cold.body as { steps: unknown[] }).steps));
  await server.stop();
}

console.log(`\nFunnels and explore on one site seeded with ${seeded.events.toLocaleString("en")} events (${seeded.sessions.toLocaleString("en")} sessions) over ${days} days; ${machine()}\n`);
console.log(["query".padEnd(48), "cold ms".padStart(9), "warm p50".padStart(9), "warm p95".padStart(9)].join(" "));
for (const r of rows) console.log([r.name.padEnd(48), r.cold.toFixed(0).padStart(9), r.p50.toFixed(1).padStart(9), r.p95.toFixed(1).padStart(9)].join(" "));
