import { AD_PLATFORMS, type AdPlatform } from "./models.ts";

/**
 * An ad spend row as stored (`ad_spend`, docs/campaigns.md "Ad spend") and the checks every
 * source shares — a CSV cell ("1,234.56" from Google Ads) or a pushed JSON value — each
 * problem named by the caller's path ("line 7, column Cost" or "rows.3.spend").
 */

export { AD_PLATFORMS, type AdPlatform };

export interface SpendRow {
  platform: AdPlatform;
  account: string;
  date: string;
  campaignId: string;
  campaignName: string;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmId: string | null;
  spend: number;
  currency: string;
  impressions: number | null;
  clicks: number | null;
  platformConversions: number | null;
  platformConversionValue: number | null;
}

/** An error detail (lib/errors.ts) that always names where. */
export type Problem = { path: string; message: string };

/** Collects problems while a row is read; a check that fails answers null and records why. */
export class Problems {
  readonly list: Problem[] = [];
  add(path: string, message: string): null {
    this.list.push({ path, message });
    return null;
  }
}

/** Digits with optional thousands separators (Google Ads writes "1,234.56") and decimals. */
const NUMBER = /^-?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/;
const DATE = /^(\d{4})-?(\d{2})-?(\d{2})$/;
export const MAX_TEXT = 200;
export const MAX_NAME = 500;
/** The largest amount or count a row may hold. */
export const MAX_AMOUNT = 1e12;

/** A number ≥ 0: a JSON number or a CSV cell. Blank → `blank` (null when the value is required). */
export function amount(problems: Problems, path: string, value: unknown, opts: { blank: number | null; integer?: boolean; required?: boolean }): number | null {
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) {
    return opts.required ? problems.add(path, "is required") : opts.blank;
  }
  let n: number;
  if (typeof value === "number") n = value;
  else if (typeof value === "string" && NUMBER.test(value.trim())) n = Number(value.trim().replaceAll(",", ""));
  else return problems.add(path, `"${String(value).slice(0, 40)}" is not a number`);
  if (!Number.isFinite(n) || n < 0) return problems.add(path, "must be a number ≥ 0");
  if (opts.integer && !Number.isInteger(n)) return problems.add(path, "must be a whole number");
  if (n > MAX_AMOUNT) return problems.add(path, "is too large");
  return n;
}

/** A calendar day, YYYY-MM-DD (or YYYYMMDD when `compact`), answered as YYYY-MM-DD. */
export function day(problems: Problems, path: string, value: unknown, compact = false): string | null {
  const text = typeof value === "string" ? value.trim() : "";
  const m = DATE.exec(text);
  const dashed = /^\d{4}-\d{2}-\d{2}$/.test(text);
  if (!m || (!dashed && !compact)) return problems.add(path, compact ? "must be a date YYYY-MM-DD or YYYYMMDD" : "must be a date YYYY-MM-DD");
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso) return problems.add(path, `${iso} is not a calendar day`);
  return iso;
}

/** Text of at most `max` characters; blank → `blank`. */
export function text(problems: Problems, path: string, value: unknown, opts: { max: number; blank: string | null; required?: boolean }): string | null {
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) {
    return opts.required ? problems.add(path, "is required") : opts.blank;
  }
  if (typeof value !== "string") return problems.add(path, "must be a string");
  const t = value.trim();
  if (t.length > opts.max) return problems.add(path, `is longer than ${opts.max} characters`);
  return t;
}

export function currencyCode(problems: Problems, path: string, value: unknown): string | null {
  const t = typeof value === "string" ? value.trim().toUpperCase() : "";
  return /^[A-Z]{3}$/.test(t) ? t : problems.add(path, "must be an ISO 4217 currency code (3 letters)");
}

/** The platform a GA4 cost row's source/medium names (docs/campaigns.md). */
export function platformOfSource(source: string | null, medium: string | null): AdPlatform {
  const s = (source ?? "").toLowerCase();
  const m = (medium ?? "").toLowerCase();
  if (s === "google" && (m === "cpc" || m === "ppc" || m === "paid")) return "google_ads";
  if (["facebook", "fb", "instagram", "ig", "meta"].includes(s)) return "meta_ads";
  if (s === "bing" || s === "microsoft") return "microsoft_ads";
  if (s === "linkedin") return "linkedin_ads";
  if (s === "tiktok") return "tiktok_ads";
  return "other";
}

/** The key of a row in `ad_spend` (without the site). */
export const rowKey = (r: SpendRow) => JSON.stringify([r.platform, r.account, r.date, r.campaignId, r.campaignName]);
