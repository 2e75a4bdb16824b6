import type { Static } from "elysia";
import { useEffect, useLayoutEffect, useState } from "preact/hooks";
import type { FunnelList, FunnelPreviewBody, FunnelResultModel } from "../../../../lib/analytics/funnels/model.ts";
import type { MAX_STEPS as MaxSteps, MIN_STEPS as MinSteps } from "../../../../lib/analytics/funnels/definition.ts";
import { api } from "../api.ts";
import type { Range } from "../dates.ts";
import { countryName, formatInteger, formatPercent, formatSeconds, humanize } from "../format.ts";
import { useLoad } from "../load.ts";
import { navigate, route, withQuery } from "../router.ts";
import {
  BREAKDOWN_LABELS, BREAKDOWNS, EVENT_TYPE_LABELS, EVENT_TYPES_LIST, MODE_LABELS, PAGE_MATCH_LABELS, PAGE_MATCHES, SCOPE_LABELS, STEP_KIND_LABELS,
} from "../vocabulary.ts";
import { Table, type Column } from "../components/Table.tsx";
import { Failure } from "../components/Failure.tsx";
import { Select } from "../components/Select.tsx";
import { FieldProblem, invalidProps, ProblemList, problemsOf } from "../components/Problems.tsx";

type FunnelResult = Static<typeof FunnelResultModel>;
type SavedFunnels = Static<typeof FunnelList>;
type FunnelDef = Static<typeof FunnelPreviewBody>["def"];
type Step = FunnelDef["steps"][number];
type Breakdown = (typeof BREAKDOWNS)[number];

/** The definition's bounds, typed as the server's constants (a change there fails here). */
const MIN_STEPS: typeof MinSteps = 2;
const MAX_STEPS: typeof MaxSteps = 10;

const breakdownOf = (query: URLSearchParams): Breakdown => BREAKDOWNS.find((b) => b === query.get("breakdown")) ?? "none";
const groupName = (dimension: string, key: string) => (dimension === "country" ? countryName(key) : dimension === "channel" || dimension === "device" ? humanize(key) : key);

/** A funnel's answer: its totals, a table of its steps, and the breakdown's rows. */
export function FunnelResultView({ result, title }: { result: FunnelResult; title: string }) {
  const units = humanize(result.units);
  type StepRow = FunnelResult["steps"][number] & { n: number };
  const steps: StepRow[] = result.steps.map((s, i) => ({ ...s, n: i + 1 }));
  const stepColumns: Column<StepRow>[] = [
    { label: "Step", value: (s) => s.n, numeric: true },
    { label: "Name", value: (s) => s.label },
    { label: units, value: (s) => formatInteger(s.count), numeric: true },
    { label: "Entered here", value: (s) => formatInteger(s.entered), numeric: true },
    { label: "Conversion from start", value: (s) => formatPercent(s.pctOfStart), numeric: true },
    { label: "Drop-off", value: (s) => formatInteger(s.dropOff), numeric: true },
    { label: "Drop-off rate", value: (s) => formatPercent(s.dropOffPct), numeric: true },
    { label: "Median time from previous step", value: (s) => (s.medianSeconds === null ? "—" : formatSeconds(s.medianSeconds)), numeric: true },
  ];
  const breakdown = result.breakdown;
  type GroupRow = NonNullable<FunnelResult["breakdown"]>["rows"][number];
  const groupColumns: Column<GroupRow>[] = breakdown
    ? [
        { label: BREAKDOWN_LABELS[breakdown.dimension as Breakdown] ?? breakdown.dimension, value: (r) => groupName(breakdown.dimension, r.key) },
        { label: "Started", value: (r) => formatInteger(r.started), numeric: true },
        ...result.steps.map((s, i): Column<GroupRow> => ({ label: `${i + 1}. ${s.label}`, value: (r) => formatInteger(r.steps[i]?.count ?? 0), numeric: true })),
        { label: "Conversion", value: (r) => formatPercent(r.conversionRate), numeric: true },
      ]
    : [];
  return (
    <div class="funnel-result" data-units={result.units}>
      <ul class="kpis" aria-label={`${title}: totals`}>
        <li class="kpi" data-kpi="started">
          <span class="kpi-label">{units} started</span>
          <span class="kpi-value">{formatInteger(result.started)}</span>
        </li>
        <li class="kpi" data-kpi="completed">
          <span class="kpi-label">{units} completed</span>
          <span class="kpi-value">{formatInteger(result.completed)}</span>
        </li>
        <li class="kpi" data-kpi="conversionRate">
          <span class="kpi-label">Conversion rate</span>
          <span class="kpi-value">{formatPercent(result.conversionRate)}</span>
        </li>
      </ul>
      <ol class="funnel-bars" aria-hidden="true">
        {steps.map((s) => (
          <li>
            <span class="funnel-bar" style={{ width: `${Math.max(s.pctOfStart * 100, 0.5)}%` }} />
          </li>
        ))}
      </ol>
      <Table caption={`${title}: steps`} rows={steps} columns={stepColumns} />
      {breakdown && <Table caption={`${title}: by ${(BREAKDOWN_LABELS[breakdown.dimension as Breakdown] ?? breakdown.dimension).toLowerCase()}`} rows={breakdown.rows} columns={groupColumns} />}
      <p class="summary">
        {result.range.from} – {result.range.to} · {result.range.tz} · every {result.units === "users" ? "visitor" : "session"} counted
      </p>
    </div>
  );
}

function BreakdownPicker({ value }: { value: Breakdown }) {
  return (
    <Select class="inline-field" label="Breakdown" value={value} labels={BREAKDOWN_LABELS} onChange={(b) => navigate(withQuery({ breakdown: b === "none" ? null : b }))} />
  );
}

const runQuery = (range: Range, breakdown: Breakdown) => `from=${range.from}&to=${range.to}${breakdown === "none" ? "" : `&breakdown=${breakdown}`}`;

function SavedFunnel({ base, id, name, range, breakdown }: { base: string; id: string; name: string; range: Range; breakdown: Breakdown }) {
  const url = `${base}/funnels/${encodeURIComponent(id)}?${runQuery(range, breakdown)}`;
  const { data, error, loading } = useLoad(url, () => api<FunnelResult>(url));
  if (error) return <Failure error={error} />;
  if (!data) return <p aria-busy="true">Loading…</p>;
  return (
    <div aria-busy={loading}>
      <FunnelResultView result={data} title={name} />
    </div>
  );
}

/** A step as the builder edits it: both kinds' fields, so switching kind keeps what was typed. */
interface DraftStep {
  id: number;
  kind: Step["kind"];
  label: string;
  match: (typeof PAGE_MATCHES)[number];
  value: string;
  eventType: (typeof EVENT_TYPES_LIST)[number];
  name: string;
}
interface Draft {
  name: string;
  mode: FunnelDef["mode"];
  scope: FunnelDef["scope"];
  steps: DraftStep[];
}

let nextStepId = 1;
const blankStep = (): DraftStep => ({ id: nextStepId++, kind: "page", label: "", match: "equals", value: "", eventType: "event", name: "" });
const draftOf = (def: FunnelDef): Draft => ({
  name: def.name,
  mode: def.mode,
  scope: def.scope,
  steps: def.steps.map((s) => ({ ...blankStep(), kind: s.kind, label: s.label ?? "", match: s.match ?? "equals", value: s.value ?? "", eventType: s.eventType ?? "event", name: s.name ?? "" })),
});
/** What is sent: each step with its kind's fields only. */
const defOf = (draft: Draft): FunnelDef => ({
  name: draft.name,
  mode: draft.mode,
  scope: draft.scope,
  steps: draft.steps.map((s) => (s.kind === "page" ? { kind: "page", label: s.label, match: s.match, value: s.value } : { kind: "event", label: s.label, eventType: s.eventType, name: s.name })),
});

const BUILDER_FIELDS = /^(name|mode|scope|steps(\.\d+(\.(kind|label|match|value|eventType|name))?)?)$/;

function StepEditor({ step, index, count, problem, change, move, remove }: {
  step: DraftStep;
  index: number;
  count: number;
  problem: (path: string) => string | null;
  change: (patch: Partial<DraftStep>) => void;
  move: (by: -1 | 1) => void;
  remove: () => void;
}) {
  const field = (name: string) => `steps.${index}.${name}`;
  const n = index + 1;
  const input = (name: "label" | "value" | "name", label: string, extra: object = {}) => (
    <>
      <label>
        {label}
        <input
          id={`funnel-step-${index}-${name}`}
          value={step[name]}
          onInput={(e) => change({ [name]: e.currentTarget.value })}
          {...invalidProps(field(name), problem(field(name)))}
          {...extra}
        />
      </label>
      <FieldProblem field={field(name)} message={problem(field(name))} />
    </>
  );
  const select = <K extends "kind" | "match" | "eventType">(name: K, label: string, labels: Record<DraftStep[K], string>) => (
    <>
      <Select
        id={`funnel-step-${index}-${name}`}
        label={label}
        value={step[name]}
        labels={labels}
        onChange={(value) => change({ [name]: value } as Partial<DraftStep>)}
        extra={invalidProps(field(name), problem(field(name)))}
      />
      <FieldProblem field={field(name)} message={problem(field(name))} />
    </>
  );
  return (
    <li class="step-editor">
      <fieldset>
        <legend>Step {n}</legend>
        {select("kind", "Kind", STEP_KIND_LABELS)}
        {step.kind === "page"
          ? [select("match", "Path", PAGE_MATCH_LABELS), input("value", step.match === "regex" ? "Pattern" : "Path value", { placeholder: "/pricing" })]
          : [select("eventType", "Type", EVENT_TYPE_LABELS), input("name", "Event name")]}
        {input("label", "Label (optional)")}
        <div class="actions step-actions">
          <button type="button" id={`funnel-step-${step.id}-up`} aria-label={`Move step ${n} up`} disabled={index === 0} onClick={() => move(-1)}>
            ↑ Up
          </button>
          <button type="button" id={`funnel-step-${step.id}-down`} aria-label={`Move step ${n} down`} disabled={index === count - 1} onClick={() => move(1)}>
            ↓ Down
          </button>
          <button type="button" aria-label={`Remove step ${n}`} disabled={count <= MIN_STEPS} onClick={remove}>
            Remove
          </button>
        </div>
      </fieldset>
    </li>
  );
}

/** Build a funnel: 2–10 steps, mode and scope; "Preview" runs it (POST …/funnels/preview). */
function FunnelBuilder({ base, range, breakdown, start }: { base: string; range: Range; breakdown: Breakdown; start: FunnelDef | null }) {
  const [draft, setDraft] = useState<Draft>(() => (start ? draftOf(start) : { name: "", mode: "closed", scope: "session", steps: [blankStep(), blankStep()] }));
  // What was last sent, and how many times: the preview follows the range and breakdown, and runs again on every click.
  const [sent, setSent] = useState<{ def: FunnelDef; run: number } | null>(null);
  const [focus, setFocus] = useState<string | null>(null);
  useEffect(() => {
    if (start) setDraft(draftOf(start));
  }, [start]);
  // A layout effect: focus moves in the same task as the DOM change, before the browser's focus
  // fix-up sends a now-disabled button's focus to the body (an effect after paint raced it under load).
  useLayoutEffect(() => {
    if (!focus) return;
    // Focus follows what a button changed: the moved step's button (its other one at an end), the new step, or "Add step".
    const target = document.getElementById(focus) as HTMLButtonElement | null;
    (target && !target.disabled ? target : document.getElementById(focus.endsWith("-up") ? focus.replace(/-up$/, "-down") : focus.replace(/-down$/, "-up")))?.focus();
    setFocus(null);
  }, [focus]);
  const key = sent ? `${sent.run}|${runQuery(range, breakdown)}` : "";
  const preview = useLoad(key, () =>
    sent
      ? api<FunnelResult>(`${base}/funnels/preview`, { body: { def: sent.def, from: range.from, to: range.to, ...(breakdown === "none" ? {} : { breakdown }) } })
      : Promise.resolve(null),
  );
  const problems = problemsOf(preview.error, "def", (path) => BUILDER_FIELDS.test(path));
  const edit = (steps: DraftStep[]) => {
    setDraft({ ...draft, steps });
    // Indexes moved: the last answer's field messages no longer point at the right steps.
    if (preview.error) setSent(null);
  };
  const move = (index: number, by: -1 | 1) => {
    const steps = [...draft.steps];
    const [step] = steps.splice(index, 1);
    steps.splice(index + by, 0, step!);
    edit(steps);
    setFocus(`funnel-step-${step!.id}-${by < 0 ? "up" : "down"}`);
  };
  return (
    <section aria-labelledby="builder-heading">
      <h2 id="builder-heading">Build a funnel</h2>
      <form
        class="funnel-builder"
        onSubmit={(e) => {
          e.preventDefault();
          setSent({ def: defOf(draft), run: (sent?.run ?? 0) + 1 });
        }}
      >
        <div class="field-row">
          <label>
            Funnel name
            <input id="funnel-name" value={draft.name} onInput={(e) => setDraft({ ...draft, name: e.currentTarget.value })} {...invalidProps("name", problems.at("name"))} />
          </label>
          <FieldProblem field="name" message={problems.at("name")} />
          <Select label="Mode" value={draft.mode} labels={MODE_LABELS} onChange={(mode) => setDraft({ ...draft, mode })} extra={invalidProps("mode", problems.at("mode"))} />
          <FieldProblem field="mode" message={problems.at("mode")} />
          <Select label="Scope" value={draft.scope} labels={SCOPE_LABELS} onChange={(scope) => setDraft({ ...draft, scope })} extra={invalidProps("scope", problems.at("scope"))} />
          <FieldProblem field="scope" message={problems.at("scope")} />
        </div>
        <ol class="step-list" aria-label={`Steps (${MIN_STEPS} to ${MAX_STEPS})`}>
          {draft.steps.map((step, index) => (
            <StepEditor
              key={step.id}
              step={step}
              index={index}
              count={draft.steps.length}
              problem={problems.at}
              change={(patch) => setDraft({ ...draft, steps: draft.steps.map((s) => (s.id === step.id ? { ...s, ...patch } : s)) })}
              move={(by) => move(index, by)}
              remove={() => {
                edit(draft.steps.filter((s) => s.id !== step.id));
                setFocus("funnel-add-step");
              }}
            />
          ))}
        </ol>
        <FieldProblem field="steps" message={problems.at("steps")} />
        <div class="actions">
          <button
            type="button"
            id="funnel-add-step"
            disabled={draft.steps.length >= MAX_STEPS}
            onClick={() => {
              edit([...draft.steps, blankStep()]);
              setFocus(`funnel-step-${draft.steps.length}-kind`);
            }}
          >
            Add step
          </button>
          <button type="submit" class="primary">
            Preview funnel
          </button>
        </div>
      </form>
      <p role="status" class="visually-hidden">
        {preview.loading && sent ? "Running the preview…" : preview.data ? `Preview ready: ${preview.data.started} started, ${preview.data.completed} completed` : ""}
      </p>
      {preview.error && <ProblemList error={preview.error} details={problems.rest} />}
      {preview.loading && sent && <p aria-busy="true">Running…</p>}
      {preview.data && !preview.loading && <FunnelResultView result={preview.data} title={`Preview: ${sent?.def.name ?? ""}`} />}
    </section>
  );
}

/** Funnels: the saved ones (pick one, run it over the range with a breakdown) and a builder. */
export function FunnelsPage({ base, range }: { base: string; range: Range }) {
  const url = `${base}/funnels`;
  const list = useLoad(url, () => api<SavedFunnels>(url));
  const breakdown = breakdownOf(route.value.query);
  const [copied, setCopied] = useState<FunnelDef | null>(null);
  if (list.error) return <Failure error={list.error} />;
  if (!list.data) return <p aria-busy="true">Loading…</p>;
  const funnels = list.data.data;
  const chosen = funnels.find((f) => f.id === route.value.query.get("funnel")) ?? funnels[0];
  return (
    <>
      <section aria-labelledby="saved-heading">
        <h2 id="saved-heading">Saved funnels</h2>
        {funnels.length === 0 ? (
          <p>This site has no saved funnel yet. Funnels are saved with <code>admin funnel create</code>; build one below to preview it.</p>
        ) : (
          <ul class="funnel-list">
            {funnels.map((f) => (
              <li>
                <a href={withQuery({ funnel: f.id })} aria-current={f.id === chosen?.id ? "true" : undefined}>
                  {f.name}
                </a>
                <span class="summary">
                  {" "}
                  · {f.steps.length} steps · {f.mode} · per {f.scope}
                </span>
              </li>
            ))}
          </ul>
        )}
        <BreakdownPicker value={breakdown} />
        {chosen && (
          <>
            <h3>{chosen.name}</h3>
            <button type="button" class="link" onClick={() => setCopied({ name: `${chosen.name} (copy)`, steps: chosen.steps, mode: chosen.mode, scope: chosen.scope })}>
              Copy into the builder
            </button>
            <SavedFunnel base={base} id={chosen.id} name={chosen.name} range={range} breakdown={breakdown} />
          </>
        )}
      </section>
      <FunnelBuilder base={base} range={range} breakdown={breakdown} start={copied} />
    </>
  );
}
