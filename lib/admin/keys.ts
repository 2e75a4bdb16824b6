import { eq } from "drizzle-orm";
import { apiKeys } from "../db/control-schema.ts";
import { ApiError, invalid } from "../errors.ts";
import { OPERATOR } from "../audit.ts";
import { issueKey, revokeKeyRow, rotateKeyRow } from "../keys/manage.ts";
import type { Platform } from "../platform.ts";
import { idFlag, membershipOf, oneOf, orgById, requireText } from "./validate.ts";

const EXPIRIES = ["30", "90", "365", "never"] as const;
const FLAGS = { permissions: "--perms", sites: "--sites" };

function listFlag(value: unknown, path: string): string[] | "all" {
  const text = requireText(value, path, 4000);
  if (text === "all") return "all";
  const items = text.split(",").map((s) => s.trim()).filter(Boolean);
  if (items.length === 0) throw invalid(path, "needs at least one value or all");
  return items;
}

/** `admin key create`: the flags parsed here, the rules in lib/keys/manage.ts (shared with the dashboard). */
export async function createKey(platform: Platform, input: { org?: unknown; user?: unknown; perms?: unknown; sites?: unknown; expires?: unknown; name?: unknown }) {
  const org = orgById(platform.control.db, idFlag(input.org, "--org"));
  const userId = idFlag(input.user, "--user");
  membershipOf(platform.control.db, org.id, userId);
  const perms = listFlag(input.perms, "--perms");
  const siteChoice = input.sites === undefined ? "all" : listFlag(input.sites, "--sites");
  const expires = input.expires === undefined ? "never" : oneOf(String(input.expires), "--expires", EXPIRIES);
  const name = input.name === undefined ? "" : requireText(input.name, "--name", 100);
  return issueKey(
    platform,
    org,
    { userId, name, permissions: perms === "all" ? ["*"] : perms, sites: siteChoice === "all" ? null : siteChoice, expiresInDays: expires === "never" ? null : Number(expires) },
    OPERATOR,
    FLAGS,
  );
}

function keyById(platform: Platform, value: unknown) {
  const id = idFlag(value, "--id");
  const key = platform.control.db.select().from(apiKeys).where(eq(apiKeys.id, id)).get();
  if (!key) throw new ApiError("NOT_FOUND", `No API key ${id}`, [{ path: "--id", message: "not found" }]);
  return key;
}

export async function revokeKey(platform: Platform, input: { id?: unknown }) {
  const key = keyById(platform, input.id);
  return revokeKeyRow(platform, orgById(platform.control.db, key.orgId), key, OPERATOR, "--id");
}

export async function rotateKey(platform: Platform, input: { id?: unknown }) {
  const key = keyById(platform, input.id);
  return rotateKeyRow(platform, orgById(platform.control.db, key.orgId), key, OPERATOR, "--id");
}
