import type { TenantStore } from "../db/tenants.ts";
import { readRows } from "../db/statements.ts";
import type { SiteData } from "../analytics/site-data.ts";
import { grow } from "../analytics/columns.ts";

/**
 * What a site's store knows about people beyond their sessions: the leads each visitor left
 * (their latest contact details, how many) and the user ids identify() linked them to. Both
 * tables only grow, so the index reads the rows added since its last look.
 */
export interface LeadContact {
  leads: number;
  /** The latest lead's contact details (unmasked: mask before answering). */
  name: string | null;
  email: string | null;
}

/** A lead's attribution as stored on it. */
export interface LeadGroup {
  channel: string | null;
  campaign: string | null;
  sourceMedium: string | null;
}

export class PeopleIndex {
  readonly leadsOf = new Map<number, LeadContact>();
  /** Leads per visitor seq, and 1 for identified visitors, as columns (the list reads every visitor). */
  leadsByVisitor = new Int32Array(0);
  identifiedVisitors = new Uint8Array(0);
  /** identify() user id per visitor (the latest linked); who shares one is lib/people/identity.ts's to say. */
  readonly userOf = new Map<number, number>();
  /**
   * Every lead's time and attribution group (channel, campaign, source / medium), as columns:
   * leads per campaign over any range is a scan of these, not a query over a million rows.
   */
  private leadAt = new Float64Array(0);
  private leadGroup = new Int32Array(0);
  private leadTotal = 0;
  private readonly groups: LeadGroup[] = [];
  private readonly groupIds = new Map<string, number>();
  private leadsUpTo = 0;
  private identities = 0;

  constructor(private readonly siteId: string, private readonly data: SiteData) {}

  /** Reads the leads and identity links added since the last call. */
  async refresh(store: TenantStore): Promise<void> {
    // Up to the newest lead now, visitor or not: leads without a visitor (imports, connectors)
    // are passed once, not scanned again at every refresh.
    const newest = ((await readRows(store, "SELECT max(rowid) FROM leads", []))[0][0] as number | null) ?? 0;
    const leads = await readRows(
      store,
      "SELECT visitor, name, email, created_at, channel, campaign, source_medium FROM leads WHERE rowid > ? AND rowid <= ? AND site_id = ? ORDER BY rowid",
      [this.leadsUpTo, newest, this.siteId],
    );
    for (const [visitor, name, email, createdAt, channel, campaign, sourceMedium] of leads as [number | null, string | null, string | null, number, string | null, string | null, string | null][]) {
      this.addLead(createdAt, channel, campaign, sourceMedium);
      if (visitor === null) continue;
      const known = this.leadsOf.get(visitor);
      this.leadsOf.set(visitor, { leads: (known?.leads ?? 0) + 1, name: name ?? known?.name ?? null, email: email ?? known?.email ?? null });
      this.columnsFor(visitor);
      this.leadsByVisitor[visitor]++;
      this.identifiedVisitors[visitor] = 1;
    }
    this.leadsUpTo = newest;
    if (this.data.siteRef < 0) return;
    // Identity links have no row order to follow (the table is keyed by site, user, visitor):
    // they are few, so all are read again when their number changes.
    const links = (await readRows(store, "SELECT count(*) FROM identity_rows WHERE site = ?", [this.data.siteRef]))[0][0] as number;
    if (links === this.identities) return;
    this.userOf.clear();
    const rows = await readRows(store, "SELECT user, visitor FROM identity_rows WHERE site = ? ORDER BY first_at", [this.data.siteRef]);
    for (const [user, visitor] of rows as [number, number][]) {
      this.columnsFor(visitor);
      this.identifiedVisitors[visitor] = 1;
      this.userOf.set(visitor, user);
    }
    this.identities = links;
  }

  /** Leads created in [start, end) (epoch ms) per attribution group. */
  leadsByGroup(start: number, end: number): (LeadGroup & { leads: number })[] {
    const counts = new Int32Array(this.groups.length);
    const { leadAt, leadGroup } = this;
    for (let i = 0; i < this.leadTotal; i++) if (leadAt[i] >= start && leadAt[i] < end) counts[leadGroup[i]]++;
    return this.groups.map((g, i) => ({ ...g, leads: counts[i] })).filter((g) => g.leads > 0);
  }

  private addLead(createdAt: number, channel: string | null, campaign: string | null, sourceMedium: string | null): void {
    const key = `${channel}\u0000${campaign}\u0000${sourceMedium}`;
    let group = this.groupIds.get(key);
    if (group === undefined) {
      group = this.groups.push({ channel, campaign, sourceMedium }) - 1;
      this.groupIds.set(key, group);
    }
    if (this.leadTotal === this.leadAt.length) {
      const size = Math.max(1024, this.leadTotal * 2);
      this.leadAt = grow(this.leadAt, size);
      this.leadGroup = grow(this.leadGroup, size);
    }
    this.leadAt[this.leadTotal] = createdAt;
    this.leadGroup[this.leadTotal++] = group;
  }

  leadCount(visitor: number): number {
    return visitor < this.leadsByVisitor.length ? this.leadsByVisitor[visitor] : 0;
  }

  /** Has the visitor identified themselves (a user id, or contact details in a lead)? */
  identified(visitor: number): boolean {
    return visitor < this.identifiedVisitors.length && this.identifiedVisitors[visitor] === 1;
  }

  private columnsFor(visitor: number): void {
    if (visitor < this.leadsByVisitor.length) return;
    const size = Math.max(1024, visitor + 1, this.leadsByVisitor.length * 2);
    this.leadsByVisitor = grow(this.leadsByVisitor, size);
    this.identifiedVisitors = grow(this.identifiedVisitors, size);
  }
}

/** The index of a site's data (one per loaded site), brought up to date. */
export async function peopleOf(siteId: string, data: SiteData, store: TenantStore): Promise<PeopleIndex> {
  const index = data.derived("people", () => new PeopleIndex(siteId, data));
  await index.refresh(store);
  return index;
}
