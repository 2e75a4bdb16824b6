import { logLine } from "./log.ts";

/**
 * A background worker that makes passes (the report schedules, the retention purge): one
 * `firstMs` after `start`, then one `everyMs` after each ends; `kick` queues one now (tests);
 * passes never overlap, and `stop` waits for the one under way while no new one starts.
 */
export abstract class PeriodicWorker<T> {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private ended = false;
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly timing: { firstMs: number; everyMs: number },
    /** Logged when a pass throws ("report schedule pass failed"). */
    private readonly failure: string,
  ) {}

  protected abstract pass(): Promise<T>;

  /** Whether `stop` was called: a pass checks it between its steps. */
  protected get stopped(): boolean {
    return this.ended;
  }

  start(): void {
    const schedule = (ms: number) => {
      if (this.ended) return;
      this.timer = setTimeout(() => void this.kick().finally(() => schedule(this.timing.everyMs)), ms);
      (this.timer as { unref?: () => void }).unref?.();
    };
    schedule(this.timing.firstMs);
  }

  /** Waits for the pass under way; no new one starts. */
  async stop(): Promise<void> {
    this.ended = true;
    if (this.timer) clearTimeout(this.timer);
    await this.tail;
  }

  /** A pass now, after the one running (if any); tests call it. */
  kick(): Promise<T> {
    const pass = this.tail.then(() => this.pass());
    this.tail = pass.catch((error) => logLine({ level: "error", msg: this.failure, error: String(error) }));
    return pass;
  }
}
