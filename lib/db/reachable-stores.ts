import { logLine } from "../log.ts";
import type { OrgStoreRef, TenantStore, TenantStores } from "./tenants.ts";

/**
 * Organization stores as a background worker opens them: one whose database is down is passed
 * over (its work waits for it), logged once when it goes and once when it comes back.
 */
export class ReachableStores {
  private readonly unreachable = new Set<string>();

  constructor(
    private readonly tenants: TenantStores,
    /** The worker, as log lines name it ("webhook deliveries"). */
    private readonly worker: string,
  ) {}

  /** The org's store, or null when it cannot be opened now. */
  async open(org: OrgStoreRef): Promise<TenantStore | null> {
    try {
      const store = await this.tenants.get(org);
      if (this.unreachable.delete(org.id)) logLine({ level: "info", msg: `${this.worker}: organization store reachable again`, orgId: org.id });
      return store;
    } catch (error) {
      if (!this.unreachable.has(org.id)) logLine({ level: "warn", msg: `${this.worker}: organization store unreachable, skipped`, orgId: org.id, error: String((error as Error)?.message ?? error) });
      this.unreachable.add(org.id);
      return null;
    }
  }

  /**
   * Each org whose store opens now, with its store, one after another, until `stopped()` says
   * so (a worker's pass over every organization).
   */
  async *each<O extends OrgStoreRef>(orgs: readonly O[], stopped: () => boolean): AsyncGenerator<{ org: O; store: TenantStore }> {
    for (const org of orgs) {
      if (stopped()) return;
      const store = await this.open(org);
      if (store) yield { org, store };
    }
  }
}
