import type { Recommendations } from "../../../../lib/recommendations/models.ts";
import { api } from "../api.ts";
import { formatDecimal, formatInteger, formatPercent, formatSeconds, formatTime, humanize } from "../format.ts";
import { useLoad } from "../load.ts";
import { Table } from "../components/Table.tsx";
import { Await } from "../components/Failure.tsx";
import { useChange } from "../components/StepUp.tsx";

type Row = Recommendations["benchmarks"]["rows"][number];
type Item = Recommendations["items"][number];
type Status = Item["status"];

const REASONS: Record<NonNullable<Recommendations["benchmarks"]["reason"]>, string> = {
  too_few_orgs: "Too few organizations in this industry contribute yet: percentiles are published from the minimum group size on.",
  dominant_org: "One organization holds most of the group's sessions: percentiles would reveal its figures, so none are shown.",
  no_data: "No benchmarks yet: the nightly job has not published figures for this site or its industry.",
  opted_out: "Your organization opted out of benchmarks: it neither contributes nor sees peers' figures.",
  below_min_sessions: "This site had too few sessions in the window to be compared with its peers.",
};
const STATUS_LABELS: Record<Status, string> = { open: "Open", dismissed: "Dismissed", snoozed: "Snoozed", done: "Done" };
const RATES = new Set(["engagementRate", "bounceRate", "conversionRate", "mobileShare", "popupConversionRate", "shortLinkHumanShare"]);

/** A metric's value as its kind reads: rates in percent, times in seconds or ms, CLS to three places. */
function formatMetric(metric: string, value: number | null): string {
  if (value === null) return "—";
  if (RATES.has(metric)) return formatPercent(value);
  if (metric === "avgEngagedSeconds") return formatSeconds(value);
  if (metric === "lcpP75" || metric === "inpP75") return `${formatInteger(Math.round(value))} ms`;
  if (metric === "clsP75") return value.toFixed(3);
  return formatDecimal(value);
}

/** The day `days` from now in the site's timezone (YYYY-MM-DD), as a snooze's end. */
const dayAhead = (timezone: string, days: number) => new Intl.DateTimeFormat("en-CA", { timeZone: timezone }).format(Date.now() + days * 86_400_000);

/**
 * The site's recommendations (docs/recommendations.md): its peer group and where the site stands
 * in it, then the ranked items with their evidence; owners and admins change an item's status.
 */
export function RecommendationsPage({ base, orgId, timezone }: { base: string; orgId: string; timezone: string }) {
  const { version, change, notice } = useChange();
  const answer = useLoad(`${base}/recommendations/${version}`, () => api<Recommendations>(`${base}/recommendations`));
  const setStatus = (item: Item, status: Status, until?: string) =>
    change(() => api(`${base}/recommendations/${item.ruleKey}/status`, { method: "PUT", body: until ? { status, until } : { status } }).then(() => undefined));
  return (
    <>
      {notice}
      <Await state={answer}>
        {(r) => (
          <>
            <PeerGroup r={r} settings={`/orgs/${orgId}/settings`} />
            <Table
              caption="The site beside its peers"
              empty="No figures yet: the nightly job has not run for this site."
              rows={r.benchmarks.rows}
              columns={[
                { label: "Metric", value: (row) => row.label },
                { label: "This site", value: (row) => formatMetric(row.metric, row.value), numeric: true },
                { label: "Peers p25–p75", value: (row) => (row.source === "peers" ? `${formatMetric(row.metric, row.p25)} – ${formatMetric(row.metric, row.p75)}` : "—"), numeric: true },
                { label: "Peers median", value: (row) => (row.source === "peers" ? formatMetric(row.metric, row.p50) : "—"), numeric: true },
                { label: "Range", value: (row) => <RangeBar row={row} /> },
              ]}
            />
            <h2>Recommendations</h2>
            <p class="summary">{r.computedAt ? `Computed ${formatTime(r.computedAt)}; highest score first.` : "Nothing computed yet: recommendations appear after the site's first nightly run."}</p>
            {r.items.length === 0 && r.computedAt && <p>No recommendations: nothing the rules look for was found.</p>}
            <ol class="recommendations">
              {r.items.map((item) => (
                <li key={item.ruleKey} class="recommendation">
                  <h3>
                    <span class="badge">{humanize(item.severity)}</span> {item.title}
                  </h3>
                  <p class="summary">
                    Score {formatDecimal(item.score)} · {STATUS_LABELS[item.status]}
                    {item.snoozedUntil ? ` until ${formatTime(item.snoozedUntil)}` : ""}
                  </p>
                  <p>{item.body}</p>
                  <p>
                    <strong>What to do:</strong> {item.action}
                  </p>
                  <Evidence evidence={item.evidence} />
                  {r.canManage && (
                    <div class="actions" role="group" aria-label={`Status of “${item.title}”`}>
                      {item.status !== "open" && <button type="button" onClick={() => void setStatus(item, "open")}>Reopen</button>}
                      {item.status !== "done" && <button type="button" onClick={() => void setStatus(item, "done")}>Mark done</button>}
                      {item.status !== "dismissed" && <button type="button" onClick={() => void setStatus(item, "dismissed")}>Dismiss</button>}
                      {item.status !== "snoozed" && <button type="button" onClick={() => void setStatus(item, "snoozed", dayAhead(timezone, 7))}>Snooze 7 days</button>}
                    </div>
                  )}
                </li>
              ))}
            </ol>
          </>
        )}
      </Await>
    </>
  );
}

function PeerGroup({ r, settings }: { r: Recommendations; settings: string }) {
  const b = r.benchmarks;
  return (
    <section aria-labelledby="peer-group">
      <h2 id="peer-group">Peer group</h2>
      <dl class="peer-group">
        <dt>Industry</dt>
        <dd>{humanize(r.industry)}</dd>
        <dt>Organizations</dt>
        <dd>{formatInteger(b.orgs)}</dd>
        <dt>Size band</dt>
        <dd>{b.sizeBand ? `${formatInteger(b.sizeBand.p25)} – ${formatInteger(b.sizeBand.p75)} sessions per site` : "—"}</dd>
        <dt>Window</dt>
        <dd>{b.window ? `${b.window.from} to ${b.window.to}` : "—"}</dd>
        <dt>Benchmarks</dt>
        <dd>{b.eligible ? `Published (sites with at least ${formatInteger(b.minSessions)} sessions contribute)` : b.reason ? REASONS[b.reason] : "Not published"}</dd>
      </dl>
      {r.canManage && (
        <p class="summary">
          The industry, and whether your organization takes part, are set in <a href={settings}>Workspace → Settings</a>.
        </p>
      )}
    </section>
  );
}

/** p25–p75 as a band with the median's tick and the site's marker; the cells beside it say the same in text. */
function RangeBar({ row }: { row: Row }) {
  if (row.source !== "peers" || row.p25 === null || row.p75 === null || row.p50 === null) return "—";
  const points = [row.p25, row.p75, ...(row.value === null ? [] : [row.value])];
  const lo = Math.min(...points);
  const hi = Math.max(...points);
  const pad = (hi - lo) * 0.15 || Math.abs(hi) * 0.15 || 1;
  const at = (v: number) => `${(((v - lo + pad) / (hi - lo + 2 * pad)) * 100).toFixed(1)}%`;
  const where = row.value === null ? "no value for this site" : row.value < row.p25 ? "below p25" : row.value > row.p75 ? "above p75" : "within p25–p75";
  return (
    <span class="bench" role="img" aria-label={`${row.label}: this site ${formatMetric(row.metric, row.value)}, ${where}`}>
      <span class="bench-band" style={{ left: at(row.p25), width: `calc(${at(row.p75)} - ${at(row.p25)})` }} />
      <span class="bench-median" style={{ left: at(row.p50) }} />
      {row.value !== null && <span class="bench-site" style={{ left: at(row.value) }} />}
    </span>
  );
}

function Evidence({ evidence }: { evidence: Record<string, unknown> }) {
  const entries = Object.entries(evidence);
  if (entries.length === 0) return null;
  const text = (v: unknown): string => (Array.isArray(v) ? v.map(text).join(", ") : typeof v === "number" ? formatDecimal(v) : typeof v === "object" && v !== null ? JSON.stringify(v) : String(v));
  return (
    <details>
      <summary>Evidence</summary>
      <dl class="evidence">
        {entries.map(([key, value]) => (
          <>
            <dt>{humanize(key)}</dt>
            <dd>{text(value)}</dd>
          </>
        ))}
      </dl>
    </details>
  );
}
