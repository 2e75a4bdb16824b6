import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import type { ExploreQueryResult, PathNode, PathsResult, RetentionResult, SegmentsResult } from "../../../../lib/analytics/explore/model.ts";
import type { Metric } from "../../../../lib/analytics/metrics.ts";
import { api } from "../api.ts";
import type { Range } from "../dates.ts";
import { countryName, formatDecimal, formatInteger, formatMoney, formatPercent, formatSeconds, humanize } from "../format.ts";
import { useLoad, type Loaded } from "../load.ts";
import { navigate, withQuery } from "../router.ts";
import {
  DIMENSION_LABELS, EVENT_TYPE_LABELS, EXPLORE_KIND_LABELS, EXPLORE_KINDS, FILTER_OP_LABELS, METRIC_LABELS, METRICS, PAGE_MATCH_LABELS, RETENTION_PERIOD_LABELS, STEP_KIND_LABELS,
} from "../vocabulary.ts";
import { encodeFilter, exploreView, LIMITS, requestOf, withSegments, type ExploreFilter, type ExploreView, type PathStart } from "../explore-view.ts";
import { Table, type Column } from "../components/Table.tsx";
import { ProblemList } from "../components/Problems.tsx";
import { Failure } from "../components/Failure.tsx";
import { Select } from "../components/Select.tsx";

const RATES: Metric[] = ["engagementRate", "bounceRate", "conversionRate"];
function formatMetric(metric: Metric, value: number, currency: string): string {
  if (RATES.includes(metric)) return formatPercent(value);
  if (metric === "avgEngagedSeconds") return formatSeconds(value);
  if (metric === "revenue") return formatMoney(value, currency);
  if (metric === "pagesPerSession") return formatDecimal(value);
  return formatInteger(value);
}
/** A dimension's value as people read it (the raw key is the filter's value). */
const valueName = (dim: string, key: string) => (dim === "country" ? countryName(key) : dim === "channel" || dim === "device" ? humanize(key) : key);
const filterText = (f: ExploreFilter) => `${DIMENSION_LABELS[f.dim]} ${FILTER_OP_LABELS[f.op]} ${Array.isArray(f.value) ? f.value.join(", ") : f.value}`;

/** Filters as removable chips; each × is a link to the view without it. */
function FilterChips({ filters, without, label }: { filters: ExploreFilter[]; without: (index: number) => string; label: string }) {
  if (filters.length === 0) return <p class="summary">No filters: every session counts.</p>;
  return (
    <ul class="chips" aria-label={label}>
      {filters.map((f, i) => (
        <li class="chip">
          <span>{filterText(f)}</span>
          <a href={without(i)} aria-label={`Remove filter ${filterText(f)}`}>
            ×
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Adds a filter (dimension, operator, value); `in` takes values separated by commas. */
function FilterAdder({ idPrefix, add }: { idPrefix: string; add: (filter: ExploreFilter) => void }) {
  const [dim, setDim] = useState<ExploreFilter["dim"]>("channel");
  const [op, setOp] = useState<ExploreFilter["op"]>("is");
  const [value, setValue] = useState("");
  return (
    <form
      class="filter-adder"
      aria-label="Add a filter"
      onSubmit={(e) => {
        e.preventDefault();
        add({ dim, op, value: op === "in" ? value.split(",").map((v) => v.trim()) : value });
        setValue("");
      }}
    >
      <Select id={`${idPrefix}-dim`} label="Filter dimension" value={dim} labels={DIMENSION_LABELS} onChange={setDim} />
      <Select label="Operator" value={op} labels={FILTER_OP_LABELS} onChange={setOp} />
      <label>
        Value{op === "in" ? " (comma-separated)" : ""}
        <input value={value} required onInput={(e) => setValue(e.currentTarget.value)} />
      </label>
      <button type="submit">Add filter</button>
    </form>
  );
}

function MetricChoice({ chosen, set }: { chosen: Metric[]; set: (metrics: Metric[]) => void }) {
  return (
    <fieldset class="checks">
      <legend>Metrics</legend>
      {METRICS.map((m) => (
        <label>
          <input
            type="checkbox"
            checked={chosen.includes(m)}
            // At least one metric: the last one cannot be unticked.
            disabled={chosen.length === 1 && chosen[0] === m}
            onChange={(e) => set(e.currentTarget.checked ? METRICS.filter((x) => x === m || chosen.includes(x)) : chosen.filter((x) => x !== m))}
          />
          {METRIC_LABELS[m]}
        </label>
      ))}
    </fieldset>
  );
}

function useExplore<T>(base: string, view: ExploreView, range: Range) {
  const body = requestOf(view, range);
  const key = JSON.stringify(body);
  return useLoad(key, () => api<T>(`${base}/explore`, { body }));
}

function Answer<T>({ state, render }: { state: Loaded<T>; render: (data: T) => ComponentChildren }) {
  if (state.error) return state.error.status === 422 ? <ProblemList error={state.error} /> : <Failure error={state.error} />;
  if (!state.data) return <p aria-busy="true">Loading…</p>;
  return <div aria-busy={state.loading}>{render(state.data)}</div>;
}

function QueryKind({ base, view, range, currency }: { base: string; view: ExploreView; range: Range; currency: string }) {
  const [metrics, setMetrics] = useState(view.metrics);
  const [dimension, setDimension] = useState(view.dimension);
  const [limit, setLimit] = useState(String(view.limit));
  const state = useExplore<ExploreQueryResult>(base, view, range);
  const columns = (): Column<ExploreQueryResult["rows"][number]>[] => [
    { label: DIMENSION_LABELS[view.dimension], value: (r) => valueName(view.dimension, r.key) },
    ...view.metrics.map((m): Column<ExploreQueryResult["rows"][number]> => ({ label: METRIC_LABELS[m], value: (r) => formatMetric(m, Number((r as Record<string, unknown>)[m] ?? 0), currency), numeric: true })),
  ];
  return (
    <>
      <form
        class="explore-form"
        onSubmit={(e) => {
          e.preventDefault();
          navigate(withQuery({ m: metrics, dim: dimension, limit }));
        }}
      >
        <MetricChoice chosen={metrics} set={setMetrics} />
        <div class="field-row">
          <Select label="Dimension" value={dimension} labels={DIMENSION_LABELS} onChange={setDimension} />
          <label>
            Rows (at most)
            <input type="number" min={LIMITS.limit[0]} max={LIMITS.limit[1]} value={limit} onInput={(e) => setLimit(e.currentTarget.value)} />
          </label>
          <button type="submit" class="primary">
            Run query
          </button>
        </div>
      </form>
      <h2>Filters</h2>
      <FilterChips filters={view.filters} label="Filters" without={(i) => withQuery({ ef: view.filters.filter((_, k) => k !== i).map(encodeFilter) })} />
      <FilterAdder idPrefix="query-filter" add={(f) => navigate(withQuery({ ef: [...view.filters, f].map(encodeFilter) }))} />
      <Answer
        state={state}
        render={(data) => (
          <>
            <Table caption={`${METRIC_LABELS[view.metrics[0]!]} by ${DIMENSION_LABELS[view.dimension].toLowerCase()}`} rows={data.rows} columns={columns()} />
            <p class="summary" data-totals>
              Totals over every row: {view.metrics.map((m) => `${METRIC_LABELS[m]} ${formatMetric(m, data.totals[m] ?? 0, currency)}`).join(" · ")}
            </p>
          </>
        )}
      />
    </>
  );
}

function SegmentsKind({ base, view, range, currency }: { base: string; view: ExploreView; range: Range; currency: string }) {
  const [metrics, setMetrics] = useState(view.metrics);
  const [names, setNames] = useState(view.segments.map((s) => s.name));
  const state = useExplore<SegmentsResult>(base, view, range);
  const segments = view.segments;
  type Row = { metric: Metric; values: number[] };
  return (
    <>
      <form
        class="explore-form"
        onSubmit={(e) => {
          e.preventDefault();
          navigate(withSegments(segments.map((s, i) => ({ ...s, name: names[i] ?? s.name })), { m: metrics }));
        }}
      >
        <MetricChoice chosen={metrics} set={setMetrics} />
        <div class="segments">
          {segments.map((s, i) => (
            <fieldset class="segment">
              <legend>Segment {i + 1}</legend>
              <label>
                Segment {i + 1} name
                <input value={names[i] ?? ""} required onInput={(e) => setNames(names.map((n, k) => (k === i ? e.currentTarget.value : n)))} />
              </label>
              <FilterChips filters={s.filters} label={`Filters of segment ${i + 1}`} without={(k) => withSegments(segments.map((x, j) => (j === i ? { ...x, filters: x.filters.filter((_, n) => n !== k) } : x)))} />
              <button type="button" disabled={segments.length <= LIMITS.segments[0]} onClick={() => navigate(withSegments(segments.filter((_, j) => j !== i)))}>
                Remove segment {i + 1}
              </button>
            </fieldset>
          ))}
        </div>
        <div class="actions">
          <button type="button" disabled={segments.length >= LIMITS.segments[1]} onClick={() => navigate(withSegments([...segments, { name: `Segment ${segments.length + 1}`, filters: [] }]))}>
            Add segment
          </button>
          <button type="submit" class="primary">
            Compare segments
          </button>
        </div>
      </form>
      {segments.map((s, i) => (
        <details>
          <summary>Add a filter to {s.name || `segment ${i + 1}`}</summary>
          <FilterAdder idPrefix={`segment-${i}-filter`} add={(f) => navigate(withSegments(segments.map((x, j) => (j === i ? { ...x, filters: [...x.filters, f] } : x))))} />
        </details>
      ))}
      <Answer
        state={state}
        render={(data) => (
          <Table
            caption="Segments side by side"
            rows={view.metrics.map((metric): Row => ({ metric, values: data.segments.map((s) => s.totals[metric] ?? 0) }))}
            columns={[
              { label: "Metric", value: (r: Row) => METRIC_LABELS[r.metric] },
              ...data.segments.map((s, i): Column<Row> => ({ label: s.name, value: (r) => formatMetric(r.metric, r.values[i]!, currency), numeric: true })),
            ]}
          />
        )}
      />
    </>
  );
}

/** A cell's tint: the accent mixed into the background, at most 45 % so the number stays readable in both themes. */
const tint = (rate: number) => `color-mix(in srgb, var(--accent) ${Math.round(Math.min(1, Math.max(0, rate)) * 45)}%, var(--bg))`;
const LEGEND = [0, 0.25, 0.5, 0.75, 1];

function RetentionKind({ base, view, range }: { base: string; view: ExploreView; range: Range }) {
  const [period, setPeriod] = useState(view.period);
  const [periods, setPeriods] = useState(view.periods === null ? "" : String(view.periods));
  const state = useExplore<RetentionResult>(base, view, range);
  const unit = view.period === "week" ? "Week" : "Month";
  return (
    <>
      <form
        class="explore-form field-row"
        onSubmit={(e) => {
          e.preventDefault();
          navigate(withQuery({ period, periods: periods.trim() === "" ? null : periods }));
        }}
      >
        <Select label="Cohorts by" value={period} labels={RETENTION_PERIOD_LABELS} onChange={setPeriod} />
        <label>
          Periods per cohort (default 12 weeks or 6 months)
          <input type="number" min={LIMITS.periods[0]} max={LIMITS.periods[1]} value={periods} onInput={(e) => setPeriods(e.currentTarget.value)} />
        </label>
        <button type="submit" class="primary">
          Show retention
        </button>
      </form>
      <Answer
        state={state}
        render={(data) => {
          const width = Math.max(0, ...data.cohorts.map((c) => c.periods.length));
          return (
            <>
              <div class="table-wrap heat" tabIndex={0} role="region" aria-label="Retention by cohort">
                <table>
                  <caption>
                    Retention: visitors of each {unit.toLowerCase()}'s cohort who came back, {unit.toLowerCase()} by {unit.toLowerCase()}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Cohort</th>
                      <th scope="col" class="num">
                        Visitors
                      </th>
                      {Array.from({ length: width }, (_, k) => (
                        <th scope="col" class="num">
                          {unit} {k}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {data.cohorts.length === 0 ? (
                      <tr>
                        <td colSpan={width + 2} class="empty">
                          No new visitors in this range.
                        </td>
                      </tr>
                    ) : (
                      data.cohorts.map((c) => (
                        <tr data-cohort={c.cohort}>
                          <th scope="row">{c.cohort}</th>
                          <td class="num">{formatInteger(c.size)}</td>
                          {Array.from({ length: width }, (_, k) => {
                            const p = c.periods[k];
                            return p ? (
                              <td class="num heat-cell" style={{ background: tint(p.rate) }} data-visitors={p.visitors}>
                                {formatPercent(p.rate)}
                                <span class="heat-count">{formatInteger(p.visitors)}</span>
                              </td>
                            ) : (
                              <td class="num heat-none">
                                <span class="visually-hidden">not yet</span>
                              </td>
                            );
                          })}
                        </tr>
                      ))
                    )}
                  </tbody>
                </table>
              </div>
              <figure class="heat-legend" aria-label="Legend">
                <figcaption>Share of the cohort back in the period (cell shade):</figcaption>
                <ul>
                  {LEGEND.map((rate) => (
                    <li>
                      <span class="swatch" style={{ background: tint(rate) }} aria-hidden="true" />
                      {formatPercent(rate)}
                    </li>
                  ))}
                </ul>
              </figure>
            </>
          );
        }}
      />
    </>
  );
}

const sessions = (n: number) => `${formatInteger(n)} session${n === 1 ? "" : "s"}`;

function PathBranch({ node, total, depth }: { node: PathNode; total: number; depth: number }) {
  const share = total > 0 ? node.sessions / total : 0;
  const text = (
    <>
      <span class="path-step">{node.step}</span> <span class="path-sessions">{sessions(node.sessions)}</span> <span class="summary">({formatPercent(share)})</span>
    </>
  );
  const children = node.children as PathNode[];
  return (
    <li data-step={node.step} data-sessions={node.sessions} data-depth={depth}>
      {children.length > 0 ? (
        <details open={depth === 1}>
          <summary>{text}</summary>
          <ul class="path-tree">
            {children.map((child) => (
              <PathBranch node={child} total={total} depth={depth + 1} />
            ))}
          </ul>
        </details>
      ) : (
        <span class="path-leaf">{text}</span>
      )}
    </li>
  );
}

function PathsKind({ base, view, range }: { base: string; view: ExploreView; range: Range }) {
  const [start, setStart] = useState<PathStart>(view.start);
  const [depth, setDepth] = useState(String(view.depth));
  const [branches, setBranches] = useState(String(view.branches));
  const state = useExplore<PathsResult>(base, view, range);
  return (
    <>
      <form
        class="explore-form field-row"
        onSubmit={(e) => {
          e.preventDefault();
          navigate(
            withQuery({
              pk: start.kind,
              pm: start.kind === "page" ? (start.match ?? "equals") : null,
              pv: start.kind === "page" ? (start.value ?? "") : null,
              pe: start.kind === "event" ? (start.eventType ?? "event") : null,
              pn: start.kind === "event" ? (start.name ?? "") : null,
              depth,
              branches,
            }),
          );
        }}
      >
        <Select
          label="Start at"
          value={start.kind}
          labels={STEP_KIND_LABELS}
          onChange={(kind) => setStart(kind === "page" ? { kind: "page", match: "equals", value: "/" } : { kind: "event", eventType: "event", name: "" })}
        />
        {start.kind === "page" ? (
          <>
            <Select label="Path" value={start.match ?? "equals"} labels={PAGE_MATCH_LABELS} onChange={(match) => setStart({ ...start, match })} />
            <label>
              Path value
              <input value={start.value} required onInput={(e) => setStart({ ...start, value: e.currentTarget.value })} />
            </label>
          </>
        ) : (
          <>
            <Select label="Type" value={start.eventType ?? "event"} labels={EVENT_TYPE_LABELS} onChange={(eventType) => setStart({ ...start, eventType })} />
            <label>
              Event name
              <input value={start.name} required onInput={(e) => setStart({ ...start, name: e.currentTarget.value })} />
            </label>
          </>
        )}
        <label>
          Steps after the start
          <input type="number" min={LIMITS.depth[0]} max={LIMITS.depth[1]} value={depth} onInput={(e) => setDepth(e.currentTarget.value)} />
        </label>
        <label>
          Branches per step
          <input type="number" min={LIMITS.branches[0]} max={LIMITS.branches[1]} value={branches} onInput={(e) => setBranches(e.currentTarget.value)} />
        </label>
        <button type="submit" class="primary">
          Show paths
        </button>
      </form>
      <Answer
        state={state}
        render={(data) => (
          <section aria-labelledby="paths-heading">
            <h2 id="paths-heading">
              After {data.start.label}: <span data-start-sessions={data.start.sessions}>{sessions(data.start.sessions)}</span>
            </h2>
            {data.tree.length === 0 ? (
              <p class="summary">No session in this range has the start.</p>
            ) : (
              <ul class="path-tree" aria-label={`Paths after ${data.start.label}`}>
                {data.tree.map((node) => (
                  <PathBranch node={node} total={data.start.sessions} depth={1} />
                ))}
              </ul>
            )}
          </section>
        )}
      />
    </>
  );
}

/** Explore (spec 4.7): a query table, segments side by side, retention cohorts, paths — each view a link. */
export function ExplorePage({ base, range, currency }: { base: string; range: Range; currency: string }) {
  const view = exploreView();
  // Each form starts from the URL's view: a new URL (back, a link) resets it.
  const key = `${view.kind}|${JSON.stringify(view)}`;
  return (
    <>
      <nav aria-label="Explore kind" class="crumbs kind-nav">
        <ul>
          {EXPLORE_KINDS.map((k) => (
            <li>
              <a href={withQuery({ kind: k === "query" ? null : k })} aria-current={k === view.kind ? "page" : undefined}>
                {EXPLORE_KIND_LABELS[k]}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {view.kind === "query" ? (
        <QueryKind key={key} base={base} view={view} range={range} currency={currency} />
      ) : view.kind === "segments" ? (
        <SegmentsKind key={key} base={base} view={view} range={range} currency={currency} />
      ) : view.kind === "retention" ? (
        <RetentionKind key={key} base={base} view={view} range={range} />
      ) : (
        <PathsKind key={key} base={base} view={view} range={range} />
      )}
    </>
  );
}
