/** `bun run bench <name> [options]`: runs scripts/bench/<name>.ts. */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

const name = process.argv[2];
const dir = join(import.meta.dir, "bench");
const available = readdirSync(dir)
  .filter((f) => f.endsWith(".ts") && !["harness.ts", "loadgen.ts", "bare-json.ts", "bare-collect.ts", "bare-receiver.ts", "collect-bodies.ts", "seeded-site.ts", "tenant-fleet.ts"].includes(f))
  .map((f) => f.replace(/\.ts$/, ""));
if (!name || !existsSync(join(dir, `${name}.ts`)) || !available.includes(name)) {
  console.error(`usage: bun run bench <${available.join("|")}> [options]`);
  process.exit(2);
}
const proc = Bun.spawn([process.execPath, join(dir, `${name}.ts`), ...process.argv.slice(3)], { stdout: "inherit", stderr: "inherit" });
process.exit(await proc.exited);
