import { useState } from "preact/hooks";
import type { CatalogueEntry, Frequency, ScheduleInput, ScheduleItem } from "../../../../lib/reports/models.ts";
import { api, ApiFailure } from "../api.ts";
import { rangeQuery, type Range } from "../dates.ts";
import { formatInZone } from "../format.ts";
import { Table } from "./Table.tsx";
import { Failure } from "./Failure.tsx";
import { DialogActions, FormDialog, useFormDialog } from "./FormDialog.tsx";
import { FieldProblem, invalidProps, problemsByField } from "./Problems.tsx";

/** ISO weekdays (1 = Monday), as the schedule's `weekday`. */
const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
const FREQUENCY_LABELS: Record<Frequency, string> = { daily: "Daily", weekly: "Weekly", monthly: "Monthly" };

/** "Weekly on Monday at 08:00" — the time is the site's (the column header names the zone). */
export function whenText(s: Pick<ScheduleItem, "frequency" | "at" | "weekday" | "day">): string {
  if (s.frequency === "weekly") return `Weekly on ${WEEKDAYS[(s.weekday ?? 1) - 1]} at ${s.at}`;
  if (s.frequency === "monthly") return `Monthly on day ${s.day ?? 1} at ${s.at}`;
  return `Daily at ${s.at}`;
}

/** A recipient with what keeps it from receiving (a pending confirmation, an unsubscribe); members and confirmed addresses unmarked. */
const recipientText = (r: ScheduleItem["recipientStates"][number]) =>
  r.state === "pending" ? `${r.email} (awaiting confirmation)` : r.state === "unsubscribed" ? `${r.email} (unsubscribed)` : r.email;

function stateText(s: ScheduleItem): string {
  if (s.active) return "Active";
  return s.pausedReason === "failures" ? "Paused after 3 failed sends" : "Paused";
}

function lastRunText(s: ScheduleItem, timezone: string): string {
  if (s.lastRunAt === null) return "Not sent yet";
  const status = s.lastStatus === "ok" ? "sent" : s.lastStatus ?? "";
  return `${formatInZone(s.lastRunAt, timezone)}, ${status}${s.lastError ? `: ${s.lastError}` : ""}`;
}

interface Props {
  base: string;
  reports: CatalogueEntry[];
  schedules: ScheduleItem[];
  timezone: string;
  canManage: boolean;
  range: Range;
  /** On a report's page: its schedules, and "Schedule this report" fills it in. */
  forReport?: string;
  onChanged: () => void;
}

/** A site's report schedules (docs/reports.md "Schedules"), with create, edit, pause, resume and delete for those who manage them. */
export function Schedules({ base, reports, schedules, timezone, canManage, range, forReport, onChanged }: Props) {
  const [editing, setEditing] = useState<ScheduleItem | "new" | null>(null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const title = (s: ScheduleItem) => `${s.title}, ${whenText(s).toLowerCase()}`;
  async function act(s: ScheduleItem, action: "pause" | "resume" | "delete") {
    if (action === "delete" && !window.confirm(`Delete the schedule of “${title(s)}”? Its recipients receive nothing more.`)) return;
    setFailure(null);
    try {
      const path = `${base}/report-schedules/${s.id}`;
      if (action === "delete") await api(path, { method: "DELETE" });
      else await api(`${path}/${action}`, { method: "POST" });
      onChanged();
    } catch (error) {
      setFailure(error instanceof ApiFailure ? error : new ApiFailure(0, "NETWORK", "The server could not be reached. Try again."));
    }
  }
  return (
    <section aria-labelledby="schedules-title">
      <h2 id="schedules-title">{forReport ? "Schedules of this report" : "Schedules"}</h2>
      {canManage ? (
        <p>
          <button type="button" class="primary" onClick={() => setEditing("new")}>
            {forReport ? "Schedule this report" : "New schedule"}
          </button>
        </p>
      ) : (
        <p class="note">Schedules are read-only here: owners, admins and analysts (who may export reports) create and change them.</p>
      )}
      {failure && <Failure error={failure} />}
      <Table<ScheduleItem>
        // Not the section's heading again: the report's own title names the table.
        caption={forReport ? `${reports.find((r) => r.key === forReport)?.title ?? forReport}: sends` : "Schedules of this site"}
        empty="No schedule yet."
        rows={schedules}
        columns={[
          ...(forReport ? [] : [{ label: "Report", value: (s: ScheduleItem) => s.title, href: (s: ScheduleItem) => `${base}/library/${s.reportKey}${rangeQuery(range)}` }]),
          { label: `When (${timezone})`, value: whenText },
          { label: "Format", value: (s) => s.format.toUpperCase() },
          { label: "Recipients", value: (s) => s.recipientStates.map(recipientText).join(", ") },
          { label: "Next send", value: (s) => (s.nextRunAt ? formatInZone(s.nextRunAt, timezone) : "—") },
          { label: "Last send", value: (s) => lastRunText(s, timezone) },
          { label: "State", value: stateText },
          { label: "Owner", value: (s) => s.owner ?? "(account removed)" },
          ...(canManage
            ? [
                {
                  label: "Actions",
                  value: (s: ScheduleItem) => (
                    <span class="row-actions">
                      <button type="button" onClick={() => setEditing(s)} aria-label={`Edit ${title(s)}`}>
                        Edit
                      </button>
                      <button type="button" onClick={() => void act(s, s.active ? "pause" : "resume")} aria-label={`${s.active ? "Pause" : "Resume"} ${title(s)}`}>
                        {s.active ? "Pause" : "Resume"}
                      </button>
                      <button type="button" onClick={() => void act(s, "delete")} aria-label={`Delete ${title(s)}`}>
                        Delete
                      </button>
                    </span>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && (
        <ScheduleDialog
          base={base}
          reports={reports}
          schedule={editing === "new" ? null : editing}
          reportKey={forReport}
          timezone={timezone}
          onClose={(changed) => {
            setEditing(null);
            if (changed) onChanged();
          }}
        />
      )}
    </section>
  );
}

/** The form's fields as the inputs hold them. */
interface Form {
  reportKey: string;
  frequency: Frequency;
  at: string;
  weekday: string;
  day: string;
  recipients: string;
  format: "csv" | "xlsx";
}

const formOf = (s: ScheduleItem | null, reportKey: string): Form => ({
  reportKey: s?.reportKey ?? reportKey,
  frequency: s?.frequency ?? "weekly",
  at: s?.at ?? "08:00",
  weekday: String(s?.weekday ?? 1),
  day: String(s?.day ?? 1),
  recipients: s?.recipientStates.map((r) => r.email).join(", ") ?? "",
  format: s?.format ?? "csv",
});

/** The body the API takes: the weekday only for a weekly schedule, the day only for a monthly one (numbers as typed, for the server to judge). */
function bodyOf(form: Form): ScheduleInput {
  return {
    reportKey: form.reportKey,
    frequency: form.frequency,
    at: form.at,
    weekday: form.frequency === "weekly" ? Number(form.weekday) : null,
    day: form.frequency === "monthly" ? (form.day.trim() === "" ? null : Number(form.day)) : null,
    recipients: form.recipients.split(",").map((r) => r.trim()).filter((r) => r !== ""),
    format: form.format,
  };
}

const FIELDS = ["reportKey", "frequency", "at", "weekday", "day", "recipients", "format"];

/** `recipients[2]` (manage.ts) or `recipients.2` / `/recipients/2` (the body's schema) is the recipients field's. */
const fieldOf = (path: string) => path.replace(/^\//, "").replace(/(\[\d+\]|[./]\d+)$/, "");

/** "New schedule" / "Schedule this report" (POST) and "Edit" (PATCH) in one dialog; the API's refusals beside their fields. */
function ScheduleDialog({ base, reports, schedule, reportKey, timezone, onClose }: { base: string; reports: CatalogueEntry[]; schedule: ScheduleItem | null; reportKey?: string; timezone: string; onClose: (changed: boolean) => void }) {
  const [form, setForm] = useState(() => formOf(schedule, reportKey ?? reports[0]?.key ?? ""));
  const [error, setError] = useState<ApiFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const dialog = useFormDialog(onClose);
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));
  const problems = problemsByField(error, FIELDS, fieldOf);
  async function save() {
    setBusy(true);
    setError(null);
    try {
      const body = bodyOf(form);
      if (schedule === null) await api(`${base}/report-schedules`, { method: "POST", body });
      else await api(`${base}/report-schedules/${schedule.id}`, { method: "PATCH", body });
      dialog.close(true);
    } catch (failure) {
      setError(failure instanceof ApiFailure ? failure : new ApiFailure(0, "NETWORK", "The server could not be reached. Try again."));
    } finally {
      setBusy(false);
    }
  }
  const field = (name: string, label: string, control: (extra: Record<string, unknown>) => preact.JSX.Element) => (
    <label>
      {label}
      {control({ name, ...invalidProps(name, problems.at(name)) })}
      <FieldProblem field={name} message={problems.at(name)} />
    </label>
  );
  return (
    <FormDialog dialog={dialog} labelledBy="schedule-title" className="schedule-form" onSubmit={() => void save()}>
      <h2 id="schedule-title">{schedule ? `Edit the schedule of ${schedule.title}` : "New schedule"}</h2>
      {field("reportKey", "Report", (extra) => (
        <select value={form.reportKey} onChange={(e) => set("reportKey", e.currentTarget.value)} {...extra}>
          {reports.map((r) => (
            <option value={r.key}>{r.title}</option>
          ))}
        </select>
      ))}
      {field("frequency", "Frequency", (extra) => (
        <select value={form.frequency} onChange={(e) => set("frequency", e.currentTarget.value as Frequency)} {...extra}>
          {(Object.keys(FREQUENCY_LABELS) as Frequency[]).map((f) => (
            <option value={f}>{FREQUENCY_LABELS[f]}</option>
          ))}
        </select>
      ))}
      {form.frequency === "weekly" &&
        field("weekday", "Day of the week", (extra) => (
          <select value={form.weekday} onChange={(e) => set("weekday", e.currentTarget.value)} {...extra}>
            {WEEKDAYS.map((d, i) => (
              <option value={String(i + 1)}>{d}</option>
            ))}
          </select>
        ))}
      {form.frequency === "monthly" &&
        field("day", "Day of the month (a shorter month sends on its last day)", (extra) => (
          <input type="number" inputMode="numeric" min={1} max={31} required value={form.day} onInput={(e) => set("day", e.currentTarget.value)} {...extra} />
        ))}
      {field("at", `Time (${timezone})`, (extra) => <input type="time" required value={form.at} onInput={(e) => set("at", e.currentTarget.value)} {...extra} />)}
      {field("recipients", "Recipients, separated by commas (addresses that are not members' get a confirmation mail first)", (extra) => (
        <input type="text" autocomplete="off" value={form.recipients} onInput={(e) => set("recipients", e.currentTarget.value)} {...extra} />
      ))}
      {field("format", "Attachment", (extra) => (
        <select value={form.format} onChange={(e) => set("format", e.currentTarget.value as Form["format"])} {...extra}>
          <option value="csv">CSV</option>
          <option value="xlsx">XLSX</option>
        </select>
      ))}
      {error && !problems.claimed && <Failure error={error} />}
      <DialogActions busy={busy} submit={schedule ? "Save schedule" : "Create schedule"} onCancel={() => dialog.close(false)} />
    </FormDialog>
  );
}
