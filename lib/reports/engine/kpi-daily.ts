import { sessionsInRange } from "../../analytics/engine.ts";
import { dailySeries } from "../../analytics/reports/overview.ts";
import { rowsInMemory, type ReportRun } from "../report.ts";
import { rowOf } from "./rows.ts";

/** Every day of the range, oldest first, zero days too: the Overview page's daily series. */
export const kpiDaily: ReportRun = async (input) => {
  const site = await input.analytics();
  const r = sessionsInRange(site.data, { from: input.period.from, to: input.period.to, groupBy: ["date"] });
  return rowsInMemory(dailySeries(r.groups[0], input.period).map((day) => rowOf("kpi_daily", day)));
};
