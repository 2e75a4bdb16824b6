import type { ColumnType } from "../../../lib/reports/catalogue.ts";
import type { ReportResult } from "../../../lib/reports/models.ts";
import { countryName, formatDecimal, formatInteger, formatInZone, formatMoney, formatPercent, humanize } from "./format.ts";

/** A library report's cells as the page shows them (no DOM here: the unit tests read it). */

type Cell = ReportResult["rows"][number][string];

/** The column types drawn right-aligned. */
export const NUMERIC: readonly ColumnType[] = ["integer", "decimal", "rate", "money"];

/** Text columns whose values are keys the other pages show in words (the data and files keep the keys). */
const WORDS: Record<string, (key: string) => string> = { channel: humanize, device: humanize, country: countryName };

/**
 * A cell by its column's type (docs/reports.md "Column types"): rates as %, money in the report's
 * currency, instants where the site is, null as a dash; channels, devices and countries in words
 * as on the Acquisition and Audience pages.
 */
export function cellText(value: Cell | undefined, type: ColumnType, currency: string, timezone: string, column = ""): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string") return type === "timestamp" ? formatInZone(value, timezone) : Object.hasOwn(WORDS, column) ? WORDS[column]!(value) : value;
  switch (type) {
    case "integer":
      return formatInteger(value);
    case "rate":
      return formatPercent(value);
    case "money":
      return formatMoney(value, currency);
    default:
      return formatDecimal(value);
  }
}
