/**
 * Calls handled in batches, one batch at a time: what arrives while a batch is being handled
 * goes together next, so batches grow with the load (group commit). Each call settles with its
 * own result, or with the batch's error.
 */
export class Batches<T, R> {
  private items: { item: T; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
  private busy = false;
  private scheduled = false;

  /** `idle`: told when the last batch is done and nothing waits. */
  constructor(
    private readonly handle: (items: T[]) => Promise<R[]>,
    private readonly idle?: () => void,
    /** Told each batch's size as it starts (the group-commit histogram). */
    private readonly started?: (size: number) => void,
  ) {}

  /** Calls waiting for the batch after the one being handled. */
  get waiting(): number {
    return this.items.length;
  }

  add(item: T): Promise<R> {
    return new Promise((resolve, reject) => {
      this.items.push({ item, resolve, reject });
      if (!this.busy && !this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.run());
      }
    });
  }

  private async run(): Promise<void> {
    this.scheduled = false;
    if (this.busy || this.items.length === 0) return;
    this.busy = true;
    const batch = this.items;
    this.items = [];
    this.started?.(batch.length);
    try {
      const results = await this.handle(batch.map((p) => p.item));
      batch.forEach((p, i) => p.resolve(results[i]));
    } catch (error) {
      for (const p of batch) p.reject(error);
    } finally {
      this.busy = false;
      if (this.items.length > 0) void this.run();
      else this.idle?.();
    }
  }
}
