import { eq } from "drizzle-orm";
import { shortSlugs } from "../db/control-schema.ts";
import { ApiError } from "../errors.ts";
import { OPERATOR } from "../audit.ts";
import { createShortLink, linkSite, updateShortLink } from "../shortlinks/manage.ts";
import { MAX_CLICKS } from "../shortlinks/fields.ts";
import { UTM_KEYS, type ShortLinkPatchBody, type Utm } from "../shortlinks/models.ts";
import type { Platform } from "../platform.ts";
import { idFlag, integer, oneOf, requireText, siteById } from "./validate.ts";

/** `shortlink create` / `shortlink update`: flags to the same core as the read API (lib/shortlinks/manage.ts). */
type Flags = Record<string, unknown>;

/** The core names API fields; the operator typed flags. */
const FLAG_OF: Record<string, string> = { url: "--url", slug: "--slug", title: "--title", tags: "--tags", expiresAt: "--expires", maxClicks: "--max-clicks", fallbackUrl: "--fallback-url", ...Object.fromEntries(UTM_KEYS.map((k) => [`utm.${k}`, `--utm-${k}`])) };
const flagPath = (path: string) => FLAG_OF[path] ?? (path.startsWith("tags.") ? "--tags" : path);

async function asFlags<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError) {
      const details = error.details.map((d) => ({ ...d, path: d.path === undefined ? undefined : flagPath(d.path) }));
      throw new ApiError(error.code, error.message, details, error.headers);
    }
    throw error;
  }
}

function bodyOf(flags: Flags): ShortLinkPatchBody {
  const body: ShortLinkPatchBody = {};
  const text = (name: string, max: number) => (flags[name] === undefined ? undefined : requireText(flags[name], `--${name}`, max));
  body.url = text("url", 4096);
  body.slug = text("slug", 200);
  body.title = text("title", 1000);
  const tags = text("tags", 4000);
  if (tags !== undefined) body.tags = tags.split(",").map((t) => t.trim()).filter((t) => t !== "");
  const utm: Partial<Utm> = {};
  for (const key of UTM_KEYS) if (flags[`utm-${key}`] !== undefined) utm[key] = requireText(flags[`utm-${key}`], `--utm-${key}`, 1000);
  if (Object.keys(utm).length > 0) body.utm = utm;
  if (flags.expires !== undefined) body.expiresAt = requireText(flags.expires, "--expires", 100);
  if (flags["max-clicks"] !== undefined) body.maxClicks = integer(flags["max-clicks"], "--max-clicks", 1, MAX_CLICKS);
  if (flags["fallback-url"] !== undefined) body.fallbackUrl = requireText(flags["fallback-url"], "--fallback-url", 4096);
  if (flags.active !== undefined) body.active = oneOf(flags.active, "--active", ["true", "false"] as const) === "true";
  for (const key of Object.keys(body) as (keyof ShortLinkPatchBody)[]) if (body[key] === undefined) delete body[key];
  return body;
}

export async function createShortLinkCommand(platform: Platform, flags: Flags) {
  const site = siteById(platform.control.db, idFlag(flags.site, "--site"));
  const url = requireText(flags.url, "--url", 4096);
  return asFlags(async () => createShortLink(platform, await linkSite(platform, site.orgId, site.id), { ...bodyOf(flags), url }, OPERATOR));
}

/** `--id` alone finds the link: its slug's routing row names its site. */
export async function updateShortLinkCommand(platform: Platform, flags: Flags) {
  const id = idFlag(flags.id, "--id");
  const route = platform.control.db.select().from(shortSlugs).where(eq(shortSlugs.linkId, id)).get();
  if (!route) throw new ApiError("NOT_FOUND", `No short link ${id}`, [{ path: "--id", message: "not found" }]);
  const body = bodyOf(flags);
  if (Object.keys(body).length === 0) throw new ApiError("VALIDATION_FAILED", "Nothing to change", [{ path: "--id", message: "give at least one field flag" }]);
  return asFlags(async () => updateShortLink(platform, await linkSite(platform, route.orgId, route.siteId), id, body, OPERATOR));
}
