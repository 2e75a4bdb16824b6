/**
 * A process that stops as a service does (lib/http/stopping.ts), for test/unit/stopping.test.ts:
 * its stop is one step that takes `stopMs`; the deadline is `deadlineMs`. Prints "ready" once
 * its handlers are installed.
 */
import { stopOnSignals, stopStep } from "../../lib/http/stopping.ts";

const [stopMs, deadlineMs] = process.argv.slice(2).map(Number);
stopOnSignals("fixture", Promise.resolve({ stop: () => stopStep("fixture: slow step", () => Bun.sleep(stopMs)) }), deadlineMs);
// Something to keep the process alive until a signal comes, as a server does.
setInterval(() => {}, 60_000);
process.stdout.write("ready\n");
