/**
 * `bun run bench backup`: `admin backup` while `bench ingest`'s load runs, and `admin restore`.
 * Fills a store with --fill seconds of realistic batches, then plays the same load for --seconds
 * twice: once alone, once with a backup started a third of the way in; prints the backup's and
 * the restore's time, the store's size and rows, and ingest's requests/s and p99 in both runs.
 * Options: --fill 20 --seconds 12 --connections 32.
 */
import { Database } from "bun:sqlite";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { flag, load, machine, ROOT, startProcess } from "./harness.ts";
import { COLLECT_HEADERS, makeBodies } from "./collect-bodies.ts";

const fill = flag("fill", 20);
const seconds = flag("seconds", 12);
const connections = flag("connections", 32);
const work = mkdtempSync(join(tmpdir(), "tidemark-bench-backup-"));
const dataDir = join(work, "data");

/** An admin command run as the operator would, timed from start to exit. */
function admin(args: string[]): { seconds: number; out: Record<string, unknown> } {
  const started = performance.now();
  const proc = Bun.spawnSync([process.execPath, join(ROOT, "scripts/admin.ts"), ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, LOG_REQUESTS: "0" } });
  if (proc.exitCode !== 0) throw new Error(`admin ${args[0]} failed: ${proc.stderr.toString()}`);
  return { seconds: (performance.now() - started) / 1000, out: JSON.parse(proc.stdout.toString()) };
}

function eventRows(path: string): number {
  const db = new Database(path, { readonly: true });
  try {
    return (db.query("SELECT count(*) AS n FROM event_rows").get() as { n: number }).n;
  } finally {
    db.close();
  }
}

try {
  const server = await startProcess(["services/router/main.ts"], { DATA_DIR: dataDir, INGEST_RATE_PER_IP: "1000000000", INGEST_URL: "", QUERY_URL: "", HOOKS_URL: "" });
  const boot = JSON.parse(readFileSync(join(dataDir, "bootstrap.json"), "utf8"));
  const { bodies, events } = makeBodies(boot.siteKey, 2000);
  const file = join(work, "bodies.json");
  writeFileSync(file, JSON.stringify(bodies));
  const run = (s: number) => load(["--url", `${server.url}/v1/collect`, "--body-file", file, "--seconds", String(s), "--warmup", "0", "--connections", String(connections), "--method", "POST", ...COLLECT_HEADERS]);

  console.error(`filling the store for ${fill} s …`);
  const filled = await run(fill);
  console.error(`${seconds} s of load alone …`);
  const alone = await run(seconds);
  console.error(`${seconds} s of load with a backup …`);
  const during = run(seconds);
  await Bun.sleep((seconds * 1000) / 3);
  const backup = admin(["backup", "--out", join(work, "backup")]);
  const withBackup = await during;
  await server.stop();

  const orgFile = `${boot.orgId}.sqlite`;
  const restore = admin(["restore", "--from", join(work, "backup"), "--data-dir", join(work, "restored")]);
  const files = backup.out.files as { name: string; bytes: number }[];
  const row = (name: string, r: typeof alone) => `| ${name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.max} | ${r.errors} |`;
  console.log(`machine: ${machine()}; ${events / bodies.length} events a request, ${connections} connections`);
  console.log(`store: ${orgFile} ${(files.find((f) => f.name === orgFile)!.bytes / 2 ** 20).toFixed(1)} MiB in the backup; event rows: live at the end ${eventRows(join(dataDir, orgFile))}, in the restore ${eventRows(join(work, "restored", orgFile))} (filled with ${filled.ok} requests)`);
  console.log(`backup: ${backup.seconds.toFixed(2)} s (admin start to exit), restore: ${restore.seconds.toFixed(2)} s, integrity: ${JSON.stringify((restore.out.restored as { name: string; integrity: string | null }[]).map((f) => f.integrity))}`);
  console.log("| ingest | requests/s | p50 ms | p99 ms | max ms | errors |\n|---|---|---|---|---|---|");
  console.log(row(`${seconds} s alone`, alone));
  console.log(row(`${seconds} s with the backup`, withBackup));
} finally {
  rmSync(work, { recursive: true, force: true });
}
