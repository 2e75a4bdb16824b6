import { eventsPerUser, tallyInRange } from "../../analytics/event-tally.ts";
import { NOT_SET } from "../../analytics/engine.ts";
import { CUSTOM_EVENT, DOWNLOAD, FORM_SUBMIT, OUTBOUND } from "../../analytics/site-data.ts";
import { rowsInMemory, type ReportRun } from "../report.ts";
import { rowOf } from "./rows.ts";

/** The event types the report lists, in its order, with the name a row's `type` gives them. */
const TYPES = [
  ["custom", CUSTOM_EVENT],
  ["outbound", OUTBOUND],
  ["download", DOWNLOAD],
  ["form", FORM_SUBMIT],
] as const;

/**
 * Custom events by name, outbound clicks by link, downloads by file and form submissions by
 * form: by type in that order, then most events first, then by name. Every name, no top-N cut.
 */
export const events: ReportRun = async (input) => {
  const site = await input.analytics();
  const data = site.data;
  const rows = TYPES.flatMap(([type, table]) =>
    tallyInRange(data, input.period.from, input.period.to, table)
      .rows(Infinity)
      .map((t) => rowOf("events", { type, name: data.labels.keys[t.label] ?? NOT_SET, events: t.events, users: t.users, sessions: t.sessions, eventsPerUser: eventsPerUser(t.events, t.users) })),
  );
  return rowsInMemory(rows);
};
