import { t, type Static } from "elysia";
import { NullableTimestamp, OneOf, Timestamp } from "../api/models.ts";
import { CATEGORIES, ITEM_KINDS } from "./categories.ts";
import { INVENTORY_WITNESSES, MAX_INVENTORY_ITEMS } from "../ingest/inventory.ts";

/** TypeBox models of the consent read API (docs/consent.md "Read API"; spec 2.5). */

export const SCAN_STATUSES = ["queued", "running", "done", "failed"] as const;
export type ScanStatus = (typeof SCAN_STATUSES)[number];
export const SCAN_TRIGGERS = ["cli", "dashboard", "schedule"] as const;
export type ScanTrigger = (typeof SCAN_TRIGGERS)[number];
export const MATCHES = ["override", "builtin", "name", "prefix", "host", "none"] as const;
export type Match = (typeof MATCHES)[number];

const Count = t.Integer({ minimum: 0 });
const Category = OneOf(CATEGORIES);
const Kind = OneOf(ITEM_KINDS);
const ConsentChoice = t.Object({ analytics: t.Boolean(), marketing: t.Boolean() });

export const Evidence = t.Object(
  {
    source: OneOf(["visits", "scan"] as const),
    page: t.String({ description: "The page's URL" }),
    at: Timestamp,
    consent: ConsentChoice,
  },
  { title: "InventoryEvidence", description: "The first time the item was seen before consent" },
);

export const InventoryItem = t.Object(
  {
    id: t.String({ description: "ck_ + 16 hex of SHA-256 of kind:name; stable across scans" }),
    name: t.String(),
    kind: Kind,
    host: t.String(),
    category: Category,
    vendor: t.String(),
    purpose: t.String(),
    violation: t.Boolean({ description: "A classified non-necessary item still seen before the consent its category needs" }),
    lowEvidence: t.Boolean({
      description: `A violation only visits report (the latest scan's first pass did not see it), from fewer than ${INVENTORY_WITNESSES} distinct visitors before consent: possibly forged, not yet confirmed`,
    }),
    lastSeenAt: Timestamp,
    firstSeenAt: Timestamp,
    match: OneOf(MATCHES, { description: "How it was classified" }),
    sources: t.Array(OneOf(["visits", "scan"] as const)),
    evidence: t.Union([Evidence, t.Null()]),
    gated: t.Boolean({ description: "The latest done scan found it only after accepting all" }),
    httpOnly: t.Union([t.Boolean(), t.Null()], { description: "Cookies the scanner found: HttpOnly or not; null otherwise" }),
    change: t.Union([t.Literal("new"), t.Null()], { description: "new: the latest done scan found it, the one before did not" }),
  },
  { title: "InventoryItem" },
);
export type InventoryItem = Static<typeof InventoryItem>;

export const ScanView = t.Object(
  {
    status: OneOf(["none", ...SCAN_STATUSES] as const),
    startedAt: NullableTimestamp,
    finishedAt: NullableTimestamp,
    pages: Count,
    found: Count,
    error: t.Union([t.String(), t.Null()]),
    trigger: t.Union([OneOf(SCAN_TRIGGERS), t.Null()]),
    itemsFrom: t.Union([Timestamp, t.Null()], { description: "When the done scan whose items are shown finished" }),
  },
  { title: "CookieScan" },
);
export type ScanView = Static<typeof ScanView>;

/** One scan with its id: what `cookies scan` prints and "Scan now" answers. */
export const ScanAnswer = t.Composite([t.Object({ id: t.String({ description: "The scan's id" }) }), ScanView], { title: "CookieScanWithId" });
export type ScanAnswer = Static<typeof ScanAnswer>;

export const RemovedItem = t.Object({ name: t.String(), kind: Kind, host: t.String(), category: Category, vendor: t.String() }, { title: "RemovedInventoryItem" });

export const CookieInventory = t.Object(
  {
    items: t.Array(InventoryItem, { description: "Violations first (low-evidence ones after the others), then marketing, analytics, personalization, unknown, necessary; then by name" }),
    summary: t.Object({
      total: Count,
      unknown: Count,
      violations: Count,
      lowEvidence: t.Integer({ minimum: 0, description: "Violations marked lowEvidence (counted in violations too)" }),
      dropped: t.Integer({ minimum: 0, description: `Items visits reported that the site's inventory did not keep: it holds at most ${MAX_INVENTORY_ITEMS} items` }),
      byCategory: t.Object(Object.fromEntries(CATEGORIES.map((c) => [c, Count])) as Record<(typeof CATEGORIES)[number], typeof Count>),
    }),
    scan: ScanView,
    removed: t.Array(RemovedItem, { description: "Found by the previous done scan, not by the latest, and not seen by visits since it started" }),
    canManage: t.Boolean({ description: "true for a dashboard session of an owner or admin (they scan and classify); always false for an API key" }),
    defaultUrl: t.String({ description: "Where the scanner starts" }),
  },
  { title: "CookieInventory" },
);
export type CookieInventory = Static<typeof CookieInventory>;
