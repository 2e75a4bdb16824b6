/** How far behind the newest one an event of an unkept type is still held: realtime reads the last 30 minutes. */
const KEEP_MS = 2 * 3600_000;

/**
 * The recent events of the types the columns do not keep (identify, consent, popups…), as
 * realtime needs them: the session's position and the time. Filled from the rows each refresh
 * reads, and once from the store for the window a realtime report first asks for (`coveredFrom`):
 * a site's first load and its snapshot read none of them.
 */
export class UnkeptEvents {
  session = new Int32Array(1024);
  ts = new Float64Array(1024);
  count = 0;
  /** Every such event from this time on is held (besides those added since the load); Infinity: none is known to be. */
  coveredFrom = Infinity;
  private newest = -Infinity;

  add(session: number, ts: number): void {
    if (this.count === this.ts.length) this.makeRoom();
    this.session[this.count] = session;
    this.ts[this.count++] = ts;
    if (ts > this.newest) this.newest = ts;
  }

  /** Drops what fell KEEP_MS behind the newest, or else doubles the room. */
  private makeRoom(): void {
    const cutoff = this.newest - KEEP_MS;
    let kept = 0;
    for (let i = 0; i < this.count; i++) {
      if (this.ts[i] < cutoff) continue;
      this.session[kept] = this.session[i];
      this.ts[kept++] = this.ts[i];
    }
    if (kept < this.count) this.coveredFrom = Math.max(this.coveredFrom, cutoff);
    this.count = kept;
    if (kept * 2 > this.ts.length) {
      const session = new Int32Array(this.ts.length * 2);
      const ts = new Float64Array(this.ts.length * 2);
      session.set(this.session.subarray(0, kept));
      ts.set(this.ts.subarray(0, kept));
      this.session = session;
      this.ts = ts;
    }
  }
}
