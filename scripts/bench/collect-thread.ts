/**
 * `bun run bench collect-thread`: the collect thread's own CPU per batch — parsing, validation,
 * enrichment and the group-committed write of lib/ingest/collect.ts, in this process, without
 * HTTP — for the ingest bench's plain mix and the same mix with 1 event in N an inventory event
 * (docs/consent.md "Visits"), rounds interleaved, each mix going first in turn. CPU time of
 * the work itself, so a machine shared with other load still tells a few µs apart.
 * Options: --inventory 20 --rounds 6 --batches 5000 (a round's batches, sent 32 at a time).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readSettings } from "../../lib/config.ts";
import { closePlatform, openPlatform } from "../../lib/platform.ts";
import { bootstrapIfEmpty } from "../../lib/admin/bootstrap.ts";
import { RateLimiter } from "../../lib/ratelimit.ts";
import { GeoLocator } from "../../lib/ingest/geo.ts";
import { IngestWriter } from "../../lib/ingest/writer.ts";
import { collectRequest, type CollectDeps } from "../../lib/ingest/collect.ts";
import { flag, machine, median } from "./harness.ts";
import { makeBodies } from "./collect-bodies.ts";

const inventoryEvery = flag("inventory", 20);
const rounds = flag("rounds", 6);
const perRound = flag("batches", 5000);
const UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";

const dataDir = mkdtempSync(join(tmpdir(), "tidemark-bench-collect-"));
const platform = openPlatform(readSettings({ ...process.env, DATA_DIR: dataDir, LOG_REQUESTS: "0" }));
try {
  const boot = (await bootstrapIfEmpty(platform))!;
  const deps: CollectDeps = { platform, geo: await GeoLocator.open(platform.settings.geoipDb), writer: new IngestWriter(), flood: new RateLimiter(1e12, platform.now) };
  const plain = makeBodies(boot.siteKey, 2000);
  const mixed = makeBodies(boot.siteKey, 2000, inventoryEvery);
  let sent = 0;
  /** As the load generator sends them: fresh ids, now, a session of 3 batches, a visitor of 2 sessions. */
  const fill = (body: string, i: number) =>
    body
      .replace(/__UUID__/g, () => crypto.randomUUID())
      .replace(/"__NOW__"/g, String(Date.now()))
      .replace(/__SID__/g, `00000000-0000-4000-8000-${String(Math.floor(i / 3)).padStart(12, "0")}`)
      .replace(/__VID__/g, `00000000-0000-4000-9000-${String(Math.floor(i / 6)).padStart(12, "0")}`);
  /** CPU µs a batch over `count` batches of `bodies`. */
  async function round(bodies: string[], count: number): Promise<number> {
    const texts = Array.from({ length: count }, (_, i) => fill(bodies[(sent + i) % bodies.length], sent + i));
    sent += count;
    const before = process.cpuUsage();
    for (let i = 0; i < texts.length; i += 32) {
      await Promise.all(texts.slice(i, i + 32).map((body) => collectRequest(deps, { body, receivedAt: Date.now(), origin: "http://localhost", userAgent: UA, ip: "10.0.0.1" })));
    }
    const cpu = process.cpuUsage(before);
    return (cpu.user + cpu.system) / count;
  }
  await round(plain.bodies, perRound);
  await round(mixed.bodies, perRound);
  const cpuPlain: number[] = [];
  const cpuMixed: number[] = [];
  for (let r = 0; r < rounds; r++) {
    console.error(`round ${r + 1} …`);
    if (r % 2 === 1) cpuMixed.push(await round(mixed.bodies, perRound));
    cpuPlain.push(await round(plain.bodies, perRound));
    if (r % 2 === 0) cpuMixed.push(await round(mixed.bodies, perRound));
  }
  const line = (name: string, xs: number[]) => `${name.padEnd(34)} ${median(xs).toFixed(1).padStart(7)} µs   (rounds: ${xs.map((x) => x.toFixed(0)).join(", ")})`;
  console.log(`\nthe collect thread's CPU per batch (~${(plain.events / plain.bodies.length).toFixed(1)} events), ${rounds} × ${perRound} batches a mix, median, ${machine()}\n`);
  console.log(line("plain mix", cpuPlain));
  console.log(line(`1 in ${inventoryEvery} an inventory event`, cpuMixed));
  console.log(`\nwith inventory events (${mixed.inventory} of ${mixed.events} events) / plain: ${((median(cpuMixed) / median(cpuPlain)) * 100).toFixed(0)} % of the CPU`);
} finally {
  closePlatform(platform);
  rmSync(dataDir, { recursive: true, force: true });
}
