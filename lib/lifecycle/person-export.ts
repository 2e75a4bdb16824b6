import { allOp, type Program } from "../db/statements.ts";
import type { TenantStore } from "../db/tenants.ts";
import { EVENT_TYPES } from "../db/event-types.ts";
import { uuidOfHex } from "../ids.ts";
import { findPerson, type PersonSelector } from "./person-find.ts";
import { HOLDINGS, type HoldingKey } from "./person-holdings.ts";
import { readProgram } from "./read-program.ts";

/**
 * `person export` (GDPR Article 15, docs/data-lifecycle.md): every row held about the person,
 * in their terms — visitor and session UUIDs, texts instead of `strings` ids, times in ISO
 * 8601, the event type by name — unmasked: it is their own data, handed over by the operator.
 */
export type PersonRow = Record<string, unknown>;
export interface PersonExport {
  siteId: string;
  exportedAt: string;
  person: { visitorIds: string[]; userIds: string[]; emails: string[] };
  counts: Record<HoldingKey, number>;
  rows: Record<HoldingKey, PersonRow[]>;
}

const TIMES = new Set(["ts", "at", "firstAt", "createdAt", "firstSeenAt", "lastSeenAt", "startedAt", "lastAt", "landingAt", "exitAt", "deliveredAt", "lastAttemptAt", "leadAt", "expiresAt"]);
const UUIDS = new Set(["sessionId", "visitorId", "visitorUid"]);
const JSON_TEXT = new Set(["props", "extra"]);

const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

function shaped(row: Record<string, unknown>, key: HoldingKey): PersonRow {
  const out: PersonRow = {};
  for (const [column, value] of Object.entries(row)) {
    const name = camel(column);
    if (value === null || value === undefined) out[name] = null;
    else if (TIMES.has(name) && typeof value === "number") out[name] = new Date(value).toISOString();
    else if (UUIDS.has(name) && typeof value === "string" && value.length === 32) out[name] = uuidOfHex(value);
    else if (JSON_TEXT.has(name) && typeof value === "string") out[name] = parsedOrText(value);
    else if (name === "type" && (key === "events" || key === "recentEvents")) out[name] = EVENT_TYPES[value as number] ?? value;
    else out[name] = value;
  }
  return out;
}

const parsedOrText = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** The person's rows, table by table (a program of reads: run in or outside a transaction). */
export function* personRows(siteId: string, selector: PersonSelector, at: number): Program<PersonExport> {
  const person = yield* findPerson(siteId, selector);
  const rows = {} as Record<HoldingKey, PersonRow[]>;
  const counts = {} as Record<HoldingKey, number>;
  for (const h of HOLDINGS) {
    const where = h.where(person);
    const found = (yield allOp(`SELECT ${h.columns} FROM ${h.table} AS t WHERE ${where.sql} ORDER BY ${h.order}`, ...where.args)) as Record<string, unknown>[];
    rows[h.key] = found.map((row) => shaped(row, h.key));
    counts[h.key] = found.length;
  }
  return {
    siteId,
    exportedAt: new Date(at).toISOString(),
    person: { visitorIds: [...person.visitors.values()].map(uuidOfHex), userIds: [...person.users.values()], emails: person.emails },
    counts,
    rows,
  };
}

/** The export, read outside any transaction (ingest goes on meanwhile). */
export const exportPerson = (store: TenantStore, siteId: string, selector: PersonSelector, at: number) => readProgram(store, personRows(siteId, selector, at));
