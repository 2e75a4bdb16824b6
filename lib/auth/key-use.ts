import { eq, sql } from "drizzle-orm";
import type { ControlStore } from "../db/control.ts";
import { apiKeys } from "../db/control-schema.ts";
import { keyUses } from "../db/tenant-schema.ts";
import type { TenantStores } from "../db/tenants.ts";
import { recordAudit } from "../audit.ts";
import { logLine } from "../log.ts";

interface Use {
  keyId: string;
  org: { id: string; dbUrl: string | null };
  actor: { id: string; name: string; email: string };
  ip: string;
  at: number;
  /** UTC day of the use (the log counts per key, day and IP). */
  day: string;
  count: number;
}

/**
 * Records each key use with the caller's IP without a write per request: uses are summed in
 * memory and flushed about once a second — last use on the key (control), a per-day/IP count
 * in the org's key-use log, and a `key.used` audit entry the first time a key is seen from an
 * IP on a day.
 */
export class KeyUseRecorder {
  private pending = new Map<string, Use>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly control: ControlStore,
    private readonly tenants: TenantStores,
    private readonly intervalMs = 1000,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.intervalMs);
    this.timer.unref?.();
  }

  record(use: Omit<Use, "count" | "day">): void {
    const day = new Date(use.at).toISOString().slice(0, 10);
    const k = `${use.keyId}|${day}|${use.ip}`;
    const prev = this.pending.get(k);
    if (prev) {
      prev.count++;
      prev.at = use.at;
    } else this.pending.set(k, { ...use, day, count: 1 });
  }

  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write()).catch((error) => logLine({ level: "error", msg: "key use flush failed", error: String(error) }));
    return this.flushing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    const latest = new Map<string, Use>();
    for (const u of batch) if ((latest.get(u.keyId)?.at ?? -1) < u.at) latest.set(u.keyId, u);
    this.control.write((db) => {
      for (const u of latest.values()) db.update(apiKeys).set({ lastUsedAt: u.at, lastUsedIp: u.ip }).where(eq(apiKeys.id, u.keyId)).run();
    });
    for (const u of batch) {
      try {
        const store = await this.tenants.get(u.org);
        const [row] = await store.db
          .insert(keyUses)
          .values({ keyId: u.keyId, day: u.day, ip: u.ip, count: u.count, firstAt: u.at, lastAt: u.at })
          .onConflictDoUpdate({ target: [keyUses.keyId, keyUses.day, keyUses.ip], set: { count: sql`${keyUses.count} + ${u.count}`, lastAt: u.at } })
          .returning({ count: keyUses.count });
        if (row && row.count === u.count) {
          await recordAudit(store.db, {
            actor: { type: "key", ...u.actor },
            action: "key.used",
            label: `API key used from ${u.ip}`,
            target: { type: "api_key", id: u.keyId },
            meta: { ip: u.ip, day: u.day },
            ip: u.ip,
            at: u.at,
          });
        }
      } catch (error) {
        // An org whose own database is down loses this use record, never the request.
        logLine({ level: "warn", msg: "key use not recorded", orgId: u.org.id, error: String(error) });
      }
    }
  }
}
