import type { VisitorList, VisitorListItem } from "../../../../lib/people/models.ts";
import { STAGES, TIERS } from "../../../../lib/people/scoring.ts";
import { VISITOR_VIEWS } from "../../../../lib/people/views.ts";
import { api } from "../api.ts";
import { rangeQuery, type Range } from "../dates.ts";
import { countryName, formatInteger, formatMoney, formatTime as when, humanize } from "../format.ts";
import { useLoad } from "../load.ts";
import { route } from "../router.ts";
import { Table } from "../components/Table.tsx";
import { Failure } from "../components/Failure.tsx";
import { Pager } from "../components/Pager.tsx";
import { Facet, QueryForm } from "../components/QueryForm.tsx";

/** The URL's names for the API's filters (spec 4.9), kept as they are. */
const FILTERS = ["view", "tier", "stage", "channel", "campaign", "minScore", "q", "page"] as const;

const anyOf = (label: string, values: readonly string[]) => [{ value: "", label }, ...values.map((v) => ({ value: v, label: humanize(v) }))];
const touch = (t: VisitorListItem["firstTouch"]) => `${humanize(t.channel)} · ${t.source}${t.campaign === "(not set)" ? "" : ` · ${t.campaign}`}`;
/** Who a visitor is, as far as the API says (masked without analytics.pii.read). */
export const personName = (v: { name: string | null; email: string | null; visitorId: string }) => v.name ?? v.email ?? `Visitor ${v.visitorId.slice(0, 8)}`;

/** Visitors (spec 4.9): filters, tier and stage facets and paging in the URL; a row opens the profile. */
export function VisitorsPage({ base, range, readsContacts }: { base: string; range: Range; readsContacts: boolean }) {
  const query = new URLSearchParams({ from: range.from, to: range.to });
  for (const name of FILTERS) {
    const value = route.value.query.get(name);
    if (value) query.set(name, value);
  }
  const url = `${base}/visitors?${query}`;
  const { data, error } = useLoad(url, () => api<VisitorList>(url));
  return (
    <>
      <QueryForm
        key={route.value.query.toString()}
        label="Visitor filters"
        fields={[
          { name: "view", label: "View", kind: "select", options: VISITOR_VIEWS.map((v) => ({ value: v === "recent" ? "" : v, label: humanize(v) })) },
          { name: "tier", label: "Tier", kind: "select", options: anyOf("Any tier", TIERS) },
          { name: "stage", label: "Stage", kind: "select", options: anyOf("Any stage", STAGES) },
          { name: "channel", label: "Channel", kind: "text" },
          { name: "campaign", label: "Campaign", kind: "text" },
          { name: "minScore", label: "Minimum score", kind: "number", min: 0, max: 100 },
          // Without analytics.pii.read the server matches visitor-id prefixes only (docs/data-lifecycle.md).
          { name: "q", label: readsContacts ? "Search name, e-mail or id" : "Search visitor id", kind: "search", maxLength: 320 },
        ]}
      />
      {error ? (
        <Failure error={error} />
      ) : !data ? (
        <p aria-busy="true">Loading…</p>
      ) : (
        <>
          <Facet label="By tier" name="tier" counts={data.tiers} show={humanize} />
          <Facet label="By stage" name="stage" counts={data.stages} show={humanize} />
          <Table
            caption="Visitors"
            empty="No visitors match in this range."
            rows={data.items}
            columns={[
              { label: "Visitor", value: personName, href: (v) => `${base}/visitors/${v.visitorId}${rangeQuery(range)}`, linkLabel: (v) => `Profile of ${personName(v)}` },
              { label: "Score", value: (v) => formatInteger(v.leadScore), numeric: true },
              { label: "Tier", value: (v) => humanize(v.tier) },
              { label: "Stage", value: (v) => humanize(v.stage) },
              { label: "Sessions", value: (v) => formatInteger(v.sessions), numeric: true },
              { label: "Pageviews", value: (v) => formatInteger(v.pageviews), numeric: true },
              { label: "Conversions", value: (v) => formatInteger(v.conversions), numeric: true },
              { label: "Revenue", value: (v) => formatMoney(v.revenue, data.currency), numeric: true },
              { label: "Country", value: (v) => (v.country ? countryName(v.country) : "—") },
              { label: "Device", value: (v) => (v.device ? humanize(v.device) : "—") },
              { label: "Last seen", value: (v) => when(v.lastSeenAt) },
              { label: "First touch", value: (v) => touch(v.firstTouch) },
              { label: "Last touch", value: (v) => touch(v.lastTouch) },
            ]}
          />
          <Pager page={data.page} pages={data.pages} total={data.total} noun="visitors" />
        </>
      )}
    </>
  );
}
