import type { TypedColumn } from "../columns.ts";
import { PAGEVIEW, restoresIndexes } from "../site-data.ts";
import { COMBINED, CombinedKeying, heldKeyingOf, type ReportDimension } from "./groupings.ts";
import { LABELLED_TYPES, LabelPrev, PagePrev, PrevSame, type LabelPrevColumns } from "./previous-session.ts";
import { Rollup } from "./rollups.ts";

/*
 * The indexes a snapshot keeps come back through these (SiteData.restore, before newer rows
 * are read, so they follow the changes from there). A column shorter than what it indexes, or
 * JSON of another shape, gives nothing back: the index is then built on first use.
 */
const holds = (array: TypedColumn | undefined, kind: typeof Int32Array | typeof Uint8Array | typeof Uint16Array | typeof Float64Array, count: number) => array instanceof kind && array.length >= count;
const strings = (xs: unknown): xs is string[] => Array.isArray(xs) && xs.every((x) => typeof x === "string");

restoresIndexes("keying", (data, key, columns, meta) => {
  const dim = key.slice("keying:".length) as ReportDimension;
  const parts = COMBINED[dim];
  const column = columns.get("column");
  const { keys, tuples } = (meta ?? {}) as { keys?: unknown; tuples?: unknown };
  if (!parts || !holds(column, Int32Array, data.sessions.count) || !strings(keys) || !strings(tuples) || keys.length !== tuples.length) return undefined;
  return new CombinedKeying(data, dim, parts, { column: column as Int32Array, keys, tuples });
});
restoresIndexes("rollup", (data, key, columns) => {
  const name = key.slice("rollup:".length) as ReportDimension | "total";
  const days = columns.get("days");
  const sums = columns.get("sums");
  if (!(days instanceof Int32Array) || !(sums instanceof Float64Array)) return undefined;
  if (name === "total") return new Rollup(data, null, { days, sums });
  const keying = heldKeyingOf(data, name);
  return keying?.rollup === "groups" ? new Rollup(data, keying, { days, sums }) : undefined;
});
restoresIndexes("prevSame", (data, key, columns) => {
  const days = columns.get("days");
  if (!holds(days, Uint16Array, data.sessions.count)) return undefined;
  const keying = heldKeyingOf(data, key.slice("prevSame:".length));
  return keying?.previous === "index" ? new PrevSame(data, keying, days as Uint16Array) : undefined;
});
restoresIndexes("pagePrev", (data, _key, columns) => {
  const days = columns.get("days");
  return holds(days, Uint16Array, data.table(PAGEVIEW).count) ? new PagePrev(data, days as Uint16Array) : undefined;
});
restoresIndexes("labelPrev", (data, _key, columns) => {
  const kept = LABELLED_TYPES.map((t) => ({ sameDay: columns.get(`${t}.sameDay`), typeDay: columns.get(`${t}.typeDay`), firstInSession: columns.get(`${t}.firstInSession`) }));
  const whole = kept.every((c, i) => {
    const count = data.table(LABELLED_TYPES[i]).count;
    return holds(c.sameDay, Uint16Array, count) && holds(c.typeDay, Uint16Array, count) && holds(c.firstInSession, Uint8Array, count);
  });
  return whole ? new LabelPrev(data, kept as LabelPrevColumns[]) : undefined;
});
