import { expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ROOT, tempDir } from "../helpers/stack.ts";
import { freePort, spawnService } from "../helpers/process.ts";
import { batch, ev, post } from "../helpers/hits.ts";
import { eventIdHash } from "../../lib/ingest/apply.ts";

test("every event acknowledged with 202 survives SIGKILL mid-load; the store passes integrity_check", async () => {
  const dataDir = tempDir();
  const env = { DATA_DIR: dataDir, INGEST_RATE_PER_IP: "100000000", INGEST_URL: "", QUERY_URL: "", HOOKS_URL: "" };
  try {
    const server = await spawnService([process.execPath, join(ROOT, "services/router/main.ts")], env, freePort());
    const boot = JSON.parse(readFileSync(join(dataDir, "bootstrap.json"), "utf8"));
    const acked: string[] = [];
    let stop = false;
    let failures = 0;
    const worker = async () => {
      while (!stop) {
        const events = Array.from({ length: 5 }, () => ev("pageview", Date.now()));
        try {
          const res = await post(server.url, batch(boot.siteKey, events));
          if (res.status === 202) acked.push(...events.map((e) => e.id));
          await res.arrayBuffer();
        } catch {
          failures++; // the connection died with the process: not acknowledged
        }
      }
    };
    const workers = Array.from({ length: 16 }, worker);
    await Bun.sleep(1500);
    server.proc.kill("SIGKILL");
    await server.proc.exited;
    stop = true;
    await Promise.all(workers);
    expect(acked.length).toBeGreaterThan(500);

    const db = new Database(join(dataDir, `${boot.orgId}.sqlite`));
    expect(db.query("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
    const stored = new Set((db.query("SELECT CAST(id_hash AS TEXT) AS h FROM recent_events").all() as { h: string }[]).map((r) => BigInt(r.h)));
    const missing = acked.filter((id) => !stored.has(eventIdHash(id)));
    expect(missing).toEqual([]);
    db.close();

    // And the service comes back on the same store.
    const again = await spawnService([process.execPath, join(ROOT, "services/router/main.ts")], env, freePort());
    const res = await post(again.url, batch(boot.siteKey, [ev("pageview", Date.now())]));
    expect(res.status).toBe(202);
    await again.kill();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 60_000);
