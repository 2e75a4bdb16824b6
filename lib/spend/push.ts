import { t, type Static, type TSchema } from "elysia";
import { modelCheck } from "../http/model-check.ts";
import { JsonInteger, OneOf } from "../api/models.ts";
import { ApiError } from "../errors.ts";
import { siteByKey } from "../ingest/site-lookup.ts";
import { requireOrgFeatures } from "../leads/inbound.ts";
import { activeIntegrations, integrationPresenting } from "../integrations/secret.ts";
import type { Platform } from "../platform.ts";
import { importSpendRows, rejectSpend } from "./import.ts";
import { AD_PLATFORMS, MAX_AMOUNT, MAX_NAME, MAX_TEXT, Problems, rowKey, text, type SpendRow } from "./rows.ts";

/** `POST /v1/hooks/ads_import/{siteKey}`: spend rows pushed as JSON (docs/campaigns.md "Ad spend"). */

/** An optional field that may also be sent as null (the same as leaving it out); `error` names what fits. */
const OrNull = <T extends TSchema>(schema: T, error: string) => t.Optional(t.Union([schema, t.Null()], { error }));
const ShortText = OrNull(t.String({ maxLength: MAX_TEXT }), `must be text of at most ${MAX_TEXT} characters, or null`);
const Utm = t.Object({ source: ShortText, medium: ShortText, campaign: ShortText, id: ShortText }, { additionalProperties: false });
const Count = OrNull(JsonInteger({ minimum: 0, maximum: MAX_AMOUNT }), "must be a whole number ≥ 0, or null");
const Amount = (description?: string) => OrNull(t.Number({ minimum: 0, maximum: MAX_AMOUNT, ...(description ? { description } : {}) }), "must be a number ≥ 0, or null");

/**
 * The push as the document publishes it, and as every push is checked (lib/http/model-check.ts);
 * what a schema cannot say (a blank name, a repeated row) is checked after it.
 */
export const SpendPushBody = t.Object(
  {
    rows: t.Array(
      t.Object(
        {
          platform: OneOf(AD_PLATFORMS),
          account: ShortText,
          date: t.String({ format: "date", error: "must be a calendar date YYYY-MM-DD", description: "YYYY-MM-DD in the ad account's timezone (a day that exists)" }),
          campaignId: ShortText,
          campaignName: t.String({ minLength: 1, maxLength: MAX_NAME, pattern: "\\S", error: `must be text of 1 to ${MAX_NAME} characters, not blank`, description: "Not blank" }),
          utm: t.Optional(Utm),
          spend: t.Number({ minimum: 0, maximum: MAX_AMOUNT, error: "must be a number ≥ 0" }),
          currency: t.String({ pattern: "^[A-Z]{3}$", error: "must be an ISO 4217 currency code: 3 upper-case letters", description: "ISO 4217, upper case" }),
          impressions: Count,
          clicks: Count,
          conversions: Amount("The platform's own; shown beside ours, never added"),
          conversionValue: Amount(),
        },
        { additionalProperties: false },
      ),
      // No maxItems: the instance's 256 KB body limit (400) bounds a push, about 2 000 rows.
      { minItems: 1, error: "must be an array of at least one spend row", description: "At most 256 KB a push (about 2 000 rows): send more in several pushes, each covering whole days" },
    ),
  },
  { additionalProperties: false, title: "SpendPush" },
);
const checkPushBody = modelCheck(SpendPushBody);
export const SpendPushReceipt = t.Object(
  { imported: t.Integer(), replacedDays: t.Integer({ description: "Days (of the rows' platforms and accounts) that had rows before and were replaced" }) },
  { title: "SpendPushReceipt" },
);
export type SpendPushReceipt = Static<typeof SpendPushReceipt>;

type PushedRow = Static<typeof SpendPushBody>["rows"][number];

/** A row the model passed, read as stored (trimmed texts, blanks as the CSV reads them). */
function storedRow(raw: PushedRow, at: string, p: Problems): SpendRow | null {
  const account = text(p, `${at}.account`, raw.account, { max: MAX_TEXT, blank: "" });
  const campaignId = text(p, `${at}.campaignId`, raw.campaignId, { max: MAX_TEXT, blank: "" });
  const campaignName = text(p, `${at}.campaignName`, raw.campaignName, { max: MAX_NAME, blank: null, required: true });
  const utm = (key: keyof NonNullable<PushedRow["utm"]>) => text(p, `${at}.utm.${key}`, raw.utm?.[key], { max: MAX_TEXT, blank: null });
  if (account === null || campaignId === null || campaignName === null) return null;
  return {
    platform: raw.platform,
    account,
    date: raw.date,
    campaignId,
    campaignName,
    utmSource: utm("source"),
    utmMedium: utm("medium"),
    utmCampaign: utm("campaign"),
    utmId: utm("id"),
    spend: raw.spend,
    currency: raw.currency,
    impressions: raw.impressions ?? null,
    clicks: raw.clicks ?? null,
    platformConversions: raw.conversions ?? null,
    platformConversionValue: raw.conversionValue ?? null,
  };
}

/** The body checked against its published model (422 naming `rows.i.field`), then repeated keys refused like a CSV's. */
export function checkSpendPush(body: unknown): { rows: SpendRow[]; problems: Problems } {
  const p = new Problems();
  const rows: SpendRow[] = [];
  const seen = new Map<string, number>();
  checkPushBody(body).rows.forEach((raw, i) => {
    const row = storedRow(raw, `rows.${i}`, p);
    if (!row) return;
    const first = seen.get(rowKey(row));
    if (first !== undefined) p.add(`rows.${i}`, `repeats rows.${first} (the same platform, account, date and campaign)`);
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
