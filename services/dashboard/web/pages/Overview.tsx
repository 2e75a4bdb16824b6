import type { Static } from "elysia";
import type { Overview as OverviewModel } from "../../../../lib/analytics/models.ts";
import type { ExploreQueryResult } from "../../../../lib/analytics/explore/model.ts";
import { api } from "../api.ts";
import { addDays, type Range } from "../dates.ts";
import { addFilter, FILTER_DIMENSIONS, type Filter } from "../filters.ts";
import { countryName, formatChange, formatInteger, formatMoney, formatPercent, formatSeconds, humanize } from "../format.ts";
import { useLoad } from "../load.ts";
import { Chart } from "../components/Chart.tsx";
import { Table } from "../components/Table.tsx";
import { Failure } from "../components/Failure.tsx";

type Overview = Static<typeof OverviewModel>;
type Kpis = Overview["current"];

/** The overview as the page shows it; `pages` are landing pages when it is filtered (explore has no page-view path). */
interface OverviewView {
  overview: Omit<Overview, "pages">;
  pages: { caption: string; countLabel: string; rows: { path: string; title: string | null; count: number; users: number }[] };
}

const KPI_METRICS = ["sessions", "users", "newUsers", "pageviews", "engagementRate", "avgEngagedSeconds", "pagesPerSession", "conversions", "revenue"] as const;

const days = (range: { from: string; to: string }) => Math.round((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000) + 1;

/**
 * The overview with filters: the overview route takes none (spec 4.6), so the same figures are
 * asked of explore (spec 4.7, kind query) with the filters — totals for the KPIs of the period and
 * of the one before, and one query per table.
 */
async function filteredOverview(base: string, range: Range, filters: Filter[], currency: string, tz: string): Promise<OverviewView> {
  const explore = (from: string, to: string, dimension: string, metrics: readonly string[], limit: number) =>
    api<ExploreQueryResult>(`${base}/explore`, {
      body: { kind: "query", from, to, query: { metrics, dimension, limit, filters: filters.map((f) => ({ dim: f.dim, op: "is", value: f.value })) } },
    });
  const previousTo = addDays(range.from, -1);
  const previousFrom = addDays(range.from, -days(range));
  const [channels, previous, daily, landing, countries, devices] = await Promise.all([
    explore(range.from, range.to, "channel", [...KPI_METRICS], 100),
    explore(previousFrom, previousTo, "channel", [...KPI_METRICS], 1),
    explore(range.from, range.to, "date", ["sessions", "users", "pageviews", "conversions"], 1000),
    explore(range.from, range.to, "landing", ["sessions", "users"], 10),
    explore(range.from, range.to, "country", ["sessions", "users"], 10),
    explore(range.from, range.to, "device", ["sessions", "users"], 100),
  ]);
  const n = (row: object, metric: string) => Number((row as Record<string, unknown>)[metric] ?? 0);
  const kpis = (totals: Record<string, number>) => Object.fromEntries(KPI_METRICS.map((m) => [m, totals[m] ?? 0])) as Kpis;
  const byDay = new Map(daily.rows.map((r) => [r.key, r]));
  const series = Array.from({ length: days(range) }, (_, i) => {
    const date = addDays(range.from, i);
    const row = byDay.get(date) ?? {};
    return { date, sessions: n(row, "sessions"), users: n(row, "users"), pageviews: n(row, "pageviews"), conversions: n(row, "conversions") };
  });
  const keyed = (result: ExploreQueryResult) => result.rows.map((r) => ({ key: r.key, sessions: n(r, "sessions"), users: n(r, "users") }));
  return {
    overview: {
      from: range.from,
      to: range.to,
      tz,
      currency,
      current: kpis(channels.totals),
      previous: kpis(previous.totals),
      series,
      channels: channels.rows.map((r) => ({
        key: r.key,
        sessions: n(r, "sessions"),
        users: n(r, "users"),
        engagementRate: n(r, "engagementRate"),
        conversions: n(r, "conversions"),
        revenue: n(r, "revenue"),
        pageviews: n(r, "pageviews"),
      })),
      countries: keyed(countries),
      devices: keyed(devices),
    },
    pages: { caption: "Landing pages", countLabel: "Sessions", rows: landing.rows.map((r) => ({ path: r.key, title: null, count: n(r, "sessions"), users: n(r, "users") })) },
  };
}

async function loadOverview(base: string, range: Range, filters: Filter[], currency: string, tz: string): Promise<OverviewView> {
  if (filters.length > 0) return filteredOverview(base, range, filters, currency, tz);
  const { pages, ...overview } = await api<Overview>(`${base}/analytics/overview?from=${range.from}&to=${range.to}`);
  return { overview, pages: { caption: "Pages", countLabel: "Views", rows: pages.map((p) => ({ path: p.path, title: p.title, count: p.views, users: p.users })) } };
}

const KPI_CARDS: { key: keyof Kpis; label: string; show: (v: number, currency: string) => string }[] = [
  { key: "users", label: "Users", show: formatInteger },
  { key: "sessions", label: "Sessions", show: formatInteger },
  { key: "pageviews", label: "Pageviews", show: formatInteger },
  { key: "engagementRate", label: "Engagement rate", show: formatPercent },
  { key: "avgEngagedSeconds", label: "Engaged time per session", show: formatSeconds },
  { key: "conversions", label: "Conversions", show: formatInteger },
  { key: "revenue", label: "Revenue", show: formatMoney },
];

function KpiList({ current, previous, currency }: { current: Kpis; previous: Kpis; currency: string }) {
  return (
    <ul class="kpis" aria-label="Key figures">
      {KPI_CARDS.map((card) => {
        const change = formatChange(current[card.key], previous[card.key]);
        return (
          <li class="kpi" data-kpi={card.key}>
            <span class="kpi-label">{card.label}</span>
            <span class="kpi-value">{card.show(current[card.key], currency)}</span>
            <span class={`kpi-change ${change?.startsWith("+") ? "up" : change?.startsWith("−") ? "down" : ""}`}>
              {change ? `${change} vs previous period` : `previous period: ${card.show(previous[card.key], currency)}`}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

const filterLink = (dim: Filter["dim"], value: string) => addFilter({ dim, value });
const filterLabel = (dim: Filter["dim"], value: string) => `Filter by ${FILTER_DIMENSIONS[dim]} ${value}`;

interface Props {
  base: string;
  range: Range;
  filters: Filter[];
  currency: string;
  timezone: string;
}

export function OverviewPage({ base, range, filters, currency, timezone }: Props) {
  const key = `${base}|${range.from}|${range.to}|${filters.map((f) => `${f.dim}:${f.value}`).join(",")}`;
  const { data, error, loading } = useLoad(key, () => loadOverview(base, range, filters, currency, timezone));
  if (error) return <Failure error={error} />;
  if (!data) return <p aria-busy="true">Loading…</p>;
  const { overview, pages } = data;
  return (
    <div aria-busy={loading}>
      <KpiList current={overview.current} previous={overview.previous} currency={overview.currency} />
      <section aria-labelledby="daily-heading">
        <h2 id="daily-heading">Daily</h2>
        <Chart
          title={`Sessions, users and pageviews per day, ${overview.from} to ${overview.to}`}
          dates={overview.series.map((p) => p.date)}
          series={[
            { label: "Sessions", values: overview.series.map((p) => p.sessions), colorVar: "--series-1" },
            { label: "Users", values: overview.series.map((p) => p.users), colorVar: "--series-2" },
            { label: "Pageviews", values: overview.series.map((p) => p.pageviews), colorVar: "--series-3" },
          ]}
        />
        <details>
          <summary>Daily numbers</summary>
          <Table
            caption="Per day"
            rows={overview.series}
            columns={[
              { label: "Date", value: (p) => p.date },
              { label: "Sessions", value: (p) => formatInteger(p.sessions), numeric: true },
              { label: "Users", value: (p) => formatInteger(p.users), numeric: true },
              { label: "Pageviews", value: (p) => formatInteger(p.pageviews), numeric: true },
              { label: "Conversions", value: (p) => formatInteger(p.conversions), numeric: true },
            ]}
          />
        </details>
      </section>
      <div class="grid">
        <Table
          caption="Channels"
          rows={overview.channels}
          columns={[
            { label: "Channel", value: (r) => humanize(r.key), href: (r) => filterLink("channel", r.key), linkLabel: (r) => filterLabel("channel", humanize(r.key)) },
            { label: "Sessions", value: (r) => formatInteger(r.sessions), numeric: true },
            { label: "Users", value: (r) => formatInteger(r.users), numeric: true },
            { label: "Engagement", value: (r) => formatPercent(r.engagementRate), numeric: true },
            { label: "Conversions", value: (r) => formatInteger(r.conversions), numeric: true },
            { label: "Revenue", value: (r) => formatMoney(r.revenue, overview.currency), numeric: true },
          ]}
        />
        <Table
          caption={pages.caption}
          rows={pages.rows}
          columns={[
            { label: "Page", value: (r) => r.path, href: (r) => filterLink("landing", r.path), linkLabel: (r) => filterLabel("landing", r.path) },
            { label: "Title", value: (r) => r.title ?? "" },
            { label: pages.countLabel, value: (r) => formatInteger(r.count), numeric: true },
            { label: "Users", value: (r) => formatInteger(r.users), numeric: true },
          ]}
        />
        <Table
          caption="Countries"
          rows={overview.countries}
          columns={[
            { label: "Country", value: (r) => countryName(r.key), href: (r) => filterLink("country", r.key), linkLabel: (r) => filterLabel("country", countryName(r.key)) },
            { label: "Sessions", value: (r) => formatInteger(r.sessions), numeric: true },
            { label: "Users", value: (r) => formatInteger(r.users), numeric: true },
          ]}
        />
        <Table
          caption="Devices"
          rows={overview.devices}
          columns={[
            { label: "Device", value: (r) => humanize(r.key), href: (r) => filterLink("device", r.key), linkLabel: (r) => filterLabel("device", r.key) },
            { label: "Sessions", value: (r) => formatInteger(r.sessions), numeric: true },
            { label: "Users", value: (r) => formatInteger(r.users), numeric: true },
          ]}
        />
      </div>
    </div>
  );
}
