import { blob, integer, real } from "drizzle-orm/sqlite-core";
import { isEngagedSql } from "../analytics/metrics.ts";

/**
 * The session row (`session_rows`), defined once: its columns in order, each with its storage
 * type, how a later batch of the same session merges into it, how the analytics engine reads
 * it, and — for a dimension — the report dimension it backs. The drizzle table, ingest's insert
 * and update statements, the engine's column list and the dimension → column map are all
 * derived from this list; adding a session dimension is one entry here (plus the migration
 * `npm run db:generate` writes, and ingest computing its value).
 */

/** How a batch's values merge into a session already stored (the SQL `UPDATE` of ingest). */
type Merge =
  /** Set when the session is created, never changed. */
  | "insert"
  | "min"
  | "max"
  | "add"
  /** Follows the earliest (latest) value of another column: the session's first day, landing and exit pages. */
  | { earliestOf: string }
  | { latestOf: string }
  /** Worked out from the new values of other columns (`next(column)`). */
  | { derived: (next: (column: string) => string) => string };

interface ColumnDef {
  /** The column's SQL name. */
  readonly column: string;
  /** Its name in code (the ingest value and the engine's column). */
  readonly key: string;
  readonly type: "integer" | "real" | "uuid" | "text-ref";
  readonly notNull?: boolean;
  readonly merge: Merge;
  /** Read by the engine into a typed column of this kind. */
  readonly read?: "i32" | "f64" | "u8" | "u16" | "u32";
  /**
   * What the engine reads instead of the column: an SQL expression over the row (a narrower
   * form of the value, to fit `read`), held as `key` (the column's own key when the meaning is
   * the same).
   */
  readonly readAs?: { readonly key: string; readonly sql: string };
  /** A `strings` reference set by ingest from the session's attributes (SessionAttrs). */
  readonly attribute?: true;
  /** Read by the engine as dense codes, backing this report dimension. */
  readonly dimension?: string;
  /** The dimension is also one of explore's (`dimension` and `filters`). */
  readonly explore?: true;
  /**
   * The engine holds the dimensions of one group as one tuple id per session (columns.ts
   * TupleGroup): dimensions that vary together, so a site has few distinct tuples.
   */
  readonly group?: string;
}

/** The largest value a u32 column holds. */
const U32_MAX = 4294967295;

export const SESSION_ROW = [
  { column: "seq", key: "seq", type: "integer", notNull: true, merge: "insert", read: "i32" },
  { column: "site", key: "site", type: "integer", notNull: true, merge: "insert" },
  { column: "uid", key: "uid", type: "uuid", notNull: true, merge: "insert" },
  { column: "visitor", key: "visitor", type: "integer", notNull: true, merge: "insert", read: "i32" },
  { column: "started_at", key: "startedAt", type: "integer", notNull: true, merge: "min", read: "f64" },
  /** The engine holds it as ms after started_at, in 32 bits (clamped: 49.7 days; a session lasts hours). */
  {
    column: "last_at", key: "lastAt", type: "integer", notNull: true, merge: "max", read: "u32",
    readAs: { key: "lastAfterStart", sql: `max(0, min(last_at - started_at, ${U32_MAX}))` },
  },
  /** Calendar day (site timezone) of the first event, as days since 1970-01-01. */
  { column: "day", key: "day", type: "integer", notNull: true, merge: { earliestOf: "started_at" }, read: "u16" },
  /** The earliest pageview's path is the landing page, the latest the exit page. */
  { column: "landing", key: "landing", type: "text-ref", merge: { earliestOf: "landing_at" }, dimension: "landing", explore: true, group: "pages" },
  { column: "landing_at", key: "landingAt", type: "integer", merge: { earliestOf: "landing_at" } },
  { column: "exit", key: "exit", type: "text-ref", merge: { latestOf: "exit_at" }, dimension: "exit", group: "pages" },
  { column: "exit_at", key: "exitAt", type: "integer", merge: { latestOf: "exit_at" } },
  { column: "pageviews", key: "pageviews", type: "integer", notNull: true, merge: "add", read: "i32" },
  { column: "events", key: "events", type: "integer", notNull: true, merge: "add" },
  /** A sum of whole ms (pings of 0..1 800 000 each); the engine holds it in 32 bits, clamped at 2^32 - 1 (49.7 days engaged in one session). */
  { column: "engaged_ms", key: "engagedMs", type: "integer", notNull: true, merge: "add", read: "u32", readAs: { key: "engagedMs", sql: `max(0, min(engaged_ms, ${U32_MAX}))` } },
  { column: "conversions", key: "conversions", type: "integer", notNull: true, merge: "add", read: "i32" },
  /** Sum of conversion values in the site currency. */
  { column: "revenue", key: "revenue", type: "real", notNull: true, merge: "add", read: "f64" },
  /** GA4's engaged session (lib/analytics/metrics.ts). */
  {
    column: "engaged", key: "engaged", type: "integer", notNull: true, read: "u8",
    merge: { derived: (n) => isEngagedSql(n("engaged_ms"), n("pageviews"), n("conversions")) },
  },
  { column: "channel", key: "channel", type: "text-ref", notNull: true, merge: "insert", attribute: true, dimension: "channel", explore: true, group: "traffic" },
  { column: "source", key: "source", type: "text-ref", merge: "insert", attribute: true, dimension: "source", explore: true, group: "traffic" },
  { column: "medium", key: "medium", type: "text-ref", merge: "insert", attribute: true, dimension: "medium", explore: true, group: "traffic" },
  { column: "campaign", key: "campaign", type: "text-ref", merge: "insert", attribute: true, dimension: "campaign", explore: true, group: "traffic" },
  /** utm_term and utm_content (GA4's manual term and ad content). */
  { column: "term", key: "term", type: "text-ref", merge: "insert", attribute: true, dimension: "term", explore: true, group: "traffic" },
  { column: "content", key: "content", type: "text-ref", merge: "insert", attribute: true, dimension: "content", explore: true, group: "traffic" },
  { column: "referrer_host", key: "referrerHost", type: "text-ref", merge: "insert", attribute: true, dimension: "referrer", group: "traffic" },
  { column: "browser", key: "browser", type: "text-ref", merge: "insert", attribute: true, dimension: "browser", explore: true, group: "tech" },
  { column: "os", key: "os", type: "text-ref", merge: "insert", attribute: true, dimension: "os", explore: true, group: "tech" },
  { column: "device", key: "device", type: "text-ref", merge: "insert", attribute: true, dimension: "device", explore: true, group: "tech" },
  { column: "country", key: "country", type: "text-ref", merge: "insert", attribute: true, dimension: "country", explore: true, group: "geo" },
  { column: "region", key: "region", type: "text-ref", merge: "insert", attribute: true, dimension: "region", explore: true, group: "geo" },
  { column: "city", key: "city", type: "text-ref", merge: "insert", attribute: true, dimension: "city", explore: true, group: "geo" },
  { column: "language", key: "language", type: "text-ref", merge: "insert", attribute: true, dimension: "language", explore: true, group: "tech" },
  { column: "screen", key: "screen", type: "text-ref", merge: "insert", attribute: true, dimension: "screen", group: "tech" },
  /** The visitor's first session. */
  { column: "is_new", key: "isNew", type: "integer", notNull: true, merge: "insert", read: "i32" },
  /** 1 when the visitor gave analytics consent in this session (only they appear in visitor lists). */
  { column: "consent_analytics", key: "consented", type: "integer", notNull: true, merge: "max", read: "u8" },
  { column: "consent_marketing", key: "consentMarketing", type: "integer", notNull: true, merge: "max" },
] as const satisfies readonly ColumnDef[];

type Entry = (typeof SESSION_ROW)[number];

/** What ingest decides about a session from the batch that carried it (text values, stored as `strings` references). */
export type SessionAttrs = { [E in Entry as E extends { attribute: true } ? E["key"] : never]: string | null };
/** The session's attribute keys, in row order. */
export const SESSION_ATTRIBUTES = SESSION_ROW.filter((c): c is Extract<Entry, { attribute: true }> => "attribute" in c).map((c) => c.key) as (keyof SessionAttrs)[];

/** Every value of a session row, by key, as ingest writes them (`strings` references for text). */
export type SessionRowValues = { [E in Entry as E["key"]]: E extends { type: "uuid" } ? Uint8Array : E extends { type: "real" } ? number : number | null };

/** A session dimension column, by its SQL name: the engine keeps dense codes for each. */
export type SessionDim = Extract<Entry, { dimension: string }>["column"];
const DIMENSION_ENTRIES = SESSION_ROW.filter((c): c is Extract<Entry, { dimension: string }> => "dimension" in c);
/** The dimension columns, in row order (the engine's `dims`). */
export const SESSION_DIMS: readonly SessionDim[] = DIMENSION_ENTRIES.map((c) => c.column);
/** The engine's tuple groups (ColumnDef.group), in row order of their first dimension, each with its dimensions in row order. */
export const SESSION_DIM_GROUPS: readonly { name: string; dims: SessionDim[] }[] = DIMENSION_ENTRIES.reduce<{ name: string; dims: SessionDim[] }[]>((groups, c) => {
  const group = groups.find((g) => g.name === c.group);
  if (group) group.dims.push(c.column);
  else groups.push({ name: c.group, dims: [c.column] });
  return groups;
}, []);
/** Report dimension → the session column backing it. */
export type ColumnDimension = Extract<Entry, { dimension: string }>["dimension"];
export const COLUMN_OF_DIMENSION = Object.fromEntries(DIMENSION_ENTRIES.map((c) => [c.dimension, c.column])) as Record<ColumnDimension, SessionDim>;
/** The column-backed dimensions explore offers, in row order. */
export type ExploreColumnDimension = Extract<Entry, { explore: true }>["dimension"];
export const EXPLORE_COLUMN_DIMENSIONS = DIMENSION_ENTRIES.filter((c): c is Extract<Entry, { explore: true }> => "explore" in c).map((c) => c.dimension);

/** The engine's plain (non-dimension) columns: key (`readAs.key` when given) → typed array kind. */
type ReadEntry = Extract<Entry, { read: string }>;
type EngineKey<E extends ReadEntry> = E extends { readAs: { key: infer K extends string } } ? K : E["key"];
type ArrayOf<K> = K extends "f64" ? Float64Array : K extends "u8" ? Uint8Array : K extends "u16" ? Uint16Array : K extends "u32" ? Uint32Array : Int32Array;
export type SessionReadColumns = { [E in ReadEntry as EngineKey<E>]: ArrayOf<E["read"]> };
const READ_ENTRIES = SESSION_ROW.filter((c): c is ReadEntry => "read" in c);
/** What the engine selects, in order: the plain columns (each its column, or its `readAs` expression), then the dimensions. */
export const SESSION_READ = {
  columns: READ_ENTRIES.map((c) => {
    const readAs = "readAs" in c ? c.readAs : null;
    return { key: readAs?.key ?? c.key, array: c.read, sql: readAs?.sql ?? c.column };
  }) as { key: keyof SessionReadColumns; array: "i32" | "f64" | "u8" | "u16" | "u32"; sql: string }[],
  select: [...READ_ENTRIES.map((c) => ("readAs" in c ? c.readAs.sql : c.column)), ...SESSION_DIMS].join(", "),
};

const COLUMNS: readonly string[] = SESSION_ROW.map((c) => c.column);
const position = (column: string): number => {
  const at = COLUMNS.indexOf(column);
  if (at < 0) throw new Error(`session_rows has no column ${column}`);
  return at + 1;
};

/** `INSERT` of a new session: every column, values in row order (`sessionValues`). */
export const INSERT_SESSION_SQL = `INSERT INTO session_rows (${COLUMNS.join(", ")}) VALUES (${COLUMNS.map(() => "?").join(", ")})`;

/**
 * `UPDATE` of a stored session with a later batch's values, given as the same row-ordered
 * values as the insert (numbered parameters), so one array serves both. Every SET expression
 * sees the row as it was, so `next` is the column's value after the batch.
 */
export const UPDATE_SESSION_SQL = (() => {
  const param = (column: string) => `?${position(column)}`;
  const nextOf = (column: string) => {
    const merge = SESSION_ROW[position(column) - 1].merge as Merge;
    return merge === "add" ? `${column} + ${param(column)}` : param(column);
  };
  const sets: string[] = [];
  for (const c of SESSION_ROW as readonly ColumnDef[]) {
    const m = c.merge;
    const v = param(c.column);
    if (m === "insert") continue;
    else if (m === "min" || m === "max") sets.push(`${c.column} = ${m}(${c.column}, ${v})`);
    else if (m === "add") sets.push(`${c.column} = ${nextOf(c.column)}`);
    else if ("derived" in m) sets.push(`${c.column} = ${m.derived(nextOf)}`);
    else {
      const by = "earliestOf" in m ? m.earliestOf : m.latestOf;
      const wins = "earliestOf" in m ? `${param(by)} < ${by}` : `${param(by)} >= ${by}`;
      sets.push(`${c.column} = CASE WHEN ${param(by)} IS NOT NULL AND (${by} IS NULL OR ${wins}) THEN ${v} ELSE ${c.column} END`);
    }
  }
  return `UPDATE session_rows SET ${sets.join(", ")} WHERE seq = ${param("seq")}`;
})();

/** A session's values in row order, for INSERT_SESSION_SQL and UPDATE_SESSION_SQL. */
export function sessionValues(row: SessionRowValues): (number | null | Uint8Array)[] {
  const values = new Array<number | null | Uint8Array>(COLUMNS.length);
  for (let i = 0; i < SESSION_ROW.length; i++) values[i] = row[SESSION_ROW[i].key];
  return values;
}

/** The drizzle columns of `session_rows` (lib/db/tenant-schema.ts), so migrations follow this list. */
export function sessionTableColumns() {
  const columns: Record<string, unknown> = {};
  for (const c of SESSION_ROW as readonly ColumnDef[]) {
    const column = c.type === "real" ? real(c.column) : c.type === "uuid" ? blob(c.column, { mode: "buffer" }) : integer(c.column);
    columns[c.key] = c.column === "seq" ? integer(c.column).primaryKey() : c.notNull ? column.notNull() : column;
  }
  return columns as Record<Entry["key"], ReturnType<typeof integer>>;
}
