import { invalid } from "../errors.ts";
import { webhookUrlProblem } from "../integrations/manage.ts";
import { UTM_KEYS, type ShortLinkPatchBody, type Utm } from "./models.ts";
import { foldSlug, slugProblem } from "./slug.ts";

/**
 * The rules of a short link's fields (docs/campaigns.md "Short links"), for the read API and the
 * admin CLI alike. A refusal is 422 naming the field's API path (`utm.source`, `tags.2`).
 */

export const MAX_URL = 2048;
export const MAX_TEXT = 200;
export const MAX_TAGS = 20;
export const MAX_TAG = 40;
export const MAX_CLICKS = 1_000_000_000;

/** The fields a write sets, as stored (timestamps in ms, tags folded). */
export interface LinkFields {
  slug?: string;
  url?: string;
  utm?: Partial<Utm>;
  title?: string;
  tags?: string[];
  expiresAt?: number | null;
  maxClicks?: number | null;
  fallbackUrl?: string | null;
  active?: boolean;
}

function linkUrl(text: string, path: string): string {
  if (text.length > MAX_URL) throw invalid(path, `must be at most ${MAX_URL} characters`);
  const problem = webhookUrlProblem(text.trim());
  if (problem) throw invalid(path, problem === "must not carry credentials" ? "must not carry a user or password" : problem);
  const url = new URL(text.trim());
  if (!url.hostname) throw invalid(path, "must name a host");
  return url.toString();
}

const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** ISO 8601 with a time zone, a real calendar day, in the future (a link that is over at once is a mistake; `active: false` stops one). */
function expiry(text: string, now: number): number {
  const m = ISO_TIME.exec(text.trim());
  const at = m ? Date.parse(text.trim()) : NaN;
  if (!m || Number.isNaN(at)) throw invalid("expiresAt", "must be an ISO 8601 time with a time zone, e.g. 2027-01-31T23:59:00Z");
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map((v) => Number(v ?? 0));
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth || hour > 23 || minute > 59 || second > 59) throw invalid("expiresAt", "is not a real time");
  if (at <= now) throw invalid("expiresAt", "must be in the future");
  return at;
}

function tagList(tags: string[]): string[] {
  if (tags.length > MAX_TAGS) throw invalid("tags", `at most ${MAX_TAGS} tags`);
  const out: string[] = [];
  tags.forEach((raw, i) => {
    const tag = raw.trim().toLowerCase();
    if (tag.length < 1 || tag.length > MAX_TAG) throw invalid(`tags.${i}`, `must be 1 to ${MAX_TAG} characters`);
    if (tag.includes(",")) throw invalid(`tags.${i}`, "must not contain a comma");
    if (!out.includes(tag)) out.push(tag);
  });
  return out;
}

function text(value: string, path: string): string {
  if (value.length > MAX_TEXT) throw invalid(path, `must be at most ${MAX_TEXT} characters`);
  return value.trim();
}

/** Checks and normalizes what a create or an edit gives; absent fields stay absent. */
export function linkFields(input: ShortLinkPatchBody, now: number): LinkFields {
  const out: LinkFields = {};
  if (input.url !== undefined) out.url = linkUrl(input.url, "url");
  if (input.slug !== undefined) {
    const slug = foldSlug(input.slug);
    const problem = slugProblem(slug);
    if (problem) throw invalid("slug", problem);
    out.slug = slug;
  }
  if (input.utm !== undefined) {
    const utm: Partial<Utm> = {};
    for (const key of UTM_KEYS) {
      const value = input.utm[key];
      if (value === undefined) continue;
      const cleaned = value === null ? "" : text(value, `utm.${key}`);
      utm[key] = cleaned === "" ? null : cleaned;
    }
    out.utm = utm;
  }
  if (input.title !== undefined) out.title = text(input.title, "title");
  if (input.tags !== undefined) out.tags = tagList(input.tags);
  if (input.expiresAt !== undefined) out.expiresAt = input.expiresAt === null ? null : expiry(input.expiresAt, now);
  if (input.maxClicks !== undefined) {
    const n = input.maxClicks;
    if (n !== null && (!Number.isSafeInteger(n) || n < 1 || n > MAX_CLICKS)) throw invalid("maxClicks", `must be a whole number from 1 to ${MAX_CLICKS}, or null`);
    out.maxClicks = n;
  }
  if (input.fallbackUrl !== undefined) out.fallbackUrl = input.fallbackUrl === null || input.fallbackUrl.trim() === "" ? null : linkUrl(input.fallbackUrl, "fallbackUrl");
  if (input.active !== undefined) out.active = input.active;
  return out;
}
