import { describe, expect, test } from "bun:test";
import { partsOf, rowOf } from "../../lib/reports/engine/rows.ts";

describe("engine report rows", () => {
  test("a combined key's free-text first part keeps its own ' / '", () => {
    expect(partsOf("spring / google / cpc", 3)).toEqual(["spring", "google", "cpc"]);
    expect(partsOf("Sale / Winter / google / cpc", 3)).toEqual(["Sale / Winter", "google", "cpc"]);
    expect(partsOf("GB / (not set)", 2)).toEqual(["GB", "(not set)"]);
  });

  test("a row has exactly the catalogue's columns, in order; a missing one is an error", () => {
    const row = rowOf("kpi_daily", { conversions: 1, pageviews: 2, sessions: 3, users: 4, date: "2026-11-02", extra: 9 });
    expect(Object.keys(row)).toEqual(["date", "users", "sessions", "pageviews", "conversions"]);
    expect(() => rowOf("kpi_daily", { date: "2026-11-02" })).toThrow("report kpi_daily: no value for column users");
  });
});
