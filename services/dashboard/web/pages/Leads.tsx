import type { LeadItem, LeadList } from "../../../../lib/people/models.ts";
import { LEAD_SOURCES } from "../../../../lib/leads/lead.ts";
import { api } from "../api.ts";
import type { Range } from "../dates.ts";
import { countryName, formatTime as when, humanize, orDash } from "../format.ts";
import { useLoad } from "../load.ts";
import { route } from "../router.ts";
import { session } from "../session.ts";
import { Table, type Column } from "../components/Table.tsx";
import { Failure } from "../components/Failure.tsx";
import { Pager } from "../components/Pager.tsx";
import { Facet, QueryForm } from "../components/QueryForm.tsx";
import { PersonalDataDownloads } from "../components/StepUp.tsx";


/** A lead's columns, as the API answers them (masked contact details stay masked). */
export const LEAD_COLUMNS: Column<LeadItem>[] = [
  { label: "Received", value: (l) => when(l.createdAt) },
  { label: "Source", value: (l) => `${humanize(l.source)} · ${l.sourceName}` },
  { label: "Name", value: (l) => orDash(l.name) },
  { label: "E-mail", value: (l) => orDash(l.email) },
  { label: "Phone", value: (l) => orDash(l.phone) },
  { label: "Company", value: (l) => orDash(l.company) },
  { label: "Message", value: (l) => orDash(l.message) },
  { label: "Page", value: (l) => orDash(l.path) },
  { label: "Country", value: (l) => (l.country ? countryName(l.country) : "—") },
  { label: "Channel", value: (l) => (l.channel ? humanize(l.channel) : "—") },
  { label: "Campaign", value: (l) => orDash(l.campaign) },
  { label: "Source / medium", value: (l) => orDash(l.sourceMedium) },
];

/** The list's filters from the URL, as the API's query (spec 4.10), with the page's range. */
function leadQuery(range: Range): URLSearchParams {
  const query = new URLSearchParams({ from: range.from, to: range.to });
  for (const name of ["source", "campaign", "page"]) {
    const value = route.value.query.get(name);
    if (value) query.set(name, value);
  }
  return query;
}

/** Leads of the site (spec 4.10): filters and paging in the URL, and the CSV export behind a step-up. */
export function LeadsPage({ base, range }: { base: string; range: Range }) {
  const query = leadQuery(range);
  const url = `${base}/leads?${query}`;
  const list = useLoad(url, () => api<LeadList>(url));
  return (
    <>
      <QueryForm
        key={route.value.query.toString()}
        label="Lead filters"
        fields={[
          { name: "source", label: "Source", kind: "select", options: [{ value: "", label: "Any source" }, ...LEAD_SOURCES.map((s) => ({ value: s, label: humanize(s) }))] },
          { name: "campaign", label: "Campaign", kind: "text" },
        ]}
      />
      {list.error ? (
        <Failure error={list.error} />
      ) : !list.data ? (
        <p aria-busy="true">Loading…</p>
      ) : (
        <>
          <Facet label="By source" name="source" counts={list.data.bySource} show={humanize} />
          {!list.data.pii && list.data.items.length > 0 && <p class="note">Contact details are masked: your role may not read personal data.</p>}
          <Table caption="Leads, newest first" empty="No leads in this range." rows={list.data.items} columns={LEAD_COLUMNS} />
          <Pager page={list.data.page} pages={list.data.pages} total={list.data.total} noun="leads" />
          <ExportCsv path={`${base}/leads?${new URLSearchParams([...query].filter(([name]) => name !== "page"))}&format=csv`} canExport={list.data.canExport} />
        </>
      )}
    </>
  );
}

/** "Export CSV": the whole filtered list as a file; the server asks for a step-up (spec 4.10). */
function ExportCsv({ path, canExport }: { path: string; canExport: boolean }) {
  const twoFactor = session.value?.user.twoFactorEnabled ?? false;
  return (
    <section aria-labelledby="export-title">
      <h2 id="export-title">Export</h2>
      <p>
        The whole filtered list as a CSV file. Exporting personal data needs two-factor authentication and a fresh code from your authenticator app.
        {!canExport && !twoFactor && <strong> Turn on two-factor authentication first: you have not enabled it.</strong>}
      </p>
      <PersonalDataDownloads files={[{ label: "Export CSV", path, accept: "text/csv" }]} />
    </section>
  );
}
