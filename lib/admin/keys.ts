import { eq } from "drizzle-orm";
import { apiKeys, sites } from "../db/control-schema.ts";
import { ApiError, invalid } from "../errors.ts";
import { newId } from "../ids.ts";
import { generateApiKey } from "../auth/api-key.ts";
import { isPermission, PERMISSIONS } from "../auth/permissions.ts";
import type { Platform } from "../platform.ts";
import { auditAdmin } from "./audit-admin.ts";
import { idFlag, membershipOf, oneOf, orgById, requireText } from "./validate.ts";

const EXPIRIES = ["30", "90", "365", "never"] as const;
const DAY = 86_400_000;

function listFlag(value: unknown, path: string): string[] | "all" {
  const text = requireText(value, path, 4000);
  if (text === "all") return "all";
  const items = text.split(",").map((s) => s.trim()).filter(Boolean);
  if (items.length === 0) throw invalid(path, "needs at least one value or all");
  return [...new Set(items)];
}

export async function createKey(platform: Platform, input: { org?: unknown; user?: unknown; perms?: unknown; sites?: unknown; expires?: unknown; name?: unknown }) {
  const db = platform.control.db;
  const org = orgById(db, idFlag(input.org, "--org"));
  const userId = idFlag(input.user, "--user");
  membershipOf(db, org.id, userId);
  const perms = listFlag(input.perms, "--perms");
  if (perms !== "all") {
    const unknown = perms.filter((p) => !isPermission(p));
    if (unknown.length) throw invalid("--perms", `unknown permission ${unknown.join(", ")} (known: ${PERMISSIONS.join(", ")})`);
  }
  const siteChoice = input.sites === undefined ? "all" : listFlag(input.sites, "--sites");
  if (siteChoice !== "all") {
    const own = new Set(db.select({ id: sites.id }).from(sites).where(eq(sites.orgId, org.id)).all().map((s) => s.id));
    const foreign = siteChoice.filter((s) => !own.has(s));
    if (foreign.length) throw invalid("--sites", `not sites of this organization: ${foreign.join(", ")}`);
  }
  const expires = input.expires === undefined ? "never" : oneOf(String(input.expires), "--expires", EXPIRIES);
  const name = input.name === undefined ? "" : requireText(input.name, "--name", 100);
  const now = platform.now();
  const { key, hash, prefix } = generateApiKey();
  const id = newId();
  platform.control.write((db) =>
    db
      .insert(apiKeys)
      .values({
        id,
        orgId: org.id,
        userId,
        name,
        prefix,
        hash,
        permissions: JSON.stringify(perms === "all" ? ["*"] : perms),
        sites: siteChoice === "all" ? null : JSON.stringify(siteChoice),
        expiresAt: expires === "never" ? null : now + Number(expires) * DAY,
        createdAt: now,
      })
      .run(),
  );
  await auditAdmin(platform, org, { action: "key.created", label: `API key ${prefix}… created`, target: { type: "api_key", id }, meta: { userId, permissions: perms, sites: siteChoice, expires } });
  return { id, key };
}

function keyById(platform: Platform, value: unknown) {
  const id = idFlag(value, "--id");
  const key = platform.control.db.select().from(apiKeys).where(eq(apiKeys.id, id)).get();
  if (!key) throw new ApiError("NOT_FOUND", `No API key ${id}`, [{ path: "--id", message: "not found" }]);
  return key;
}

export async function revokeKey(platform: Platform, input: { id?: unknown }) {
  const key = keyById(platform, input.id);
  if (key.revokedAt !== null) throw new ApiError("CONFLICT", "The key is already revoked", [{ path: "--id", message: "already revoked" }]);
  platform.control.write((db) => db.update(apiKeys).set({ revokedAt: platform.now() }).where(eq(apiKeys.id, key.id)).run());
  await auditAdmin(platform, orgById(platform.control.db, key.orgId), { action: "key.revoked", label: `API key ${key.prefix}… revoked`, target: { type: "api_key", id: key.id } });
  return { id: key.id };
}

/** Replaces the key's secret; the old one stops working at once. Permissions, sites and expiry stay. */
export async function rotateKey(platform: Platform, input: { id?: unknown }) {
  const key = keyById(platform, input.id);
  if (key.revokedAt !== null) throw new ApiError("CONFLICT", "A revoked key cannot be rotated", [{ path: "--id", message: "revoked" }]);
  const fresh = generateApiKey();
  platform.control.write((db) => db.update(apiKeys).set({ hash: fresh.hash, prefix: fresh.prefix, rotatedAt: platform.now() }).where(eq(apiKeys.id, key.id)).run());
  await auditAdmin(platform, orgById(platform.control.db, key.orgId), { action: "key.rotated", label: `API key ${key.prefix}… rotated to ${fresh.prefix}…`, target: { type: "api_key", id: key.id } });
  return { id: key.id, key: fresh.key };
}
