import { t, type Static } from "elysia";
import { and, eq } from "drizzle-orm";
import { OneOf, Timestamp } from "../api/models.ts";
import { auditInOrg, type Actor } from "../audit.ts";
import { cookieOverrides } from "../db/tenant-schema.ts";
import type { TenantStore } from "../db/tenants.ts";
import { ApiError, invalid } from "../errors.ts";
import type { Platform } from "../platform.ts";
import { CATEGORIES, type Category } from "./categories.ts";

/**
 * A site's own classification of a name (docs/consent.md "Classification", step 1), kept across
 * rescans: one contract for the admin CLI (lib/admin/cookies.ts, as the operator) and the
 * dashboard (services/dashboard/consent-overrides.ts, as the signed-in owner or admin). Callers
 * name their own fields in errors (`paths`: `--name` or `name`).
 */

export const NAME_MAX = 200;
export const VENDOR_MAX = 200;
export const PURPOSE_MAX = 1000;

export const CookieOverride = t.Object(
  {
    name: t.String({ description: "The cookie, storage key or host name, exactly as the inventory lists it" }),
    category: OneOf(CATEGORIES),
    vendor: t.String(),
    purpose: t.String(),
    updatedAt: Timestamp,
  },
  { title: "CookieOverride" },
);
export type CookieOverride = Static<typeof CookieOverride>;

export const OverrideBody = t.Object({
  category: OneOf(CATEGORIES),
  vendor: t.Optional(t.String({ maxLength: VENDOR_MAX, description: `At most ${VENDOR_MAX} characters; empty when left out` })),
  purpose: t.Optional(t.String({ maxLength: PURPOSE_MAX, description: `At most ${PURPOSE_MAX} characters; empty when left out` })),
});

export interface OverrideInput {
  name: string;
  category: Category;
  vendor: string;
  purpose: string;
}

export type OverridePaths = Record<keyof OverrideInput, string>;

// Line breaks are a purpose's paragraphs; every other control character is refused.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROL_BUT_LINES = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** A name as the inventory keeps it: 1–200 characters, no control characters, not trimmed (storage keys may hold spaces). */
export function checkName(value: unknown, path: string): string {
  if (typeof value !== "string" || value.length === 0) throw invalid(path, "is required");
  if (value.length > NAME_MAX) throw invalid(path, `must be at most ${NAME_MAX} characters`);
  if (CONTROL.test(value)) throw invalid(path, "must not contain control characters");
  return value;
}

function optionalText(value: unknown, path: string, max: number, control: RegExp): string {
  if (value === undefined) return "";
  if (typeof value !== "string") throw invalid(path, "must be text");
  const text = value.trim();
  if (text.length > max) throw invalid(path, `must be at most ${max} characters`);
  if (control.test(text)) throw invalid(path, "must not contain control characters");
  return text;
}

/** Checks an override as given (strings from the CLI or a JSON body); vendor and purpose default to "". */
export function checkOverride(input: { name?: unknown; category?: unknown; vendor?: unknown; purpose?: unknown }, paths: OverridePaths): OverrideInput {
  const name = checkName(input.name, paths.name);
  if (typeof input.category !== "string" || !(CATEGORIES as readonly string[]).includes(input.category)) throw invalid(paths.category, `must be one of ${CATEGORIES.join(", ")}`);
  return {
    name,
    category: input.category as Category,
    vendor: optionalText(input.vendor, paths.vendor, VENDOR_MAX, CONTROL),
    purpose: optionalText(input.purpose, paths.purpose, PURPOSE_MAX, CONTROL_BUT_LINES),
  };
}

type OverrideRow = typeof cookieOverrides.$inferSelect;
const view = (row: OverrideRow): CookieOverride => ({ name: row.name, category: row.category as Category, vendor: row.vendor, purpose: row.purpose, updatedAt: new Date(row.updatedAt).toISOString() });

/** Sets (or replaces) the site's override of a name. */
export async function setOverride(store: TenantStore, siteId: string, input: OverrideInput, now: number): Promise<CookieOverride> {
  const row = { siteId, name: input.name, category: input.category, vendor: input.vendor, purpose: input.purpose, updatedAt: now };
  await store.db
    .insert(cookieOverrides)
    .values(row)
    .onConflictDoUpdate({ target: [cookieOverrides.siteId, cookieOverrides.name], set: { category: row.category, vendor: row.vendor, purpose: row.purpose, updatedAt: now } });
  return view(row);
}

/** Removes the site's override of a name; false when there was none. */
export async function clearOverride(store: TenantStore, siteId: string, name: string): Promise<boolean> {
  const gone = await store.db.delete(cookieOverrides).where(and(eq(cookieOverrides.siteId, siteId), eq(cookieOverrides.name, name))).returning({ name: cookieOverrides.name });
  return gone.length > 0;
}

/** The site's overrides by name, as `classify` takes them. */
export async function overridesOf(store: TenantStore, siteId: string): Promise<Map<string, CookieOverride>> {
  const rows = await store.db.select().from(cookieOverrides).where(eq(cookieOverrides.siteId, siteId)).all();
  return new Map(rows.map((row) => [row.name, view(row)]));
}

type Org = { id: string; dbUrl: string | null };
type Site = { id: string; name: string };

/** Sets an override and audits it (`cookie.classified`). */
export async function classifyName(platform: Platform, org: Org, store: TenantStore, site: Site, input: OverrideInput, actor: Actor): Promise<CookieOverride> {
  const override = await setOverride(store, site.id, input, platform.now());
  await auditInOrg(platform, org, {
    actor,
    action: "cookie.classified",
    label: `"${input.name}" classified as ${input.category} on ${site.name}`,
    target: { type: "site", id: site.id },
    meta: { name: input.name, category: input.category, vendor: input.vendor },
  });
  return override;
}

/** Removes an override and audits it (`cookie.unclassified`); an unknown name is 404 at `path`. */
export async function unclassifyName(platform: Platform, org: Org, store: TenantStore, site: Site, name: string, actor: Actor, path: string): Promise<void> {
  if (!(await clearOverride(store, site.id, name))) throw new ApiError("NOT_FOUND", `No override of "${name}" on ${site.name}`, [{ path, message: "not found" }]);
  await auditInOrg(platform, org, {
    actor,
    action: "cookie.unclassified",
    label: `Override of "${name}" removed on ${site.name}`,
    target: { type: "site", id: site.id },
    meta: { name },
  });
}
