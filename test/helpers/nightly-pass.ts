/**
 * One process's recommendations pass, as the hooks service's worker runs it: `DATA_DIR` and the
 * settings from the environment, the clock fixed at `TEST_NOW`, the pass started at `START_AT`
 * (wall ms) so two processes started together overlap. Prints the pass's result (null when
 * another process had claimed the day).
 */
import { readSettings } from "../../lib/config.ts";
import { setLogging } from "../../lib/log.ts";
import { closePlatform, openPlatform } from "../../lib/platform.ts";
import { RecommendationsWorker } from "../../lib/recommendations/worker.ts";

setLogging(false);
const now = Number(process.env.TEST_NOW);
const platform = openPlatform(readSettings(process.env), { now: () => now });
await Bun.sleep(Math.max(0, Number(process.env.START_AT) - Date.now()));
const result = await new RecommendationsWorker(platform).kick();
closePlatform(platform);
console.log(JSON.stringify(result));
