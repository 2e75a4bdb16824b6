import type { InsightModel, InsightRow, MarketingInsights } from "../../../../lib/spend/models.ts";
import { api } from "../api.ts";
import type { Range } from "../dates.ts";
import { formatDecimal, formatInteger, formatMoney, humanize } from "../format.ts";
import { useLoad } from "../load.ts";
import { navigate, route, withQuery } from "../router.ts";
import { AD_PLATFORM_LABELS, INSIGHT_MODEL_LABELS, INSIGHT_MODELS } from "../vocabulary.ts";
import { Table, type Column } from "../components/Table.tsx";
import { Await } from "../components/Failure.tsx";
import { Select } from "../components/Select.tsx";
import { AdPlatforms, HowToImport } from "../components/AdPlatforms.tsx";

const DEFAULT_MODEL: InsightModel = "last_non_direct";
/** `?model=`, the attribution model; anything else is the default. */
export const modelOf = (query: URLSearchParams): InsightModel => INSIGHT_MODELS.find((m) => m === query.get("model")) ?? DEFAULT_MODEL;

const money = (n: number | null, currency: string) => (n === null ? "—" : formatMoney(n, currency));
const num = <Row,>(label: string, value: (row: Row) => string): Column<Row> => ({ label, value, numeric: true });

/** Spend and the platform's figures, then ours, then the ratios; money in the row's own currency. */
const FIGURES: Column<InsightRow>[] = [
  num("Spend", (r) => formatMoney(r.spend, r.currency)),
  num("Impressions", (r) => formatInteger(r.impressions)),
  num("Clicks", (r) => formatInteger(r.clicks)),
  num("Platform's conversions", (r) => formatDecimal(r.platformConversions)),
  num("Platform's conv. value", (r) => formatMoney(r.platformConversionValue, r.currency)),
  num("Sessions", (r) => formatInteger(r.sessions)),
  num("Engaged", (r) => formatInteger(r.engagedSessions)),
  num("Leads", (r) => formatInteger(r.leads)),
  num("Conversions (ours)", (r) => formatDecimal(r.conversions)),
  num("Revenue (ours)", (r) => formatMoney(r.revenue, r.currency)),
  num("CPC", (r) => money(r.cpc, r.currency)),
  num("CPL", (r) => money(r.cpl, r.currency)),
  num("CPA", (r) => money(r.cpa, r.currency)),
  num("ROAS", (r) => (r.roas === null ? "—" : formatDecimal(r.roas))),
];

const channel: Column<InsightRow> = { label: "Channel", value: (r) => (r.channel === null ? "—" : humanize(r.channel)) };
const campaign: Column<InsightRow> = { label: "Campaign", value: (r) => r.campaign ?? "—" };
const platform: Column<InsightRow> = { label: "Platform", value: (r) => (r.platform === null ? "—" : AD_PLATFORM_LABELS[r.platform]) };

const CHANNEL_COLUMNS = [channel, ...FIGURES];
const CAMPAIGN_COLUMNS = [campaign, channel, platform, ...FIGURES];
const CURRENCY_COLUMNS: Column<InsightRow>[] = [{ label: "Currency", value: (r) => r.currency }, ...CAMPAIGN_COLUMNS];
const TOTAL_COLUMNS: Column<InsightRow>[] = [{ label: "Total", value: () => "All channels" }, ...FIGURES];

/**
 * Marketing insights (GET …/insights/marketing): ad spend beside our own sessions, leads,
 * conversions and revenue, per channel and per campaign, conversions credited by the chosen
 * model (`?model=`, kept in the URL with the range).
 */
export function InsightsPage({ base, siteId, range }: { base: string; siteId: string; range: Range }) {
  const model = modelOf(route.value.query);
  const url = `${base}/insights/marketing?from=${range.from}&to=${range.to}${model === DEFAULT_MODEL ? "" : `&model=${model}`}`;
  const state = useLoad(url, () => api<MarketingInsights>(url));
  return (
    <>
      <Select class="inline-field" label="Attribution model" value={model} labels={INSIGHT_MODEL_LABELS} onChange={(m) => navigate(withQuery({ model: m === DEFAULT_MODEL ? null : m }))} />
      <Await state={state}>
        {(data) => (
          <>
            {data.platforms.every((p) => p.state === "not_connected") ? (
              <>
                <h2>No ad spend imported yet</h2>
                <HowToImport siteId={siteId} />
              </>
            ) : (
              data.totals.spend === 0 && data.otherCurrencies.length === 0 && <p class="summary">No ad spend in this range.</p>
            )}
            <p class="summary">
              Conversions and revenue are ours, credited by the {INSIGHT_MODEL_LABELS[data.model].toLowerCase()} model, in {data.currency}; the platform's conversions are its own count, shown beside ours and never added to them.
            </p>
            <AdPlatforms platforms={data.platforms} />
            <Table caption="Totals" rows={[data.totals]} columns={TOTAL_COLUMNS} />
            <Table caption="Channels" rows={data.channels} columns={CHANNEL_COLUMNS} />
            <Table caption="Campaigns" rows={data.campaigns} columns={CAMPAIGN_COLUMNS} />
            <p class="summary">
              Unmatched: spend whose campaign matched none of our sessions in the range, and paid-channel sessions no spend matched. They are kept apart so their cost or their results are not credited to another campaign; they are in the channel rows and the totals.
            </p>
            <Table caption="Unmatched" empty="Every campaign's spend matched our sessions." rows={data.unmatched} columns={CAMPAIGN_COLUMNS} />
            <p class="summary">
              Spend in another currency than the site's ({data.currency}) is not converted (no exchange rates): it is listed per currency here, out of the totals and the ratios, with our figures at 0.
            </p>
            <Table caption="Other currencies" empty="No spend in another currency." rows={data.otherCurrencies} columns={CURRENCY_COLUMNS} />
          </>
        )}
      </Await>
    </>
  );
}
