/**
 * `bun run bench redirect`: short-link redirects (GET /l/{slug}) per second and p50/p99 through
 * the router in one-process mode (docs/campaigns.md "The redirect"; goal ≥ 10 000/s, p99 <
 * 10 ms). 200 links of one site; of the requests 85 % a browser, 10 % a QR scan (`qr=1`), 5 % a
 * crawler — so nearly every request stores a click and counts it on its link.
 * Options: --seconds 10 --runs 3 --connections 32 --links 200
 */
import { Database } from "bun:sqlite";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readSettings } from "../../lib/config.ts";
import { closePlatform, openPlatform } from "../../lib/platform.ts";
import { OPERATOR } from "../../lib/audit.ts";
import { createShortLink, linkSite } from "../../lib/shortlinks/manage.ts";
import { cpuMicros, flag, machine, measure, median, startProcess, type LoadResult } from "./harness.ts";

const seconds = flag("seconds", 10);
const runs = flag("runs", 3);
const connections = flag("connections", 32);
const linkCount = flag("links", 200);
const dataDir = mkdtempSync(join(tmpdir(), "tidemark-bench-redirect-"));

const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** The links, made by the routes' and the CLI's own core (lib/shortlinks/manage.ts). */
async function storeLinks(orgId: string, siteId: string): Promise<string[]> {
  const platform = openPlatform(readSettings({ ...process.env, DATA_DIR: dataDir }));
  try {
    const site = await linkSite(platform, orgId, siteId);
    const slugs: string[] = [];
    for (let i = 0; i < linkCount; i++) {
      const link = await createShortLink(platform, site, { url: `https://shop.example/p/${i}?ref=bench`, slug: `bench-${i}`, utm: { source: "newsletter", medium: "email", campaign: "bench" } }, OPERATOR);
      slugs.push(link.slug);
    }
    return slugs;
  } finally {
    closePlatform(platform);
  }
}

try {
  const env = { DATA_DIR: dataDir, REDIRECT_RATE_PER_IP: "1000000000", INGEST_URL: "", QUERY_URL: "", HOOKS_URL: "", LOG_REQUESTS: "0" };
  const server = await startProcess(["services/router/main.ts"], env);
  const boot = JSON.parse(readFileSync(join(dataDir, "bootstrap.json"), "utf8"));
  const slugs = await storeLinks(boot.orgId, boot.siteId);
  const targets = Array.from({ length: 2000 }, (_, i) => {
    const slug = slugs[i % slugs.length];
    const kind = i % 20;
    const ua = kind === 0 ? CRAWLER : kind % 2 ? CHROME : IPHONE;
    return { url: `${server.url}/l/${slug}${kind === 1 || kind === 2 ? "?qr=1" : "?utm_content=hero"}`, headers: { "user-agent": ua, referer: "https://news.example.com/today" } };
  });
  const file = join(dataDir, "targets.json");
  writeFileSync(file, JSON.stringify(targets));

  const all: LoadResult[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < runs; r++) {
    console.error(`one-process router, run ${r + 1} …`);
    const before = cpuMicros(server.proc.pid);
    const run = (await measure(["--targets-file", file, "--seconds", String(seconds), "--connections", String(connections)], 1)).runs[0];
    cpu.push((cpuMicros(server.proc.pid) - before) / run.requests);
    all.push(run);
  }
  const db = new Database(join(dataDir, `${boot.orgId}.sqlite`), { readonly: true });
  const clicks = db.query("SELECT class, count(*) AS n FROM short_link_clicks GROUP BY class ORDER BY class").all() as { class: string; n: number }[];
  const counted = (db.query("SELECT sum(clicks) AS n FROM short_links").get() as { n: number }).n;
  db.close();
  await server.stop();

  const pick = (k: keyof LoadResult) => median(all.map((x) => x[k] as number));
  console.log(`\nGET /l/{slug} — ${linkCount} links, ${connections} connections, ${seconds}s × ${runs} runs (median), ${machine()}\n`);
  console.log(["target".padEnd(30), "redirects/s".padStart(12), "p50 ms".padStart(8), "p99 ms".padStart(8), "errors".padStart(8)].join(" "));
  console.log(["one-process router → ingest".padEnd(30), String(pick("rps")).padStart(12), String(pick("p50")).padStart(8), String(pick("p99")).padStart(8), String(pick("errors")).padStart(8)].join(" "));
  console.log(`\nruns (redirects/s): ${all.map((x) => x.rps).join(", ")} · p99 by run: ${all.map((x) => x.p99).join(", ")} · statuses: ${JSON.stringify(all.map((x) => x.statuses))}`);
  console.log(`router CPU per redirect (all threads, µs): ${median(cpu).toFixed(1)} (run by run: ${cpu.map((c) => c.toFixed(1)).join(", ")})`);
  console.log(`click rows stored (warm-up included): ${clicks.map((c) => `${c.class} ${c.n}`).join(", ")} · counted on the links: ${counted}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
