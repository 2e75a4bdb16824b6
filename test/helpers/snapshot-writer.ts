/**
 * A process that keeps taking in random event logs and writing its site's snapshot after
 * each, until it is killed (the snapshot tests kill it in the middle of a write).
 * Usage: bun snapshot-writer.ts STORE_FILE SNAPSHOT_PATH
 */
import { TestStore } from "./site-data.ts";
import { randomHits, SITE } from "./analytics-oracle.ts";

const [file, path] = process.argv.slice(2);
const store = new TestStore(file);
let data = await store.write(randomHits(1)).load(SITE, undefined, path);
for (let seed = 2; ; seed++) {
  data = await store.write(randomHits(seed)).load(SITE, data, path);
  await data.saveSnapshot(store.store);
  process.stdout.write(`saved ${seed}\n`);
}
