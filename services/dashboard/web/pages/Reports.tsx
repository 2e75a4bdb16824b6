import type { Static, TSchema } from "elysia";
import type * as Models from "../../../../lib/analytics/models.ts";
import { api } from "../api.ts";
import type { Range } from "../dates.ts";
import { countryName, formatDecimal, formatInteger, formatMoney, formatPercent, formatSeconds, humanize } from "../format.ts";
import { useLoad } from "../load.ts";
import { route, withQuery } from "../router.ts";
import { Table, type Column } from "../components/Table.tsx";
import { Failure } from "../components/Failure.tsx";
import { DIMENSION_LABELS } from "../vocabulary.ts";

type Of<T extends TSchema> = Static<T>;
type MetricRow = Models.MetricRow;

/** One table of a report: its rows taken from the answer, its columns. */
interface Section<Data> {
  caption: string;
  rows: (data: Data) => object[];
  columns: Column<never>[];
}

const col = <Row,>(label: string, value: (row: Row) => string | number, numeric = true): Column<Row> => ({ label, value, numeric });

/** The full metric set of a grouped row (lib/analytics/models.ts MetricRow), after a key column. */
function metricColumns(currency: string): Column<MetricRow>[] {
  return [
    col("Users", (r) => formatInteger(r.users)),
    col("New users", (r) => formatInteger(r.newUsers)),
    col("Sessions", (r) => formatInteger(r.sessions)),
    col("Pageviews", (r) => formatInteger(r.pageviews)),
    col("Engagement", (r) => formatPercent(r.engagementRate)),
    col("Bounce", (r) => formatPercent(r.bounceRate)),
    col("Engaged time", (r) => formatSeconds(r.avgEngagedSeconds)),
    col("Pages / session", (r) => formatDecimal(r.pagesPerSession)),
    col("Conversions", (r) => formatInteger(r.conversions)),
    col("Conv. rate", (r) => formatPercent(r.conversionRate)),
    col("Revenue", (r) => formatMoney(r.revenue, currency)),
  ];
}

const keyed = (label: string, currency: string, show: (key: string) => string = humanize): Column<MetricRow>[] => [col<MetricRow>(label, (r) => show(r.key), false), ...metricColumns(currency)];

const section = <Data, Row>(caption: string, rows: (data: Data) => Row[], columns: Column<Row>[]): Section<Data> =>
  ({ caption, rows: rows as (data: Data) => object[], columns: columns as Column<never>[] });

type Currency = { currency: string };
const credit = (label: string, pick: (r: Of<typeof Models.Attribution>["rows"][number]) => { conversions: number; revenue: number }, currency: string) => [
  col<Of<typeof Models.Attribution>["rows"][number]>(`${label} conv.`, (r) => formatDecimal(pick(r).conversions)),
  col<Of<typeof Models.Attribution>["rows"][number]>(`${label} revenue`, (r) => formatMoney(pick(r).revenue, currency)),
];

/** Each report's tables, with exactly the fields of its answer (docs/analytics.md, lib/analytics/models.ts). */
const REPORT_SECTIONS: Record<string, (data: Currency & Record<string, unknown>) => Section<never>[]> = {
  acquisition: (d) => [section("Channels", (x: Of<typeof Models.Acquisition>) => x.channels, keyed("Channel", d.currency)), section("Source / medium", (x: Of<typeof Models.Acquisition>) => x.sourceMedium, keyed("Source / medium", d.currency, String))],
  pages: () => [
    section("Pages", (x: Of<typeof Models.Pages>) => x.rows, [
      col<Of<typeof Models.Pages>["rows"][number]>("Path", (r) => r.path, false),
      col<Of<typeof Models.Pages>["rows"][number]>("Title", (r) => r.title ?? "", false),
      col<Of<typeof Models.Pages>["rows"][number]>("Views", (r) => formatInteger(r.views)),
      col<Of<typeof Models.Pages>["rows"][number]>("Users", (r) => formatInteger(r.users)),
      col<Of<typeof Models.Pages>["rows"][number]>("Entrances", (r) => formatInteger(r.entrances)),
      col<Of<typeof Models.Pages>["rows"][number]>("Exits", (r) => formatInteger(r.exits)),
      col<Of<typeof Models.Pages>["rows"][number]>("Engaged time / view", (r) => formatSeconds(r.avgEngagedSeconds)),
    ]),
  ],
  events: () => [
    section("Custom events", (x: Of<typeof Models.Events>) => x.rows, [
      col<Of<typeof Models.Events>["rows"][number]>("Event", (r) => r.name, false),
      col<Of<typeof Models.Events>["rows"][number]>("Events", (r) => formatInteger(r.events)),
      col<Of<typeof Models.Events>["rows"][number]>("Sessions", (r) => formatInteger(r.sessions)),
      col<Of<typeof Models.Events>["rows"][number]>("Users", (r) => formatInteger(r.users)),
      col<Of<typeof Models.Events>["rows"][number]>("Events / user", (r) => formatDecimal(r.eventsPerUser)),
      col<Of<typeof Models.Events>["rows"][number]>("Top properties", (r) => r.properties.map((p) => p.key).join(", "), false),
    ]),
  ],
  audience: (d) => [
    section("New and returning", (x: Of<typeof Models.Audience>) => x.userTypes, keyed("User type", d.currency)),
    section("Devices", (x: Of<typeof Models.Audience>) => x.devices, keyed("Device", d.currency)),
    section("Browsers", (x: Of<typeof Models.Audience>) => x.browsers, keyed("Browser", d.currency, String)),
    section("Operating systems", (x: Of<typeof Models.Audience>) => x.operatingSystems, keyed("OS", d.currency, String)),
    section("Languages", (x: Of<typeof Models.Audience>) => x.languages, keyed("Language", d.currency, String)),
    section("Screen sizes", (x: Of<typeof Models.Audience>) => x.screens, keyed("Screen", d.currency, String)),
  ],
  campaigns: (d) => [
    section("Campaigns", (x: Of<typeof Models.Campaigns>) => x.rows, [
      col<Models.CampaignRow>("Campaign", (r) => r.campaign, false),
      col<Models.CampaignRow>("Source", (r) => r.source, false),
      col<Models.CampaignRow>("Medium", (r) => r.medium, false),
      ...(metricColumns(d.currency) as Column<Models.CampaignRow>[]),
    ]),
  ],
  behaviour: (d) => {
    type B = Of<typeof Models.Behaviour>;
    return [
      section("Landing pages", (x: B) => x.landingPages, keyed("Landing page", d.currency, String)),
      section("Exit pages", (x: B) => x.exitPages, [
        col<B["exitPages"][number]>("Path", (r) => r.path, false),
        col<B["exitPages"][number]>("Exits", (r) => formatInteger(r.exits)),
        col<B["exitPages"][number]>("Views", (r) => formatInteger(r.views)),
        col<B["exitPages"][number]>("Exit rate", (r) => formatPercent(r.exitRate)),
      ]),
      section("Scroll depth", (x: B) => x.scrollDepth.reached, [
        col<B["scrollDepth"]["reached"][number]>("Reached", (r) => `${r.percent} %`, false),
        col<B["scrollDepth"]["reached"][number]>("Pageviews", (r) => formatInteger(r.pageviews)),
        col<B["scrollDepth"]["reached"][number]>("Rate", (r) => formatPercent(r.rate)),
      ]),
      section("Outbound links", (x: B) => x.outboundLinks, [
        col<B["outboundLinks"][number]>("URL", (r) => r.href, false),
        col<B["outboundLinks"][number]>("Clicks", (r) => formatInteger(r.clicks)),
        col<B["outboundLinks"][number]>("Sessions", (r) => formatInteger(r.sessions)),
        col<B["outboundLinks"][number]>("Users", (r) => formatInteger(r.users)),
      ]),
      section("Downloads", (x: B) => x.downloads, [
        col<B["downloads"][number]>("URL", (r) => r.href, false),
        col<B["downloads"][number]>("Downloads", (r) => formatInteger(r.downloads)),
        col<B["downloads"][number]>("Sessions", (r) => formatInteger(r.sessions)),
        col<B["downloads"][number]>("Users", (r) => formatInteger(r.users)),
      ]),
      section("Forms", (x: B) => x.forms, [
        col<B["forms"][number]>("Form", (r) => r.form, false),
        col<B["forms"][number]>("Submits", (r) => formatInteger(r.submits)),
        col<B["forms"][number]>("Sessions", (r) => formatInteger(r.sessions)),
        col<B["forms"][number]>("Users", (r) => formatInteger(r.users)),
      ]),
    ];
  },
  attribution: (d) => [
    section("Credit per channel", (x: Of<typeof Models.Attribution>) => x.rows, [
      col<Of<typeof Models.Attribution>["rows"][number]>("Channel", (r) => humanize(r.key), false),
      ...credit("First touch", (r) => r.firstTouch, d.currency),
      ...credit("Last touch", (r) => r.lastTouch, d.currency),
      ...credit("Last non-direct", (r) => r.lastNonDirect, d.currency),
      ...credit("Linear", (r) => r.linear, d.currency),
    ]),
  ],
  conversions: (d) => {
    type C = Of<typeof Models.Conversions>;
    return [
      section("By name", (x: C) => x.byName, [
        col<C["byName"][number]>("Conversion", (r) => r.name, false),
        col<C["byName"][number]>("Conversions", (r) => formatInteger(r.conversions)),
        col<C["byName"][number]>("Revenue", (r) => formatMoney(r.revenue, d.currency)),
        col<C["byName"][number]>("Sessions", (r) => formatInteger(r.sessions)),
        col<C["byName"][number]>("Users", (r) => formatInteger(r.users)),
      ]),
      section("By currency", (x: C) => x.byCurrency, [
        col<C["byCurrency"][number]>("Currency", (r) => r.currency, false),
        col<C["byCurrency"][number]>("Conversions", (r) => formatInteger(r.conversions)),
        col<C["byCurrency"][number]>("Value", (r) => formatMoney(r.value, r.currency)),
      ]),
      section("Per day", (x: C) => x.series, [
        col<C["series"][number]>("Date", (r) => r.date, false),
        col<C["series"][number]>("Conversions", (r) => formatInteger(r.conversions)),
        col<C["series"][number]>("Revenue", (r) => formatMoney(r.revenue, d.currency)),
      ]),
    ];
  },
};

export const TABLE_REPORTS = [...Object.keys(REPORT_SECTIONS), "locations"];

/** A summary line above the tables for the reports whose answer carries totals. */
function summary(report: string, data: Record<string, unknown>, currency: string): string | null {
  const totals = data.totals as { conversions?: number; revenue?: number; events?: number; users?: number } | undefined;
  if (!totals) return null;
  if (report === "events") return `${formatInteger(totals.events ?? 0)} custom events from ${formatInteger(totals.users ?? 0)} users`;
  return `${formatDecimal(totals.conversions ?? 0)} conversions, ${formatMoney(totals.revenue ?? 0, currency)} revenue`;
}

interface Props {
  base: string;
  report: string;
  range: Range;
}

export function ReportPage({ base, report, range }: Props) {
  const url = `${base}/analytics/${report}?from=${range.from}&to=${range.to}`;
  const { data, error } = useLoad(url, () => api<Currency & Record<string, unknown>>(url));
  if (error) return <Failure error={error} />;
  if (!data) return <p aria-busy="true">Loading…</p>;
  const line = summary(report, data, data.currency);
  return (
    <>
      {line && <p class="summary">{line}</p>}
      {REPORT_SECTIONS[report]!(data).map((s) => (
        <Table caption={s.caption} rows={s.rows(data as never) as never[]} columns={s.columns} />
      ))}
    </>
  );
}

/** Each level's table caption; its column is the dimension's own label. */
const LEVEL_CAPTIONS: Record<Of<typeof Models.Locations>["level"], string> = { country: "Countries", region: "Regions", city: "Cities" };

/** Locations: countries, then a country's regions (`?country=`), then a region's cities (`&region=`). */
export function LocationsPage({ base, range }: { base: string; range: Range }) {
  const country = route.value.query.get("country");
  const region = country ? route.value.query.get("region") : null;
  const drill = new URLSearchParams({ from: range.from, to: range.to });
  if (country) drill.set("country", country);
  if (region) drill.set("region", region);
  const url = `${base}/analytics/locations?${drill}`;
  const { data, error } = useLoad(url, () => api<Of<typeof Models.Locations>>(url));
  if (error) return <Failure error={error} />;
  if (!data) return <p aria-busy="true">Loading…</p>;
  const label = DIMENSION_LABELS[data.level];
  const next = (row: MetricRow) =>
    data.level === "country" ? withQuery({ country: row.key, region: null }) : data.level === "region" ? withQuery({ region: row.key }) : null;
  return (
    <>
      <nav aria-label="Location level" class="crumbs">
        <a href={withQuery({ country: null, region: null })}>All countries</a>
        {country && (
          <>
            {" › "}
            <a href={withQuery({ region: null })}>{countryName(country)}</a>
          </>
        )}
        {region && <> › {region}</>}
      </nav>
      <Table
        caption={LEVEL_CAPTIONS[data.level]}
        rows={data.rows}
        columns={[
          { label, value: (r: MetricRow) => (data.level === "country" ? countryName(r.key) : r.key), href: next, numeric: false },
          ...metricColumns(data.currency),
        ]}
      />
    </>
  );
}

/** Realtime: the last 30 minutes, asked again every 15 seconds. */
export function RealtimePage({ base }: { base: string }) {
  const url = `${base}/analytics/realtime`;
  const { data, error } = useLoad(url, () => api<Of<typeof Models.Realtime>>(url), 15_000);
  if (error) return <Failure error={error} />;
  if (!data) return <p aria-busy="true">Loading…</p>;
  type Group = { visitors: number; pageviews: number };
  const groupColumns = (label: string, key: (r: Group & Record<string, unknown>) => string): Column<Group & Record<string, unknown>>[] => [
    { label, value: key },
    col("Visitors", (r) => formatInteger(r.visitors)),
    col("Pageviews", (r) => formatInteger(r.pageviews)),
  ];
  return (
    <>
      <ul class="kpis" aria-label="Right now">
        <li class="kpi" data-kpi="activeVisitors">
          <span class="kpi-label">Active visitors (5 min)</span>
          <span class="kpi-value" aria-live="polite">{formatInteger(data.activeVisitors)}</span>
        </li>
        <li class="kpi" data-kpi="visitors">
          <span class="kpi-label">Visitors (30 min)</span>
          <span class="kpi-value">{formatInteger(data.visitors)}</span>
        </li>
        <li class="kpi" data-kpi="pageviews">
          <span class="kpi-label">Pageviews (30 min)</span>
          <span class="kpi-value">{formatInteger(data.pageviews)}</span>
        </li>
      </ul>
      <p class="summary">Updated {new Date(data.at).toLocaleTimeString()} · refreshes every 15 seconds</p>
      <Table caption="Pages" rows={data.pages} columns={groupColumns("Path", (r) => String(r.path))} />
      <Table caption="Sources" rows={data.sources} columns={groupColumns("Source", (r) => String(r.key))} />
      <Table caption="Countries" rows={data.countries} columns={groupColumns("Country", (r) => countryName(String(r.key)))} />
    </>
  );
}
