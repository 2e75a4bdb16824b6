import { noticeLine } from "../log.ts";

/**
 * A process's clean stop on SIGTERM or SIGINT (docs/operations.md "Stopping"). The first signal
 * runs the stop; it must end within STOP_DEADLINE_MS, else what is still running is logged and
 * the process exits 1. A second signal exits at once (128 + its number, as a shell reports a
 * kill). Either way nothing acknowledged is lost: a 202 or 201 is only answered once committed.
 */

/** Under the 10 s Docker and most supervisors give before SIGKILL, so the log line gets out. */
export const STOP_DEADLINE_MS = 9_000;

const SIGNAL_NUMBERS = { SIGINT: 2, SIGTERM: 15 } as const;
type StopSignal = keyof typeof SIGNAL_NUMBERS;

/** The steps of the stop still running, for the log when it does not finish. */
const running = new Set<string>();

/** Runs one named step of a stop; while it runs, it is what a late stop reports as left. */
export async function stopStep<T>(name: string, work: () => Promise<T> | T): Promise<T> {
  running.add(name);
  try {
    return await work();
  } finally {
    running.delete(name);
  }
}

/**
 * Installs the signal handlers before the process listens (a signal during the start then waits
 * for the start and stops what it opened). `started` settles with what to stop; a start that
 * fails exits 1.
 */
export function stopOnSignals(service: string, started: Promise<{ stop(): Promise<void> }>, deadlineMs = STOP_DEADLINE_MS): void {
  let first: { signal: StopSignal; at: number } | null = null;
  const exitNow = (code: number, msg: string, signal: StopSignal) => {
    noticeLine({ level: code === 0 ? "info" : "error", service, msg, signal, ms: Math.round(performance.now() - first!.at), left: [...running] });
    process.exit(code);
  };
  const onSignal = (signal: StopSignal) => {
    if (first) return exitNow(128 + SIGNAL_NUMBERS[signal], "second signal: stopped at once", signal);
    first = { signal, at: performance.now() };
    noticeLine({ service, msg: "stopping", signal });
    setTimeout(() => exitNow(1, `not stopped within ${deadlineMs} ms`, signal), deadlineMs);
    void started
      .then((app) => app.stop())
      .then(
        () => exitNow(0, "stopped", signal),
        (error) => {
          noticeLine({ level: "error", service, msg: "stop failed", error: String((error as Error)?.message ?? error) });
          exitNow(1, "stopped after a failure", signal);
        },
      );
  };
  process.on("SIGINT", () => onSignal("SIGINT"));
  process.on("SIGTERM", () => onSignal("SIGTERM"));
}
