import { and, desc, eq } from "drizzle-orm";
import { apiKeys, sites, users } from "../db/control-schema.ts";
import { ApiError, invalid } from "../errors.ts";
import { newId } from "../ids.ts";
import { generateApiKey } from "../auth/api-key.ts";
import { isPermission, PERMISSIONS } from "../auth/permissions.ts";
import { auditInOrg, type Actor } from "../audit.ts";
import type { Platform } from "../platform.ts";

/**
 * Creating, rotating and revoking API keys: one contract for the admin CLI (lib/admin/keys.ts,
 * acting as the operator) and the dashboard's Workspace → API keys (acting as the signed-in user).
 * Callers parse their own input shape and name their own fields in errors (`paths`).
 */

/** The lifetimes a key may be given; null = never expires. */
export const KEY_EXPIRY_DAYS = [30, 90, 365] as const;
const DAY = 86_400_000;

type Org = { id: string; dbUrl: string | null };
type KeyRow = typeof apiKeys.$inferSelect;

export interface KeyChoice {
  /** The key acts for this member of the org. */
  userId: string;
  name: string;
  /** Permission names, or ["*"] for all. */
  permissions: readonly string[];
  /** Site ids of the org, or null for all of them. */
  sites: readonly string[] | null;
  expiresInDays: number | null;
}

export async function issueKey(platform: Platform, org: Org, choice: KeyChoice, actor: Actor, paths = { permissions: "permissions", sites: "sites" }) {
  const db = platform.control.db;
  const perms = choice.permissions.includes("*") ? ["*"] : [...new Set(choice.permissions)];
  if (perms.length === 0) throw invalid(paths.permissions, "needs at least one permission, or * for all");
  const unknown = perms.filter((p) => p !== "*" && !isPermission(p));
  if (unknown.length) throw invalid(paths.permissions, `unknown permission ${unknown.join(", ")} (known: ${PERMISSIONS.join(", ")})`);
  const siteIds = choice.sites === null ? null : [...new Set(choice.sites)];
  if (siteIds !== null) {
    if (siteIds.length === 0) throw invalid(paths.sites, "needs at least one site, or all");
    const own = new Set(db.select({ id: sites.id }).from(sites).where(eq(sites.orgId, org.id)).all().map((s) => s.id));
    const foreign = siteIds.filter((s) => !own.has(s));
    if (foreign.length) throw invalid(paths.sites, `not sites of this organization: ${foreign.join(", ")}`);
  }
  const now = platform.now();
  const { key, hash, prefix } = generateApiKey();
  const id = newId();
  platform.control.write((db) =>
    db
      .insert(apiKeys)
      .values({
        id,
        orgId: org.id,
        userId: choice.userId,
        name: choice.name,
        prefix,
        hash,
        permissions: JSON.stringify(perms),
        sites: siteIds === null ? null : JSON.stringify(siteIds),
        expiresAt: choice.expiresInDays === null ? null : now + choice.expiresInDays * DAY,
        createdAt: now,
      })
      .run(),
  );
  await auditInOrg(platform, org, {
    actor,
    action: "key.created",
    label: `API key ${prefix}… created`,
    target: { type: "api_key", id },
    meta: { userId: choice.userId, permissions: perms, sites: siteIds ?? "all", expiresInDays: choice.expiresInDays },
  });
  return { id, key };
}

/** Replaces the key's secret; the old one stops working at once. Permissions, sites and expiry stay. */
export async function rotateKeyRow(platform: Platform, org: Org, key: KeyRow, actor: Actor, path = "keyId") {
  if (key.revokedAt !== null) throw new ApiError("CONFLICT", "A revoked key cannot be rotated", [{ path, message: "revoked" }]);
  const fresh = generateApiKey();
  platform.control.write((db) => db.update(apiKeys).set({ hash: fresh.hash, prefix: fresh.prefix, rotatedAt: platform.now() }).where(eq(apiKeys.id, key.id)).run());
  await auditInOrg(platform, org, { actor, action: "key.rotated", label: `API key ${key.prefix}… rotated to ${fresh.prefix}…`, target: { type: "api_key", id: key.id } });
  return { id: key.id, key: fresh.key };
}

export async function revokeKeyRow(platform: Platform, org: Org, key: KeyRow, actor: Actor, path = "keyId") {
  if (key.revokedAt !== null) throw new ApiError("CONFLICT", "The key is already revoked", [{ path, message: "already revoked" }]);
  platform.control.write((db) => db.update(apiKeys).set({ revokedAt: platform.now() }).where(eq(apiKeys.id, key.id)).run());
  await auditInOrg(platform, org, { actor, action: "key.revoked", label: `API key ${key.prefix}… revoked`, target: { type: "api_key", id: key.id } });
  return { id: key.id };
}

/** A key of this org (another org's, or none → 404). */
export function orgKey(platform: Platform, orgId: string, keyId: string): KeyRow {
  const key = platform.control.db.select().from(apiKeys).where(and(eq(apiKeys.id, keyId), eq(apiKeys.orgId, orgId))).get();
  if (!key) throw new ApiError("NOT_FOUND", "API key not found", [{ path: "keyId", message: "not found" }]);
  return key;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A key as the dashboard lists it: never the secret (nor its hash). */
export function keyView(key: KeyRow, creator: { id: string; name: string }) {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    permissions: JSON.parse(key.permissions) as string[],
    sites: key.sites === null ? null : (JSON.parse(key.sites) as string[]),
    createdAt: iso(key.createdAt)!,
    expiresAt: iso(key.expiresAt),
    lastUsedAt: iso(key.lastUsedAt),
    lastUsedIp: key.lastUsedIp,
    revokedAt: iso(key.revokedAt),
    rotatedAt: iso(key.rotatedAt),
    createdBy: creator,
  };
}

/** The org's keys, newest first, each with its creator. */
export function orgKeys(platform: Platform, orgId: string) {
  return platform.control.db
    .select({ key: apiKeys, creator: { id: users.id, name: users.name } })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.orgId, orgId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .all()
    .map((row) => keyView(row.key, row.creator));
}

export function keyOfOrg(platform: Platform, orgId: string, keyId: string) {
  const key = orgKey(platform, orgId, keyId);
  const creator = platform.control.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, key.userId)).get()!;
  return keyView(key, creator);
}

