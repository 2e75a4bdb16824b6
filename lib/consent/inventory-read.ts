import type { Platform } from "../platform.ts";
import type { TenantStore } from "../db/tenants.ts";
import { orgStore } from "../db/org-store.ts";
import { readRows } from "../db/statements.ts";
import { CATEGORIES, consentOf, NEEDED_CONSENT, seenBeforeConsent, type Category, type ItemKind } from "./categories.ts";
import { classify, type Classification, type Override } from "./classify.ts";
import { overridesOf } from "./overrides.ts";
import { scanStartUrl } from "./settings.ts";
import { orgSite } from "../sites/sites.ts";
import { itemId } from "./item-id.ts";
import type { CookieInventory, InventoryItem } from "./models.ts";
import { doneScans, latestScan, scanView, type ScanRow } from "./scans.ts";
import { INVENTORY_WITNESSES } from "../ingest/inventory.ts";

/**
 * `GET …/sites/{siteId}/cookies` (docs/consent.md "Read API"): what visits and the latest done
 * scan saw, merged per item in one pass over a few plain reads, classified once per item.
 */

/** The site the inventory is about: its store and where the scanner starts. */
export interface ConsentSite {
  id: string;
  store: TenantStore;
  defaultUrl: string;
}

/** The org's site with its consent settings' `defaultUrl` (else `https://` + its domain + `/`); 404 for another org's. */
export async function consentSite(platform: Platform, orgId: string, siteId: string): Promise<ConsentSite> {
  const site = orgSite(platform.control.db, orgId, siteId);
  return { id: siteId, store: await orgStore(platform, orgId), defaultUrl: scanStartUrl(site) };
}

const isoOf = (ms: number) => new Date(ms).toISOString();

const PASS_NO_CONSENT = 1;
const PASS_ACCEPTED = 2;

/** One pass's row of the latest done scan. */
interface ScanSighting {
  host: string;
  page: string;
  at: number;
  httpOnly: number | null;
}

/** Everything known of one `(kind, name)` before it is classified. */
interface Merged {
  kind: ItemKind;
  name: string;
  visitsHost: string | null;
  visitsFirst: number | null;
  visitsLast: number | null;
  /** Bit `1 << state` for each consent state of a current sample holding it. */
  sampleStates: number;
  /** Its first sightings per consent state: [state, at, page]. */
  sightings: [number, number, string][];
  pass1: ScanSighting | null;
  pass2: ScanSighting | null;
  /** When the previous done scan saw it, if it did. */
  previousAt: number | null;
  /** Distinct visitors who reported it before full consent (kept up to INVENTORY_WITNESSES). */
  witnesses: number;
}

/** By name, then kind (a storage key and a cookie may share a name). */
const byName = (a: { name: string; kind: string }, b: { name: string; kind: string }) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0;

/** Violations first (those of low evidence after the others), then by how much a category needs consent, then by name. */
const CATEGORY_ORDER: Record<Category, number> = { marketing: 0, analytics: 1, personalization: 2, unknown: 3, necessary: 4 };
function byImportance(a: InventoryItem, b: InventoryItem): number {
  if (a.violation !== b.violation) return a.violation ? -1 : 1;
  if (a.lowEvidence !== b.lowEvidence) return a.lowEvidence ? 1 : -1;
  return CATEGORY_ORDER[a.category] - CATEGORY_ORDER[b.category] || byName(a, b);
}

/**
 * Evidence states of a category: those lacking its needed consent; for a category that needs
 * none (necessary, unknown), the state with nothing granted — what "before consent" means for
 * them, as the scanner's first pass is.
 */
const lacksConsent = (category: Category, state: number) => (NEEDED_CONSENT[category] === 0 ? state === 0 : seenBeforeConsent(category, state));

function evidenceOf(m: Merged, category: Category): InventoryItem["evidence"] {
  let first: [number, number, string] | null = null;
  for (const s of m.sightings) if (lacksConsent(category, s[0]) && (first === null || s[1] < first[1])) first = s;
  if (first) return { source: "visits", page: first[2], at: isoOf(first[1]), consent: consentOf(first[0]) };
  if (m.pass1) return { source: "scan", page: m.pass1.page, at: isoOf(m.pass1.at), consent: consentOf(0) };
  return null;
}

/** A classified item still seen before its consent: in a current visit sample, or in the latest scan's first pass. */
function isViolation(m: Merged, category: Category): boolean {
  if (NEEDED_CONSENT[category] === 0) return false;
  if (m.pass1) return true;
  for (let state = 0; state < 4; state++) if (m.sampleStates & (1 << state) && seenBeforeConsent(category, state)) return true;
  return false;
}

/**
 * A violation only visits vouch for (the scan's first pass did not see it), reported before
 * consent by fewer than INVENTORY_WITNESSES distinct visitors: one forged request makes one.
 */
const lowEvidence = (m: Merged, violation: boolean) => violation && m.pass1 === null && m.witnesses < INVENTORY_WITNESSES;

/** A scanned cookie's domain when another site's than the page it was set on: it may name the vendor. */
function thirdPartyDomain({ host, page }: { host: string; page: string }): string | undefined {
  const domain = host.replace(/^\./, "");
  let pageHost = "";
  try {
    pageHost = new URL(page).hostname;
  } catch {
    // No page to compare with: the domain alone.
  }
  return pageHost === domain || pageHost.endsWith(`.${domain}`) ? undefined : domain;
}

const classifyAs = (kind: ItemKind, name: string, scanned: { host: string; page: string } | null, overrides: ReadonlyMap<string, Override>): Classification =>
  classify({ kind, name, host: kind === "cookie" && scanned ? thirdPartyDomain(scanned) : undefined }, overrides);

/** Items by kind, then name: tens of thousands of row lookups a read, without building a key string for each. */
class ItemTable {
  private readonly byKind = new Map<string, Map<string, Merged>>();

  get(kind: string, name: string): Merged | undefined {
    return this.byKind.get(kind)?.get(name);
  }

  getOrAdd(kind: string, name: string): Merged {
    let names = this.byKind.get(kind);
    if (!names) this.byKind.set(kind, (names = new Map()));
    let m = names.get(name);
    if (!m) {
      m = { kind: kind as ItemKind, name, visitsHost: null, visitsFirst: null, visitsLast: null, sampleStates: 0, sightings: [], pass1: null, pass2: null, previousAt: null, witnesses: 0 };
      names.set(name, m);
    }
    return m;
  }

  *values(): IterableIterator<Merged> {
    for (const names of this.byKind.values()) yield* names.values();
  }
}

type RemovedRow = { kind: ItemKind; name: string; host: string; page: string };

/**
 * Visits' rows and the two done scans' items, folded per item; and the previous scan's items
 * the latest did not find that visits have not seen since the latest started (removed).
 */
async function mergedItems(store: TenantStore, siteId: string, latestDone: ScanRow | undefined, previousDone: ScanRow | undefined): Promise<{ merged: ItemTable; removed: RemovedRow[]; dropped: number }> {
  const [visits, samples, sampleItems, sightings, scanItems, previousItems, witnesses, dropped] = await Promise.all([
    readRows(store, "SELECT kind, name, host, first_seen_at, last_seen_at FROM inventory WHERE site_id = ?", [siteId]),
    readRows(store, "SELECT page_key, state, last_at FROM inventory_samples WHERE site_id = ?", [siteId]),
    // Plain rows in key order, folded here: a join grouped by item costs SQLite a sort of them all.
    readRows(store, "SELECT page_key, state, kind, name FROM inventory_sample_items WHERE site_id = ?", [siteId]),
    readRows(store, "SELECT kind, name, state, at, path FROM inventory_sightings WHERE site_id = ?", [siteId]),
    // The scans' items as arrays, not scans.ts's scanItems (objects through drizzle: thousands a read).
    latestDone ? readRows(store, "SELECT kind, name, pass, host, page, at, http_only FROM cookie_scan_items WHERE scan_id = ?", [latestDone.id]) : [],
    previousDone ? readRows(store, "SELECT kind, name, host, page, at FROM cookie_scan_items WHERE scan_id = ? ORDER BY kind, name, pass", [previousDone.id]) : [],
    // In key order: grouped without a sort.
    readRows(store, "SELECT kind, name, count(*) FROM inventory_witnesses WHERE site_id = ? GROUP BY kind, name", [siteId]),
    readRows(store, "SELECT items FROM inventory_dropped WHERE site_id = ?", [siteId]),
  ]);

  const merged = new ItemTable();
  for (const [kind, name, host, first, last] of visits as [string, string, string | null, number, number][]) {
    const m = merged.getOrAdd(kind, name);
    m.visitsHost = host;
    m.visitsFirst = first;
    m.visitsLast = last;
  }
  const sampleAt = new Map((samples as [string, number, number][]).map(([page, state, lastAt]) => [`${state}${page}`, lastAt]));
  for (const [page, state, kind, name] of sampleItems as [string, number, string, string][]) {
    const m = merged.get(kind, name);
    // A sample's item is in `inventory` (the same write); one without would be no item of visits.
    if (!m) continue;
    m.sampleStates |= 1 << state;
    const lastAt = sampleAt.get(`${state}${page}`) ?? 0;
    if (lastAt > m.visitsLast!) m.visitsLast = lastAt;
  }
  for (const [kind, name, state, at, page] of sightings as [string, string, number, number, string][]) merged.get(kind, name)?.sightings.push([state, at, page]);
  for (const [kind, name, count] of witnesses as [string, string, number][]) {
    const m = merged.get(kind, name);
    if (m) m.witnesses = count;
  }
  for (const [kind, name, pass, host, page, at, httpOnly] of scanItems as [string, string, number, string, string, number, number | null][]) {
    const m = merged.getOrAdd(kind, name);
    const seen = { host, page, at, httpOnly };
    if (pass === PASS_NO_CONSENT) m.pass1 = seen;
    else if (pass === PASS_ACCEPTED) m.pass2 = seen;
  }

  const removed: RemovedRow[] = [];
  const latestStart = latestDone?.startedAt ?? latestDone?.finishedAt ?? 0;
  // The previous scan's rows come in key order (kind, name, pass): an item's first row is its first pass's.
  let lastKind = "";
  let lastName = "";
  for (const [kind, name, host, page, at] of previousItems as [string, string, string, string, number][]) {
    const m = merged.get(kind, name);
    if (m && (m.previousAt === null || at < m.previousAt)) m.previousAt = at;
    if (kind === lastKind && name === lastName) continue;
    lastKind = kind;
    lastName = name;
    if (m?.pass1 || m?.pass2) continue;
    if (!m || m.visitsLast! < latestStart) removed.push({ kind: kind as ItemKind, name, host, page });
  }
  return { merged, removed, dropped: (dropped[0]?.[0] as number | undefined) ?? 0 };
}

/** One item as the API shows it (docs/consent.md "Read API"). `afterAnother`: the latest done scan has one before it. */
function inventoryItem(m: Merged, overrides: ReadonlyMap<string, Override>, afterAnother: boolean): InventoryItem {
  const scanned = m.pass1 ?? m.pass2;
  // The scanner's host says more for a cookie (its domain, maybe a third party's); visits know the page's.
  const host = (m.kind === "cookie" ? (scanned?.host ?? m.visitsHost) : (m.visitsHost ?? scanned?.host)) ?? "";
  const { category, vendor, purpose, match } = classifyAs(m.kind, m.name, scanned, overrides);
  const first = Math.min(m.pass1?.at ?? Infinity, m.pass2?.at ?? Infinity, m.previousAt ?? Infinity, m.visitsFirst ?? Infinity);
  const lastSeen = Math.max(m.pass1?.at ?? -Infinity, m.pass2?.at ?? -Infinity, m.visitsLast ?? -Infinity);
  const violation = isViolation(m, category);
  return {
    id: itemId(m.kind, m.name),
    name: m.name,
    kind: m.kind,
    host,
    category,
    vendor,
    purpose,
    violation,
    lowEvidence: lowEvidence(m, violation),
    lastSeenAt: isoOf(lastSeen),
    firstSeenAt: isoOf(first),
    match,
    sources: m.visitsFirst === null ? ["scan"] : scanned ? ["visits", "scan"] : ["visits"],
    evidence: evidenceOf(m, category),
    gated: m.pass1 === null && m.pass2 !== null,
    httpOnly: m.kind === "cookie" && scanned && scanned.httpOnly !== null ? scanned.httpOnly === 1 : null,
    change: scanned && afterAnother && m.previousAt === null ? "new" : null,
  };
}

export async function cookieInventory(site: ConsentSite, canManage: boolean): Promise<CookieInventory> {
  const { store, id: siteId } = site;
  const [latest, [latestDone, previousDone], overrides] = await Promise.all([latestScan(store, siteId), doneScans(store, siteId, 2), overridesOf(store, siteId)]);
  const { merged, removed, dropped } = await mergedItems(store, siteId, latestDone, previousDone);
  const items = Array.from(merged.values(), (m) => inventoryItem(m, overrides, previousDone !== undefined)).sort(byImportance);
  const byCategory = Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<Category, number>;
  let violations = 0;
  let weak = 0;
  for (const item of items) {
    byCategory[item.category]++;
    if (item.violation) violations++;
    if (item.lowEvidence) weak++;
  }
  return {
    items,
    summary: { total: items.length, unknown: byCategory.unknown, violations, lowEvidence: weak, dropped, byCategory },
    scan: scanView(latest ?? null, latestDone ?? null),
    removed: removed
      .map(({ kind, name, host, page }) => {
        const { category, vendor } = classifyAs(kind, name, { host, page }, overrides);
        return { name, kind, host, category, vendor };
      })
      .sort(byName),
    canManage,
    defaultUrl: site.defaultUrl,
  };
}
