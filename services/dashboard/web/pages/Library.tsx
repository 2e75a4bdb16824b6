import { useState } from "preact/hooks";
import type { CatalogueEntry, ReportCatalogue, ReportResult } from "../../../../lib/reports/models.ts";
import { api } from "../api.ts";
import { rangeQuery, type Range } from "../dates.ts";
import { formatInteger } from "../format.ts";
import { cellText, NUMERIC } from "../report-cells.ts";
import { useLoad } from "../load.ts";
import { Table, type Column } from "../components/Table.tsx";
import { Await } from "../components/Failure.tsx";
import { memberMay } from "../components/Shell.tsx";
import { Schedules } from "../components/Schedules.tsx";
import { PersonalDataDownloads } from "../components/StepUp.tsx";

/** The catalogue's categories in the order it first names them, each with its reports. */
function byCategory(reports: CatalogueEntry[]): [string, CatalogueEntry[]][] {
  const groups = new Map<string, CatalogueEntry[]>();
  for (const r of reports) groups.set(r.category, [...(groups.get(r.category) ?? []), r]);
  return [...groups];
}

const PiiBadge = () => (
  <span class="badge" title="Holds contact details: reading it needs the permission analytics.pii.read; exporting it, a fresh code from your authenticator app">
    PII
  </span>
);

/** Who may create, change and delete schedules (docs/dashboard.md): anyone holding reports.export. */
const managesSchedules = (orgId: string) => memberMay(orgId, "reports.export");

/** The report library (docs/reports.md): the catalogue's reports by category, then the site's schedules. */
export function LibraryPage({ base, orgId, range, timezone }: { base: string; orgId: string; range: Range; timezone: string }) {
  const [version, setVersion] = useState(0);
  const url = `${base}/reports`;
  const catalogue = useLoad(`${url}#${version}`, () => api<ReportCatalogue>(url));
  return (
    <Await state={catalogue}>
      {(data) => (
        <>
          {byCategory(data.reports).map(([category, reports]) => (
            <section aria-labelledby={`category-${category}`} class="library-category">
              <h2 id={`category-${category}`}>{category}</h2>
              <ul class="library-list">
                {reports.map((r) => (
                  <li>
                    <a href={`${base}/library/${r.key}${rangeQuery(range)}`}>{r.title}</a> {r.pii && <PiiBadge />}
                    <p>{r.description}</p>
                  </li>
                ))}
              </ul>
            </section>
          ))}
          <Schedules base={base} reports={data.reports} schedules={data.schedules} timezone={timezone} canManage={managesSchedules(orgId)} range={range} onChanged={() => setVersion((v) => v + 1)} />
        </>
      )}
    </Await>
  );
}

type Row = ReportResult["rows"][number];

/** Why the export links are not offered to this member, or null when they are. */
function exportRefusal(orgId: string, entry: CatalogueEntry | undefined): string | null {
  if (!memberMay(orgId, "reports.export")) return "Exporting needs the permission reports.export, which your role does not hold.";
  if (entry?.pii && !memberMay(orgId, "analytics.pii.read")) return "This report holds contact details: it needs the permission analytics.pii.read, which your role does not hold.";
  return null;
}

const ACCEPT = { csv: "text/csv", xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" } as const;

/** One library report over the page's range: the first 200 rows, CSV and XLSX downloads, its schedules. */
export function LibraryReportPage({ base, orgId, reportKey, range, timezone, back }: { base: string; orgId: string; reportKey: string; range: Range; timezone: string; back: string }) {
  const dated = new URLSearchParams({ from: range.from, to: range.to });
  const url = `${base}/reports/${encodeURIComponent(reportKey)}?${dated}`;
  const result = useLoad(url, () => api<ReportResult>(url));
  const [version, setVersion] = useState(0);
  const catalogue = useLoad(`${base}/reports#${version}`, () => api<ReportCatalogue>(`${base}/reports`));
  const entry = catalogue.data?.reports.find((r) => r.key === reportKey);
  const refusal = exportRefusal(orgId, entry);
  const file = (format: "csv" | "xlsx") => `${url.replace(/\?.*$/, "")}?${new URLSearchParams({ format, from: range.from, to: range.to })}`;
  return (
    <>
      <nav aria-label="Back" class="crumbs">
        <a href={back}>All reports</a>
      </nav>
      {entry && (
        <>
          <h2>
            {entry.title} {entry.pii && <PiiBadge />}
          </h2>
          <p>{entry.description}</p>
          {entry.pii && refusal === null && <p class="note">Exporting contact details needs two-factor authentication and a fresh code from your authenticator app.</p>}
        </>
      )}
      <Await state={result}>
        {(report) => (
          <>
            <div class="report-actions">
              {refusal !== null ? (
                <p class="note">{refusal}</p>
              ) : entry?.pii ? (
                // Files of personal data: the server asks for a step-up, answered in a dialog.
                <PersonalDataDownloads files={(["csv", "xlsx"] as const).map((format) => ({ label: `Export ${format.toUpperCase()}`, path: file(format), accept: ACCEPT[format] }))} />
              ) : (
                <>
                  <a class="button" href={`/api/v1${file("csv")}`} download>
                    Export CSV
                  </a>
                  <a class="button" href={`/api/v1${file("xlsx")}`} download>
                    Export XLSX
                  </a>
                </>
              )}
            </div>
            <Table<Row>
              caption={`${report.title}, ${report.range.from} to ${report.range.to}`}
              rows={report.rows}
              columns={report.columns.map(
                (c): Column<Row> => ({ label: c.label, value: (row) => cellText(row[c.key], c.type, report.currency, timezone, c.key), numeric: NUMERIC.includes(c.type) }),
              )}
            />
            <p class="table-count" aria-live="polite">
              Showing {formatInteger(report.rows.length)} of {formatInteger(report.total)} rows{report.total > report.rows.length ? " — export the file for all of them" : ""}.
            </p>
          </>
        )}
      </Await>
      <Await state={catalogue}>
        {(data) => (
          <Schedules
            base={base}
            reports={data.reports}
            schedules={data.schedules.filter((s) => s.reportKey === reportKey)}
            timezone={timezone}
            canManage={managesSchedules(orgId)}
            range={range}
            forReport={reportKey}
            onChanged={() => setVersion((v) => v + 1)}
          />
        )}
      </Await>
    </>
  );
}
