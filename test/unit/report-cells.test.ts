import { expect, test } from "bun:test";
import { cellText, NUMERIC } from "../../services/dashboard/web/report-cells.ts";
import { formatInZone } from "../../services/dashboard/web/format.ts";

/** How the dashboard's library report table writes each column type (docs/dashboard.md `…/library/{key}`). */

test("numbers by type: integers and decimals in English digits, rates as percentages, money in the report's currency", () => {
  expect(cellText(12345, "integer", "EUR", "UTC")).toBe("12,345");
  expect(cellText(2.456, "decimal", "EUR", "UTC")).toBe("2.46");
  expect(cellText(0.1234, "rate", "EUR", "UTC")).toBe("12.3%");
  expect(cellText(1, "rate", "EUR", "UTC")).toBe("100%");
  expect(cellText(1234.5, "money", "EUR", "UTC")).toBe("€1,234.50");
  expect(cellText(-3, "money", "USD", "UTC")).toBe("-$3.00");
  expect(NUMERIC).toEqual(["integer", "decimal", "rate", "money"]);
});

test("text and dates as the API answers them; null and empty as a dash", () => {
  expect(cellText("=SUM(A1)", "text", "EUR", "UTC")).toBe("=SUM(A1)");
  // Keys the other pages show in words: channels, devices, countries (other text as it is).
  expect(cellText("organic_search", "text", "EUR", "UTC", "channel")).toBe("Organic search");
  expect(cellText("DE", "text", "EUR", "UTC", "country")).toBe("Germany");
  expect(cellText("organic_search", "text", "EUR", "UTC", "campaign")).toBe("organic_search");
  expect(cellText("2026-03-29", "date", "EUR", "Europe/Berlin")).toBe("2026-03-29");
  expect(cellText(null, "integer", "EUR", "UTC")).toBe("—");
  expect(cellText(undefined, "text", "EUR", "UTC")).toBe("—");
  expect(cellText("", "text", "EUR", "UTC")).toBe("—");
  expect(cellText(0, "integer", "EUR", "UTC")).toBe("0");
});

test("timestamps to the minute in the site's timezone, across Berlin's March and October changes", () => {
  // 01:30 UTC on 29 March 2026 is 03:30 CEST (the clocks went forward at 01:00 UTC); an hour earlier it was 01:30 CET.
  expect(cellText("2026-03-29T01:30:00.000Z", "timestamp", "EUR", "Europe/Berlin")).toBe("2026-03-29 03:30");
  expect(cellText("2026-03-29T00:30:00.000Z", "timestamp", "EUR", "Europe/Berlin")).toBe("2026-03-29 01:30");
  // 25 October 2026: 00:30 UTC is 02:30 CEST, 01:30 UTC is 02:30 CET — the same wall time twice.
  expect(formatInZone("2026-10-25T00:30:00Z", "Europe/Berlin")).toBe("2026-10-25 02:30");
  expect(formatInZone("2026-10-25T01:30:00Z", "Europe/Berlin")).toBe("2026-10-25 02:30");
  // Midnight is 00, not 24; the date is the zone's.
  expect(formatInZone("2026-11-27T23:00:00Z", "Europe/Berlin")).toBe("2026-11-28 00:00");
  expect(formatInZone("2026-11-28T03:00:00Z", "America/New_York")).toBe("2026-11-27 22:00");
});
