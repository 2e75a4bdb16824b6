import { and, count, eq, isNull, ne } from "drizzle-orm";
import { couponCodes, engagementSettings, popups, spinWheels } from "../db/tenant-schema.ts";
import type { TenantStore } from "../db/tenants.ts";
import { runProgram, allOp, runOp, type Program } from "../db/statements.ts";
import { ApiError, invalid, notFound } from "../errors.ts";
import { newId } from "../ids.ts";
import { checkPopupDef } from "./popup-definition.ts";
import { checkWheelDef, withoutCodes } from "./wheel-definition.ts";
import type { EngagementStatus, PopupDefinition, WheelDefinition } from "./types.ts";

/**
 * Making and changing popups and wheels (the admin CLI is the editor: docs/engagement.md).
 * Definitions are checked before they reach here. A popup's row holds its whole definition;
 * a wheel's row holds its definition without coupon codes, which live in `coupon_codes` (one
 * row per code, `spin_id` set once handed out), and each slice's stock in `spin_slices`.
 */

export type Kind = "popup" | "wheel";
export const DEFAULT_POPUPS_PER_SESSION = 1;
export const MAX_POPUPS_PER_SESSION = 10;

const tableOf = (kind: Kind) => (kind === "popup" ? popups : spinWheels);
const noun = (kind: Kind) => (kind === "popup" ? "Popup" : "Spin wheel");

/** The status a definition file may ask for: `draft` (default) or `active` when made; also `paused` when updated. */
export function fileStatus(raw: unknown, creating: boolean): EngagementStatus | null {
  const status = (raw as { status?: unknown } | null)?.status;
  if (status === undefined) return creating ? "draft" : null;
  const allowed: EngagementStatus[] = creating ? ["draft", "active"] : ["draft", "active", "paused"];
  if (typeof status !== "string" || !(allowed as string[]).includes(status)) throw invalid("status", `must be one of ${allowed.join(", ")} (archive with the archive command)`);
  return status as EngagementStatus;
}

export interface StoredRow {
  id: string;
  siteId: string;
  name: string;
  status: EngagementStatus;
  definition: string;
  createdAt: number;
  updatedAt: number;
}

/** A stored time (ms) as the API shows it. */
export const isoOf = (ms: number) => new Date(ms).toISOString();

/** A popup or wheel of a site, as the read API asks for it: another site's or an unknown one 404 (a malformed id the route's path schema answered 404 already). */
export async function siteRowOf(store: TenantStore, kind: Kind, siteId: string, id: string): Promise<StoredRow> {
  const table = tableOf(kind);
  const row = await store.db.select().from(table).where(and(eq(table.siteId, siteId), eq(table.id, id))).get();
  if (!row) throw notFound(noun(kind));
  return row as StoredRow;
}

export async function rowOf(store: TenantStore, kind: Kind, id: string): Promise<StoredRow | null> {
  const table = tableOf(kind);
  const row = await store.db.select().from(table).where(eq(table.id, id)).get();
  return (row as StoredRow | undefined) ?? null;
}

/** The org's popups that count against the plan (archived ones do not). */
export async function countedPopups(store: TenantStore): Promise<number> {
  const row = await store.db.select({ n: count() }).from(popups).where(ne(popups.status, "archived")).get();
  return row?.n ?? 0;
}

export async function createPopup(store: TenantStore, siteId: string, def: PopupDefinition, status: EngagementStatus, at: number): Promise<string> {
  const id = newId();
  await store.db.insert(popups).values({ id, siteId, name: def.name, status, definition: JSON.stringify(def), createdAt: at, updatedAt: at });
  return id;
}

/** An archived definition is never changed again: 409 CONFLICT. */
function refuseArchived(kind: Kind, row: StoredRow, path: string): void {
  if (row.status === "archived") throw new ApiError("CONFLICT", `${noun(kind)} ${row.id} is archived and cannot be changed or shown again`, [{ path, message: "is archived" }]);
}

/** Replaces a popup's definition (its counts stay, by variant key); `status` null keeps the status. */
export async function updatePopup(store: TenantStore, row: StoredRow, def: PopupDefinition, status: EngagementStatus | null, at: number): Promise<void> {
  refuseArchived("popup", row, "--id");
  await store.db.update(popups).set({ name: def.name, status: status ?? row.status, definition: JSON.stringify(def), updatedAt: at }).where(eq(popups.id, row.id));
}

/** pause, activate, archive: any status but archived may change; archiving is final. */
export async function setStatus(store: TenantStore, kind: Kind, row: StoredRow, status: EngagementStatus, at: number): Promise<void> {
  if (row.status === status) return;
  refuseArchived(kind, row, "--id");
  const table = tableOf(kind);
  await store.db.update(table).set({ status, updatedAt: at }).where(eq(table.id, row.id));
}

/** The cap on how many different popups one session sees on a site (1–10, default 1). */
export async function setPopupsPerSession(store: TenantStore, siteId: string, popupsPerSession: number): Promise<void> {
  await store.db.insert(engagementSettings).values({ siteId, popupsPerSession }).onConflictDoUpdate({ target: engagementSettings.siteId, set: { popupsPerSession } });
}

export async function popupsPerSession(store: TenantStore, siteId: string): Promise<number> {
  const row = await store.db.select().from(engagementSettings).where(eq(engagementSettings.siteId, siteId)).get();
  return row?.popupsPerSession ?? DEFAULT_POPUPS_PER_SESSION;
}

/**
 * Writes a wheel, its slices' stock and its coupon codes in one transaction. A slice's
 * `stock` is how many times it can be won in all; what was awarded already is subtracted.
 * Codes already handed out stay as they are; a listed code not stored yet is added; a stored
 * code no longer listed is removed unless it was handed out; a listed free code follows its
 * slice.
 */
function* saveWheel(id: string, siteId: string, def: WheelDefinition, status: EngagementStatus, at: number, creating: boolean): Program<void> {
  const stored = JSON.stringify(withoutCodes(def));
  if (creating) yield runOp("INSERT INTO spin_wheels (id, site_id, name, status, definition, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)", id, siteId, def.name, status, stored, at, at);
  else yield runOp("UPDATE spin_wheels SET name = ?, status = ?, definition = ?, updated_at = ? WHERE id = ?", def.name, status, stored, at, id);
  const awarded = new Map<number, number>();
  for (const r of (yield allOp("SELECT slice, awarded FROM spin_slices WHERE wheel_id = ?", id)) as { slice: number; awarded: number }[]) awarded.set(r.slice, r.awarded);
  yield runOp("DELETE FROM spin_slices WHERE wheel_id = ? AND slice >= ?", id, def.slices.length);
  for (const [i, slice] of def.slices.entries()) {
    const won = awarded.get(i) ?? 0;
    const left = slice.stock === null ? null : Math.max(0, slice.stock - won);
    yield runOp("INSERT INTO spin_slices (wheel_id, slice, stock_left, awarded) VALUES (?, ?, ?, ?) ON CONFLICT (wheel_id, slice) DO UPDATE SET stock_left = excluded.stock_left", id, i, left, won);
  }
  const listed = new Map<string, number>();
  def.slices.forEach((slice, i) => slice.codes?.forEach((code) => listed.set(code, i)));
  const existing = (yield allOp("SELECT code, slice, spin_id AS spinId FROM coupon_codes WHERE wheel_id = ?", id)) as { code: string; slice: number; spinId: string | null }[];
  const have = new Set<string>();
  for (const row of existing) {
    have.add(row.code);
    if (row.spinId !== null) continue;
    const slice = listed.get(row.code);
    if (slice === undefined) yield runOp("DELETE FROM coupon_codes WHERE wheel_id = ? AND code = ?", id, row.code);
    else if (slice !== row.slice) yield runOp("UPDATE coupon_codes SET slice = ? WHERE wheel_id = ? AND code = ?", slice, id, row.code);
  }
  for (const [code, slice] of listed) if (!have.has(code)) yield runOp("INSERT INTO coupon_codes (wheel_id, slice, code, spin_id) VALUES (?, ?, ?, NULL)", id, slice, code);
}

export async function createWheel(store: TenantStore, siteId: string, def: WheelDefinition, status: EngagementStatus, at: number): Promise<string> {
  const id = newId();
  await runProgram(store, saveWheel(id, siteId, def, status, at, true));
  return id;
}

export async function updateWheel(store: TenantStore, row: StoredRow, def: WheelDefinition, status: EngagementStatus | null, at: number): Promise<void> {
  refuseArchived("wheel", row, "--id");
  await runProgram(store, saveWheel(row.id, row.siteId, def, status ?? row.status, at, false));
}

/** A stored popup's definition, checked again (a hand-edited row answers 422 naming `definition…`, not a crash). */
export const storedPopup = (row: Pick<StoredRow, "definition">): PopupDefinition => checkPopupDef(JSON.parse(row.definition), "definition");
/** A stored wheel's definition (no coupon codes: they live in coupon_codes). */
export const storedWheel = (row: Pick<StoredRow, "definition">): WheelDefinition => checkWheelDef(JSON.parse(row.definition), "definition", true);

/** Codes of a wheel per slice: how many are still free. */
export async function freeCodesBySlice(store: TenantStore, wheelId: string): Promise<Map<number, number>> {
  const rows = await store.db.select({ slice: couponCodes.slice, n: count() }).from(couponCodes).where(and(eq(couponCodes.wheelId, wheelId), isNull(couponCodes.spinId))).groupBy(couponCodes.slice);
  return new Map(rows.map((r) => [r.slice, r.n]));
}
