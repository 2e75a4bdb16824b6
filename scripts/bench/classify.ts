/**
 * `bun run bench classify`: the cookie classifier (lib/consent/classify.ts). First the one-time
 * load of the Open Cookie Database (this process's first use, cold; then the median of `--runs`
 * more reads of the embedded CSV, warm), then `--items` classifications (default 100 000) of a
 * fixed mix — database names, names under a wildcard prefix, Tidemark's keys, overridden
 * names, unknown names, and hosts (tag hosts and database domains with subdomains, unknown
 * hosts) — median of `--runs` (default 7) runs. Goal (issue 18): < 100 ms for 100 000.
 */
import databaseCsv from "../../data/open-cookie-database/open-cookie-database.csv" with { type: "text" };
import type { ItemKind } from "../../lib/consent/categories.ts";
import { classify, type Override } from "../../lib/consent/classify.ts";
import { cookieDatabase, indexCookieDatabase, readCookieDatabase } from "../../lib/consent/cookie-database.ts";
import { TAG_HOSTS } from "../../lib/consent/tag-hosts.ts";
import { flag, machine, median } from "./harness.ts";

const items = flag("items", 100_000);
const runs = flag("runs", 7);

const coldStart = performance.now();
const db = cookieDatabase();
const coldMs = performance.now() - coldStart;
const warmLoads: number[] = [];
for (let i = 0; i < runs; i++) {
  const t = performance.now();
  indexCookieDatabase(readCookieDatabase(databaseCsv).rows);
  warmLoads.push(performance.now() - t);
}

/** A small seeded generator (mulberry32): the same mix every run and on every machine. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const next = random(18);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
const suffix = () => Math.floor(next() * 1e9).toString(36);

const rows = readCookieDatabase(databaseCsv).rows;
const names = rows.filter((r) => !r.wildcard).map((r) => r.name);
const prefixes = rows.filter((r) => r.wildcard).map((r) => r.name);
const hosts = [...TAG_HOSTS.keys(), ...db.byDomain.keys()];
const subdomains = ["www", "cdn", "region1", "static", "px", "stats.g"];
const ownNames = ["cart", "cart_id", "session", "wishlist", "locale", "ab_test", "checkout_step", "recently_viewed"];
const overrides = new Map<string, Override>(ownNames.slice(0, 3).map((name) => [name, { category: "necessary", vendor: "Shop", purpose: "The shop's own" }]));

// The mix: what a site's inventory looks like, weighted toward the database's names.
const mix: { kind: ItemKind; name: string; host?: string }[] = [];
for (let i = 0; i < items; i++) {
  const r = next();
  if (r < 0.35) mix.push({ kind: "cookie", name: pick(names) });
  else if (r < 0.55) mix.push({ kind: "cookie", name: pick(prefixes) + suffix() });
  else if (r < 0.6) mix.push({ kind: "storage", name: pick(["tm_vid", "tm_sid", "tm_consent", "tm_inv"]) });
  else if (r < 0.65) mix.push({ kind: "storage", name: pick(ownNames) });
  else if (r < 0.8) mix.push({ kind: "cookie", name: `${pick(ownNames)}_${suffix()}`, host: next() < 0.5 ? "shop.example" : `.${pick(hosts)}` });
  else if (r < 0.95) mix.push({ kind: "host", name: next() < 0.5 ? pick(hosts) : `${pick(subdomains)}.${pick(hosts)}` });
  else mix.push({ kind: "host", name: `cdn${Math.floor(next() * 1000)}.shop-assets.example` });
}

const byMatch: Record<string, number> = {};
const times: number[] = [];
for (let run = 0; run < runs; run++) {
  const counts: Record<string, number> = {};
  const t = performance.now();
  for (const item of mix) {
    const match = classify(item, overrides).match;
    counts[match] = (counts[match] ?? 0) + 1;
  }
  times.push(performance.now() - t);
  Object.assign(byMatch, counts);
}

const ms = (x: number) => `${x.toFixed(1)} ms`;
const classifyMs = median(times);
console.log(`bench classify — ${machine()}`);
console.log(`load: first use ${ms(coldMs)} (cold), median ${ms(median(warmLoads))} of ${runs} more reads — ${db.size} rows, ${db.byName.size} names, ${prefixes.length} prefixes, ${db.byDomain.size} domains`);
console.log(`classify ${items.toLocaleString("en-US")} items: median ${ms(classifyMs)} of ${runs} runs (min ${ms(Math.min(...times))}, max ${ms(Math.max(...times))}), ${Math.round(classifyMs * 1e6 / items)} ns each — goal < 100 ms for 100 000`);
console.log(`matches: ${Object.entries(byMatch).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k} ${v}`).join(", ")}`);
