import { parse } from "csv-parse/sync";
import { amount, currencyCode, day, MAX_NAME, MAX_TEXT, platformOfSource, Problems, rowKey, text, type AdPlatform, type Problem, type SpendRow } from "./rows.ts";

/**
 * The three CSV files an advertiser already has (docs/campaigns.md "Ad spend"), told apart by
 * their header row: GA4's cost data import, a Google Ads campaign report as downloaded, a Meta
 * Ads Manager export. Each data row becomes an `ad_spend` row; each problem names its line
 * and column. Nothing here writes.
 */

export type SpendFormat = "ga4_cost" | "google_ads" | "meta_ads";

export interface ParsedSpend {
  format: SpendFormat | null;
  rows: SpendRow[];
  problems: Problem[];
}

export interface ParseOptions {
  /** Only for the GA4 format (whose rows name no platform); the other two are their platform's own. */
  platform?: AdPlatform;
  /** GA4's cost import has no currency column: GA4 takes the property's, we take the site's. */
  siteCurrency: string;
}

type CsvRecord = { cells: string[]; line: number };
/** Reads one column of a data row, by header name. */
type Cells = { has(name: string): boolean; get(name: string): string | undefined; path(name: string): string };

/** Rows before the header a download may carry (Google Ads: a title line and the date range). */
const HEADER_SEARCH = 5;
const META_SPENT = /^Amount spent \(([A-Z]{3})\)$/;

const lower = (cells: string[]) => cells.map((c) => c.trim().toLowerCase());

/** Which format a header row is, or null. */
export function formatOfHeader(cells: string[]): SpendFormat | null {
  const names = lower(cells);
  if (names.includes("utm_source") && names.includes("utm_medium") && names.includes("date")) return "ga4_cost";
  if (cells.some((c) => META_SPENT.test(c.trim())) && names.includes("campaign name")) return "meta_ads";
  if (names.includes("campaign") && names.includes("cost")) return "google_ads";
  return null;
}

/** The columns each format cannot do without. */
const REQUIRED: { [F in SpendFormat]: string[] } = {
  ga4_cost: ["utm_source", "utm_medium", "date", "daily_cost"],
  google_ads: ["Day", "Campaign", "Cost"],
  meta_ads: ["Campaign name"],
};

function records(csv: string, problems: Problems): CsvRecord[] {
  try {
    const parsed = parse(csv, { bom: true, relax_column_count: true, skip_empty_lines: true, info: true }) as unknown as { record: string[]; info: { lines: number } }[];
    return parsed.map((p) => ({ cells: p.record, line: p.info.lines }));
  } catch (error) {
    const e = error as { lines?: number; message: string };
    problems.add(`line ${e.lines ?? 1}`, `is not valid CSV (${e.message.replace(/^Invalid[^:]*: /, "")})`);
    return [];
  }
}

/** Detects the format and parses every data row; problems are collected, not thrown. */
export function parseSpendCsv(csv: string, options: ParseOptions): ParsedSpend {
  const problems = new Problems();
  const all = records(csv, problems);
  if (problems.list.length) return { format: null, rows: [], problems: problems.list };
  const headerAt = all.slice(0, HEADER_SEARCH).findIndex((r) => formatOfHeader(r.cells) !== null);
  if (headerAt < 0) {
    problems.add(`line ${all[0]?.line ?? 1}`, "no known header row: expected a GA4 cost data import (utm_source, utm_medium, date, daily_cost …), a Google Ads campaign report (Day, Campaign, Cost …) or a Meta Ads Manager export (Campaign name, Amount spent (XXX) …)");
    return { format: null, rows: [], problems: problems.list };
  }
  const header = all[headerAt];
  const format = formatOfHeader(header.cells)!;
  const index = new Map<string, number>();
  header.cells.forEach((c, i) => index.set(c.trim().toLowerCase(), i));
  for (const name of REQUIRED[format]) if (!index.has(name.toLowerCase())) problems.add(`line ${header.line}, column ${name}`, "is missing from the header row");
  if (format === "meta_ads" && !index.has("day") && !(index.has("reporting starts") && index.has("reporting ends"))) {
    problems.add(`line ${header.line}, column Day`, "is missing: break the report down by Day (or give Reporting starts and Reporting ends)");
  }
  if (problems.list.length) return { format, rows: [], problems: problems.list };

  const names = header.cells.map((c) => c.trim());
  const rows: SpendRow[] = [];
  const seen = new Map<string, number>();
  for (const r of all.slice(headerAt + 1)) {
    if (r.cells.every((c) => c.trim() === "")) continue;
    // Google Ads ends its download with "Total: Account", "Total: Search" … rows.
    if (format === "google_ads" && /^total\b/i.test(r.cells[0]?.trim() ?? "")) continue;
    const cells: Cells = {
      has: (name) => index.has(name.toLowerCase()),
      get: (name) => {
        const i = index.get(name.toLowerCase());
        return i === undefined ? undefined : r.cells[i];
      },
      path: (name) => `line ${r.line}, column ${names[index.get(name.toLowerCase()) ?? -1] ?? name}`,
    };
    const before = problems.list.length;
    const row = format === "ga4_cost" ? ga4Row(cells, problems, options) : format === "google_ads" ? googleAdsRow(cells, problems) : metaRow(cells, problems, names);
    if (!row || problems.list.length > before) continue;
    const key = rowKey(row);
    const first = seen.get(key);
    if (first !== undefined) {
      problems.add(`line ${r.line}`, `repeats line ${first} (the same platform, account, day and campaign)`);
      continue;
    }
    seen.set(key, r.line);
    rows.push(row);
  }
  if (rows.length === 0 && problems.list.length === 0) problems.add(`line ${header.line}`, "no data rows follow the header");
  return { format, rows, problems: problems.list };
}

/** Google Ads and Meta write "--" or nothing where a metric does not apply. */
const metric = (value: string | undefined) => (value?.trim() === "--" ? "" : value);

function ga4Row(c: Cells, p: Problems, options: ParseOptions): SpendRow | null {
  const utmSource = text(p, c.path("utm_source"), c.get("utm_source"), { max: MAX_TEXT, blank: null, required: true });
  const utmMedium = text(p, c.path("utm_medium"), c.get("utm_medium"), { max: MAX_TEXT, blank: null, required: true });
  const utmCampaign = text(p, c.path("utm_campaign"), c.get("utm_campaign"), { max: MAX_TEXT, blank: null });
  const utmId = text(p, c.path("utm_id"), c.get("utm_id"), { max: MAX_TEXT, blank: null });
  const date = day(p, c.path("date"), c.get("date"), true);
  const spend = amount(p, c.path("daily_cost"), c.get("daily_cost"), { blank: 0 });
  const impressions = c.has("daily_impressions") ? amount(p, c.path("daily_impressions"), c.get("daily_impressions"), { blank: 0, integer: true }) : null;
  const clicks = c.has("daily_clicks") ? amount(p, c.path("daily_clicks"), c.get("daily_clicks"), { blank: 0, integer: true }) : null;
  const campaignName = utmCampaign ?? utmId;
  if (campaignName === null) p.add(c.path(c.has("utm_campaign") ? "utm_campaign" : "utm_id"), "utm_campaign or utm_id is required");
  if (utmSource === null || utmMedium === null || date === null || spend === null || campaignName === null) return null;
  return {
    platform: options.platform ?? platformOfSource(utmSource, utmMedium),
    account: "",
    date,
    campaignId: utmId ?? "",
    campaignName,
    utmSource,
    utmMedium,
    utmCampaign,
    utmId,
    spend,
    currency: options.siteCurrency,
    impressions,
    clicks,
    platformConversions: null,
    platformConversionValue: null,
  };
}

/** An optional column: absent → null; present and blank → 0. */
function optionalAmount(c: Cells, p: Problems, name: string, integer: boolean): number | null {
  return c.has(name) ? amount(p, c.path(name), metric(c.get(name)), { blank: 0, integer }) : null;
}

/** The first of these columns the file has: its text ("" when none). */
function firstText(c: Cells, p: Problems, names: string[]): string | null {
  const name = names.find((n) => c.has(n));
  return name ? text(p, c.path(name), metric(c.get(name)), { max: MAX_TEXT, blank: "" }) : "";
}

function googleAdsRow(c: Cells, p: Problems): SpendRow | null {
  const date = day(p, c.path("Day"), c.get("Day"));
  const campaignName = text(p, c.path("Campaign"), c.get("Campaign"), { max: MAX_NAME, blank: null, required: true });
  const campaignId = c.has("Campaign ID") ? text(p, c.path("Campaign ID"), metric(c.get("Campaign ID")), { max: MAX_TEXT, blank: "" }) : "";
  const account = firstText(c, p, ["Customer ID", "Account"]);
  const currency = c.has("Currency code") ? currencyCode(p, c.path("Currency code"), c.get("Currency code")) : p.add(c.path("Currency code"), "is missing: add the Currency code column to the report");
  const spend = amount(p, c.path("Cost"), metric(c.get("Cost")), { blank: 0 });
  const impressions = optionalAmount(c, p, "Impr.", true);
  const clicks = optionalAmount(c, p, "Clicks", true);
  const conversions = optionalAmount(c, p, "Conversions", false);
  const value = optionalAmount(c, p, "Conv. value", false);
  if (date === null || campaignName === null || campaignId === null || account === null || currency === null || spend === null) return null;
  return { platform: "google_ads", account, date, campaignId, campaignName, utmSource: null, utmMedium: null, utmCampaign: null, utmId: null, spend, currency, impressions, clicks, platformConversions: conversions, platformConversionValue: value };
}

function metaRow(c: Cells, p: Problems, names: string[]): SpendRow | null {
  const spentColumn = names.find((n) => META_SPENT.test(n))!;
  const currency = META_SPENT.exec(spentColumn)![1];
  let date: string | null;
  if (c.has("Day")) date = day(p, c.path("Day"), c.get("Day"));
  else {
    const starts = day(p, c.path("Reporting starts"), c.get("Reporting starts"));
    const ends = day(p, c.path("Reporting ends"), c.get("Reporting ends"));
    date = starts !== null && ends !== null && starts !== ends ? p.add(c.path("Reporting ends"), "the row covers more than one day: break the report down by Day") : starts;
  }
  const campaignName = text(p, c.path("Campaign name"), c.get("Campaign name"), { max: MAX_NAME, blank: null, required: true });
  const campaignId = c.has("Campaign ID") ? text(p, c.path("Campaign ID"), c.get("Campaign ID"), { max: MAX_TEXT, blank: "" }) : "";
  const account = firstText(c, p, ["Account ID", "Account name"]);
  const spend = amount(p, c.path(spentColumn), c.get(spentColumn), { blank: 0 });
  const impressions = optionalAmount(c, p, "Impressions", true);
  const clicks = optionalAmount(c, p, "Link clicks", true);
  const conversions = optionalAmount(c, p, "Results", false);
  const value = optionalAmount(c, p, "Purchases conversion value", false);
  if (date === null || campaignName === null || campaignId === null || account === null || spend === null) return null;
  return { platform: "meta_ads", account, date, campaignId, campaignName, utmSource: null, utmMedium: null, utmCampaign: null, utmId: null, spend, currency, impressions, clicks, platformConversions: conversions, platformConversionValue: value };
}
