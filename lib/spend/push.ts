import { t, type Static } from "elysia";
import { ApiError } from "../errors.ts";
import { OneOf } from "../api/models.ts";
import { siteByKey } from "../ingest/site-lookup.ts";
import { requireOrgFeatures } from "../leads/inbound.ts";
import { activeIntegrations, integrationPresenting } from "../integrations/secret.ts";
import type { Platform } from "../platform.ts";
import { importSpendRows, rejectSpend } from "./import.ts";
import { AD_PLATFORMS, amount, currencyCode, day, MAX_NAME, MAX_TEXT, Problems, rowKey, text, type SpendRow } from "./rows.ts";

/** `POST /v1/hooks/ads_import/{siteKey}`: spend rows pushed as JSON (docs/campaigns.md "Ad spend"). */

export const MAX_PUSH_ROWS = 5000;

const Utm = t.Object({ source: t.Optional(t.String()), medium: t.Optional(t.String()), campaign: t.Optional(t.String()), id: t.Optional(t.String()) });
/** For the docs; the body is checked field by field below so each problem names its row. */
export const SpendPushBody = t.Object(
  {
    rows: t.Array(
      t.Object({
        platform: OneOf(AD_PLATFORMS),
        account: t.Optional(t.String({ maxLength: MAX_TEXT })),
        date: t.String({ format: "date", description: "YYYY-MM-DD in the ad account's timezone" }),
        campaignId: t.Optional(t.String({ maxLength: MAX_TEXT })),
        campaignName: t.String({ minLength: 1, maxLength: MAX_NAME }),
        utm: t.Optional(Utm),
        spend: t.Number({ minimum: 0 }),
        currency: t.String({ pattern: "^[A-Z]{3}$", description: "ISO 4217" }),
        impressions: t.Optional(t.Integer({ minimum: 0 })),
        clicks: t.Optional(t.Integer({ minimum: 0 })),
        conversions: t.Optional(t.Number({ minimum: 0, description: "The platform's own; shown beside ours, never added" })),
        conversionValue: t.Optional(t.Number({ minimum: 0 })),
      }),
      // Not maxItems: 5 000 rows of any realistic size are over the instance's 256 KB body limit, which answers first.
      { minItems: 1, description: `At most ${MAX_PUSH_ROWS} rows, and 256 KB, a push: send more in several pushes, each covering whole days` },
    ),
  },
  { title: "SpendPush" },
);
export const SpendPushReceipt = t.Object(
  { imported: t.Integer(), replacedDays: t.Integer({ description: "Days (of the rows' platforms and accounts) that had rows before and were replaced" }) },
  { title: "SpendPushReceipt" },
);
export type SpendPushReceipt = Static<typeof SpendPushReceipt>;

const FIELDS = new Set(["platform", "account", "date", "campaignId", "campaignName", "utm", "spend", "currency", "impressions", "clicks", "conversions", "conversionValue"]);
const UTM_FIELDS = ["source", "medium", "campaign", "id"] as const;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function pushedRow(raw: unknown, at: string, p: Problems): SpendRow | null {
  if (!isObject(raw)) return p.add(at, "must be an object");
  for (const key of Object.keys(raw)) if (!FIELDS.has(key)) p.add(`${at}.${key}`, "is not a field of a spend row");
  const platform = (AD_PLATFORMS as readonly unknown[]).includes(raw.platform) ? (raw.platform as SpendRow["platform"]) : p.add(`${at}.platform`, `must be one of ${AD_PLATFORMS.join(", ")}`);
  const account = text(p, `${at}.account`, raw.account, { max: MAX_TEXT, blank: "" });
  const date = day(p, `${at}.date`, raw.date);
  const campaignId = text(p, `${at}.campaignId`, raw.campaignId, { max: MAX_TEXT, blank: "" });
  const campaignName = text(p, `${at}.campaignName`, raw.campaignName, { max: MAX_NAME, blank: null, required: true });
  const utm: Record<(typeof UTM_FIELDS)[number], string | null> = { source: null, medium: null, campaign: null, id: null };
  if (raw.utm !== undefined && raw.utm !== null) {
    if (!isObject(raw.utm)) p.add(`${at}.utm`, "must be an object");
    else {
      for (const key of Object.keys(raw.utm)) if (!(UTM_FIELDS as readonly string[]).includes(key)) p.add(`${at}.utm.${key}`, "is not a UTM field (source, medium, campaign, id)");
      for (const key of UTM_FIELDS) utm[key] = text(p, `${at}.utm.${key}`, raw.utm[key], { max: MAX_TEXT, blank: null });
    }
  }
  // JSON numbers only: a string here is a sender's mistake, not an export's formatting.
  const number = (key: string, integer: boolean, required = false) =>
    raw[key] !== undefined && raw[key] !== null && typeof raw[key] !== "number" ? p.add(`${at}.${key}`, "must be a number") : amount(p, `${at}.${key}`, raw[key], { blank: null, integer, required });
  const spend = number("spend", false, true);
  const currency = currencyCode(p, `${at}.currency`, raw.currency);
  const impressions = number("impressions", true);
  const clicks = number("clicks", true);
  const conversions = number("conversions", false);
  const value = number("conversionValue", false);
  if (platform === null || account === null || date === null || campaignId === null || campaignName === null || spend === null || currency === null) return null;
  return {
    platform,
    account,
    date,
    campaignId,
    campaignName,
    utmSource: utm.source,
    utmMedium: utm.medium,
    utmCampaign: utm.campaign,
    utmId: utm.id,
    spend,
    currency,
    impressions,
    clicks,
    platformConversions: conversions,
    platformConversionValue: value,
  };
}

/** Every row checked (problems by `rows[i].field`); repeated keys are refused like a CSV's. */
export function checkSpendPush(body: unknown): { rows: SpendRow[]; problems: Problems } {
  const p = new Problems();
  if (!isObject(body) || !Array.isArray(body.rows)) {
    p.add("rows", "is required: an array of spend rows");
    return { rows: [], problems: p };
  }
  for (const key of Object.keys(body)) if (key !== "rows") p.add(key, "is not a field (send { rows: [...] })");
  if (body.rows.length === 0) p.add("rows", "must hold at least one row");
  if (body.rows.length > MAX_PUSH_ROWS) {
    p.add("rows", `holds ${body.rows.length} rows; at most ${MAX_PUSH_ROWS} a push`);
    return { rows: [], problems: p };
  }
  const rows: SpendRow[] = [];
  const seen = new Map<string, number>();
  body.rows.forEach((raw, i) => {
    const row = pushedRow(raw, `rows[${i}]`, p);
    if (!row) return;
    const first = seen.get(rowKey(row));
    if (first !== undefined) p.add(`rows[${i}]`, `repeats rows[${first}] (the same platform, account, date and campaign)`);
    else seen.set(rowKey(row), i);
    rows.push(row);
  });
  return { rows, problems: p };
}

const unauthenticated = (message: string) => new ApiError("UNAUTHENTICATED", `The ads import secret is ${message}`, [{ path: "X-Svc-Secret", message }]);

/**
 * Receives a push: the site by its key (404), its active `ads_import` integration (404 without
 * one), the secret (401), the org's plan (403), every row (422, nothing written), then the rows
 * written with the replace-by-day rule, the integration's last receipt noted.
 */
export async function receiveSpendPush(platform: Platform, request: { siteKey: string; secrets: string[]; body: unknown; at: number }): Promise<SpendPushReceipt> {
  const tracked = request.siteKey.length <= 64 ? siteByKey(platform.control, request.siteKey) : null;
  if (!tracked) throw new ApiError("NOT_FOUND", "Unknown site key", [{ path: "siteKey", message: "no site has this key" }]);
  const store = await platform.tenants.get(tracked.org);
  const candidates = await activeIntegrations(store, tracked.id, "ads_import", { what: "ads import integration", detail: "no active ads_import integration" });
  if (request.secrets.length === 0) throw unauthenticated("missing: send it in X-Svc-Secret or as a bearer token");
  const integration = integrationPresenting(candidates, request.secrets);
  if (integration === null) throw unauthenticated("wrong");
  requireOrgFeatures(platform, tracked.orgId, ["integrations"]);

  const { rows, problems } = checkSpendPush(request.body);
  if (problems.list.length) throw rejectSpend(problems.list, "push");
  const done = await importSpendRows(store, tracked.id, rows, { source: "push", format: "json", at: request.at, integrationId: integration });
  return { imported: done.rows, replacedDays: done.replacedDays };
}
