import { ApiError } from "../errors.ts";
import type { ReportKey } from "./catalogue.ts";
import type { ReportData, ReportInput, ReportRun } from "./report.ts";
import { ENGINE_REPORTS } from "./engine-reports.ts";
import { STORE_REPORTS } from "./store-reports.ts";

/** Every library report's run, by key. */
const RUNS: Partial<Record<ReportKey, ReportRun>> = { ...ENGINE_REPORTS, ...STORE_REPORTS };

export function runReport(key: ReportKey, input: ReportInput): Promise<ReportData> {
  const run = RUNS[key];
  if (!run) throw new ApiError("FEATURE_UNAVAILABLE", `The report ${key} is not built yet`, [{ path: "key", message: "reports" }]);
  return run(input);
}
