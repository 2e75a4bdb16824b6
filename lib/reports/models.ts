import { t, type Static } from "elysia";
import { Id, NullableTimestamp, OneOf } from "../api/models.ts";
import { DatedQuery } from "../analytics/models.ts";
import { COLUMN_TYPES, REPORT_KEYS } from "./catalogue.ts";

/** The report library's API shapes (spec 2.9, 4.8; docs/reports.md). */

export const REPORT_FORMATS = ["json", "csv", "xlsx"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const FILE_FORMATS = ["csv", "xlsx"] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];

export const FREQUENCIES = ["daily", "weekly", "monthly"] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const SCHEDULE_STATUSES = ["ok", "failed", "skipped"] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];
export const RECIPIENT_STATES = ["member", "pending", "confirmed", "unsubscribed"] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];

/** The first rows a JSON answer carries (spec 8). */
export const JSON_ROWS = 200;

export const CatalogueEntry = t.Object({
  key: t.String(),
  category: t.String(),
  title: t.String(),
  description: t.String(),
  pii: t.Boolean({ description: "Holds contact details: exports need analytics.pii.read, and JSON rows are masked without it" }),
});
export type CatalogueEntry = Static<typeof CatalogueEntry>;

export const ScheduleItem = t.Object({
  id: Id,
  reportKey: t.String(),
  title: t.String({ description: "The report's title" }),
  frequency: OneOf(FREQUENCIES),
  recipients: t.Array(t.String(), { description: "Addresses that receive it (members and confirmed addresses; pending and unsubscribed ones are in recipientStates)" }),
  active: t.Boolean(),
  nextRunAt: NullableTimestamp,
  lastRunAt: NullableTimestamp,
  lastStatus: t.Union([OneOf(SCHEDULE_STATUSES), t.Null()]),
  lastError: t.Union([t.String(), t.Null()]),
  // Added fields (docs/reports.md "Schedules").
  at: t.String({ description: "HH:MM local to the site's timezone" }),
  weekday: t.Union([t.Integer({ minimum: 1, maximum: 7 }), t.Null()], { description: "ISO weekday (1 = Monday) of a weekly schedule" }),
  day: t.Union([t.Integer({ minimum: 1, maximum: 31 }), t.Null()], { description: "Day of the month of a monthly schedule (a shorter month sends on its last day)" }),
  format: OneOf(FILE_FORMATS),
  timezone: t.String({ description: "The site's timezone the time is read in" }),
  pausedReason: t.Union([t.Literal("paused"), t.Literal("failures"), t.Null()]),
  recipientStates: t.Array(t.Object({ email: t.String(), state: OneOf(RECIPIENT_STATES) })),
  owner: t.Union([t.String(), t.Null()], { description: "Name of the user whose permissions each send uses (null once the account is gone)" }),
});
export type ScheduleItem = Static<typeof ScheduleItem>;

export const ReportCatalogue = t.Object({ reports: t.Array(CatalogueEntry), schedules: t.Array(ScheduleItem) });
export type ReportCatalogue = Static<typeof ReportCatalogue>;

export const ReportParams = t.Object({ orgId: t.String(), siteId: t.String(), key: t.String() });

export const ReportResultQuery = t.Object({
  ...DatedQuery,
  format: t.Optional(OneOf(REPORT_FORMATS, { description: "json (default): columns, the first 200 rows and total; csv or xlsx: the whole report as a file (needs reports.export)" })),
});
export type ReportResultQuery = Static<typeof ReportResultQuery>;

const Cell = t.Union([t.String(), t.Number(), t.Null()]);

export const ReportResult = t.Object({
  key: t.String(),
  title: t.String(),
  currency: t.String(),
  columns: t.Array(t.Object({ key: t.String(), label: t.String(), type: OneOf(COLUMN_TYPES, { description: "Added: how the values are written (docs/reports.md)" }) })),
  rows: t.Array(t.Record(t.String(), Cell), { description: "The first 200 rows, keyed by column key" }),
  total: t.Integer({ description: "The full row count" }),
  range: t.Object({ from: t.String(), to: t.String() }),
});
export type ReportResult = Static<typeof ReportResult>;

/**
 * A schedule as created or changed (admin CLI and dashboard; lib/reports/schedules/manage.ts
 * checks every rule and names the field of each problem). Update takes any subset.
 */
export const ScheduleInput = t.Object(
  {
    reportKey: t.String({ description: `One of ${REPORT_KEYS.join(", ")}` }),
    frequency: t.String({ description: "daily | weekly | monthly" }),
    at: t.String({ description: "HH:MM, 24-hour, local to the site's timezone" }),
    weekday: t.Optional(t.Union([t.Integer(), t.Null()], { description: "Weekly: ISO weekday 1–7 (1 = Monday); default 1" })),
    day: t.Optional(t.Union([t.Integer(), t.Null()], { description: "Monthly: day 1–31; default 1" })),
    recipients: t.Array(t.String(), { description: "1–20 e-mail addresses" }),
    format: t.String({ description: "csv | xlsx" }),
  },
  { additionalProperties: false },
);
export type ScheduleInput = Static<typeof ScheduleInput>;
export const ScheduleChange = t.Partial(ScheduleInput, { additionalProperties: false });
export type ScheduleChange = Static<typeof ScheduleChange>;
