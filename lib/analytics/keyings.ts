/**
 * The engine's groupings and the indexes that keep grouped reports fast, one idea a file
 * (docs/analytics.md, "Where the engine lives"):
 * - keyings/groupings.ts: dimensions, the `Keying` interface (what a grouping can do) and its kinds;
 * - keyings/rollups.ts: per-day sums per group (`Rollup`);
 * - keyings/previous-session.ts: per session, page view or labelled event, the day of the
 *   visitor's previous one in the same group (`PrevSame`, `PagePrev`, `LabelPrev`);
 * - keyings/chain-order.ts: every session in visitor order, the first builds' common sort;
 * - keyings/snapshot-restore.ts: how a snapshot's kept indexes come back.
 */
import "./keyings/snapshot-restore.ts";

export { COMBINED, DIMENSIONS, foldOf, groupAt, KEY_JOIN, keyingOf, NOT_SET, type CombinedDimension, type Dimension, type Keying, type QueryRange, type ReportDimension } from "./keyings/groupings.ts";
export { CONVERSIONS, CONVERTING, ENGAGED, ENGAGED_MS, MAX_ROLLUP_GROUPS, NEW_USERS, PAGEVIEWS, REVENUE, Rollup, rollupOf, SESSIONS, SLOTS, USERS } from "./keyings/rollups.ts";
export { LABELLED_TYPES, LabelPrev, labelPrevOf, PagePrev, pagePrevOf, PrevSame, prevSameIfMade, prevSameOf, type LabelPrevColumns } from "./keyings/previous-session.ts";
