import { afterAll, beforeAll, expect, test } from "bun:test";
import { copyFileSync, existsSync } from "node:fs";
import { must, startStack, type TestStack } from "../helpers/stack.ts";
import { batch, ev, post, uuid } from "../helpers/hits.ts";
import { analyticsSite, siteWithoutRebuild, snapshotPathOf } from "../../lib/analytics/site-cache.ts";
import { overviewReport } from "../../lib/analytics/reports/overview.ts";
import { reportPeriod } from "../../lib/analytics/period.ts";
import { closePlatform, openPlatform, type Platform } from "../../lib/platform.ts";
import { orgStore } from "../../lib/db/org-store.ts";
import { runOp, runProgram } from "../../lib/db/statements.ts";
import { bumpDataGenerationOp, dataGeneration } from "../../lib/lifecycle/generation.ts";

/**
 * The analytics engine follows deletions (docs/data-lifecycle.md "Deleting data"): three
 * sessions on 2026-11-02 (UTC site), one pageview each, then session B's rows are deleted and
 * the generation bumped. Every view — the process that deleted, a second platform that had the
 * site loaded (another process), and a fresh one finding a snapshot written before the deletion —
 * then counts 2 sessions, not 3.
 */

let s: TestStack;
let orgId: string;
let site: { id: string; siteKey: string };
const sids = { A: uuid(), B: uuid(), C: uuid() };
const others: Platform[] = [];

const at = (iso: string) => Date.parse(iso);

async function sessionsOf(platform: Platform): Promise<{ sessions: number; pageviews: number; restored: boolean; generation: number }> {
  const a = await analyticsSite(platform, orgId, site.id);
  const { current } = overviewReport(a, reportPeriod({ from: "2026-11-02", to: "2026-11-02" }, "UTC", s.clock.ms));
  return { sessions: current.sessions, pageviews: current.pageviews, restored: a.data.restoredFromSnapshot, generation: a.data.generation };
}

function otherProcess(): Platform {
  const p = openPlatform(s.platform.settings, { now: s.clock.now });
  others.push(p);
  return p;
}

beforeAll(async () => {
  s = await startStack();
  orgId = s.bootstrap!.orgId;
  site = must(s.admin("site", "create", "--org", orgId, "--name", "Generations", "--domain", "localhost", "--timezone", "UTC", "--currency", "EUR"));
  must(s.admin("domain", "verify", "--site", site.id, "--hostname", "localhost", "--force"));
  for (const [name, hour] of [["A", 10], ["B", 11], ["C", 12]] as const) {
    const ts = at(`2026-11-02T${hour}:00:00Z`);
    s.clock.ms = ts + 60_000;
    const res = await post(s.url, batch(site.siteKey, [ev("pageview", ts)], { sid: sids[name] }));
    expect(res.status).toBe(202);
  }
}, 60_000);

afterAll(async () => {
  for (const p of others) closePlatform(p);
  await s.close();
});

test("a deletion with a generation bump is followed here, in another process's loaded view and after a restart from a snapshot", async () => {
  // Wait for ingest's writer: all three sessions stored.
  for (let i = 0; i < 100 && (await sessionsOf(s.platform)).sessions < 3; i++) await Bun.sleep(50);
  expect(await sessionsOf(s.platform)).toEqual({ sessions: 3, pageviews: 3, restored: false, generation: 0 });

  // Another process had the site loaded and wrote its snapshot (as at a graceful stop).
  const loadedElsewhere = otherProcess();
  expect((await sessionsOf(loadedElsewhere)).sessions).toBe(3);
  const held = await analyticsSite(loadedElsewhere, orgId, site.id);
  await held.data.saveSnapshot(await orgStore(loadedElsewhere, orgId));
  const snapshot = snapshotPathOf(s.platform, orgId, site.id);
  expect(existsSync(snapshot)).toBe(true);
  copyFileSync(snapshot, `${snapshot}.before`);

  // Session B (not the last event: the snapshot's event mark alone would still match) goes.
  const store = await orgStore(s.platform, orgId);
  const deleted = await runProgram(store, (function* () {
    const session = "(SELECT seq FROM session_rows WHERE lower(hex(uid)) = ?)";
    const hex = sids.B.replaceAll("-", "");
    const events = yield runOp(`DELETE FROM event_rows WHERE session = ${session}`, hex);
    const sessions = yield runOp("DELETE FROM session_rows WHERE lower(hex(uid)) = ?", hex);
    yield bumpDataGenerationOp(site.id, s.clock.ms);
    return [(events as { changes: number }).changes, (sessions as { changes: number }).changes];
  })());
  expect(deleted).toEqual([1, 1]);
  expect(await dataGeneration(store, site.id)).toBe(1);

  // The same process: dropped and rebuilt; its snapshot removed.
  expect(await sessionsOf(s.platform)).toEqual({ sessions: 2, pageviews: 2, restored: false, generation: 1 });
  // The other process that held the site: realtime does not wait for its rebuild, reports get it.
  expect(await siteWithoutRebuild(loadedElsewhere, orgId, site.id)).toBeNull();
  expect(await sessionsOf(loadedElsewhere)).toEqual({ sessions: 2, pageviews: 2, restored: false, generation: 1 });

  // A snapshot from before the deletion, found by a fresh process (one that stopped late left it): not restored.
  // Both processes rebuilt the site and may still be writing its new snapshot: wait for both, or
  // a late write would replace the old copy put back here (seen on a loaded clean-clone run).
  await (await analyticsSite(s.platform, orgId, site.id)).data.snapshotSaved();
  await (await analyticsSite(loadedElsewhere, orgId, site.id)).data.snapshotSaved();
  copyFileSync(`${snapshot}.before`, snapshot);
  const restarted = otherProcess();
  expect(await sessionsOf(restarted)).toEqual({ sessions: 2, pageviews: 2, restored: false, generation: 1 });
  // Its rebuild wrote one at generation 1, which the next start takes.
  await (await analyticsSite(restarted, orgId, site.id)).data.snapshotSaved();
  expect(await sessionsOf(otherProcess())).toEqual({ sessions: 2, pageviews: 2, restored: true, generation: 1 });
}, 60_000);
