import type { VisitorProfile } from "../../../../lib/people/models.ts";
import { api } from "../api.ts";
import { countryName, formatDecimal, formatInteger, formatMoney, formatSeconds, formatTime as when, humanize, orDash } from "../format.ts";
import { useLoad } from "../load.ts";
import { Kpis } from "../components/Kpis.tsx";
import { Table } from "../components/Table.tsx";
import { Failure } from "../components/Failure.tsx";
import { LEAD_COLUMNS } from "./Leads.tsx";
import { personName } from "./Visitors.tsx";
import { useState } from "preact/hooks";
import type { PersonErasure } from "../../../../lib/lifecycle/person-models.ts";
import { erasedSummary, PersonData } from "../components/PersonData.tsx";

type Session = VisitorProfile["sessions"][number];

/** The person behind a visitor id (spec 4.9): as the API answers it, contact details masked without analytics.pii.read; owners and admins can export or erase their data. */
export function VisitorProfilePage({ base, visitorId, back, canManage }: { base: string; visitorId: string; back: string; canManage: boolean }) {
  const url = `${base}/visitors/${visitorId}`;
  const { data, error } = useLoad(url, () => api<VisitorProfile>(url));
  const [erased, setErased] = useState<PersonErasure | null>(null);
  if (erased) {
    return (
      <>
        <h2>Person erased</h2>
        <p role="status">{erasedSummary(erased)}</p>
        <p>
          <a href={back}>All visitors</a>
        </p>
      </>
    );
  }
  if (error) return <Failure error={error} />;
  if (!data) return <p aria-busy="true">Loading…</p>;
  const money = (n: number) => formatMoney(n, data.currency);
  const kpis: [string, string, string][] = [
    ["leadScore", "Lead score", formatInteger(data.leadScore)],
    ["tier", "Tier", humanize(data.tier)],
    ["stage", "Stage", humanize(data.stage)],
    ["sessions", "Sessions", formatInteger(data.totals.sessions)],
    ["pageviews", "Pageviews", formatInteger(data.totals.pageviews)],
    ["engagedSeconds", "Engaged time", formatSeconds(data.totals.engagedSeconds)],
    ["conversions", "Conversions", formatInteger(data.totals.conversions)],
    ["revenue", "Revenue", money(data.totals.revenue)],
  ];
  const pages = data.sessions.flatMap((s) => s.pages.map((p) => ({ ...p, session: s })));
  return (
    <>
      <nav aria-label="Back" class="crumbs">
        <a href={back}>All visitors</a> › {personName(data)}
      </nav>
      <h2>{personName(data)}</h2>
      {!data.pii && (data.name !== null || data.email !== null) && <p class="note">Contact details are masked: your role may not read personal data.</p>}
      <Kpis label="Totals" items={kpis} />
      <dl class="facts">
        <dt>E-mail</dt>
        <dd data-field="email">{orDash(data.email)}</dd>
        <dt>User id</dt>
        <dd>{orDash(data.userId)}</dd>
        <dt>First seen</dt>
        <dd>{when(data.firstSeenAt)}</dd>
        <dt>Last seen</dt>
        <dd>{when(data.lastSeenAt)}</dd>
        <dt>Linked visitor ids</dt>
        <dd>
          <ul class="linked-ids">
            {data.visitorIds.map((id) => (
              <li>{id === data.visitorId ? <code>{id}</code> : <a href={`${base}/visitors/${id}`}><code>{id}</code></a>}</li>
            ))}
          </ul>
        </dd>
      </dl>
      <Table caption="What the score is made of" empty="No points yet." rows={data.reasons} columns={[
        { label: "Factor", value: (r) => humanize(r.factor) },
        { label: "Points", value: (r) => formatInteger(r.points), numeric: true },
        { label: "Why", value: (r) => r.detail },
      ]} />
      <Table caption="Score history" empty="No finished session yet." rows={data.scoreHistory} columns={[
        { label: "At", value: (r) => when(r.at) },
        { label: "Score", value: (r) => formatInteger(r.score), numeric: true },
        { label: "Tier", value: (r) => humanize(r.tier) },
      ]} />
      <Table<Session> caption="Sessions, newest first" rows={data.sessions} columns={[
        { label: "Started", value: (s) => when(s.startedAt) },
        { label: "Channel", value: (s) => humanize(s.channel) },
        { label: "Source / medium", value: (s) => (s.source ? `${s.source} / ${s.medium ?? "(none)"}` : "—") },
        { label: "Campaign", value: (s) => orDash(s.campaign) },
        { label: "Landing", value: (s) => orDash(s.landing) },
        { label: "Pageviews", value: (s) => formatInteger(s.pageviews), numeric: true },
        { label: "Engaged time", value: (s) => formatSeconds(s.engagedSeconds), numeric: true },
        { label: "Conversions", value: (s) => formatInteger(s.conversions), numeric: true },
        { label: "Revenue", value: (s) => money(s.revenue), numeric: true },
        { label: "Device", value: (s) => [s.device && humanize(s.device), s.browser, s.os].filter(Boolean).join(" · ") || "—" },
        { label: "Place", value: (s) => [s.city, s.region, s.country ? countryName(s.country) : null].filter(Boolean).join(", ") || "—" },
      ]} />
      <Table caption="Pages, newest session first" rows={pages} columns={[
        { label: "At", value: (p) => when(p.at) },
        { label: "Path", value: (p) => p.path },
        { label: "Title", value: (p) => orDash(p.title) },
      ]} />
      <Table caption="Campaigns" empty="No campaign." rows={data.campaigns} columns={[
        { label: "Campaign", value: (c) => c.campaign },
        { label: "Source / medium", value: (c) => `${c.source} / ${c.medium}` },
        { label: "Sessions", value: (c) => formatInteger(c.sessions), numeric: true },
        { label: "First", value: (c) => when(c.firstAt) },
        { label: "Last", value: (c) => when(c.lastAt) },
      ]} />
      <Table caption="Conversions, newest first" empty="No conversion." rows={data.conversions} columns={[
        { label: "Conversion", value: (c) => c.name },
        { label: "Value", value: (c) => (c.currency ? formatMoney(c.value, c.currency) : formatDecimal(c.value)), numeric: true },
        { label: "At", value: (c) => when(c.at) },
      ]} />
      <Table caption="Leads, newest first" empty="No lead." rows={data.leads} columns={LEAD_COLUMNS} />
      {canManage && <PersonData base={base} visitorId={data.visitorId} onErased={setErased} />}
    </>
  );
}
