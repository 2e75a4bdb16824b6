import { runOp, runProgram, type Program, type StoreHandles } from "../db/statements.ts";
import { ApiError } from "../errors.ts";
import { newId } from "../ids.ts";
import type { AdPlatform, Problem, SpendRow } from "./rows.ts";

/**
 * Writing spend rows (a CSV import or a push): in one transaction, every row of each
 * (platform, account) on each day the batch covers is replaced by the batch's rows, and the
 * import is recorded (`spend_imports`). Re-importing a day is therefore idempotent, and a day
 * the new file no longer lists a campaign for loses that campaign's old row.
 */

export interface SpendImport {
  importId: string;
  rows: number;
  /** Distinct days the batch covers. */
  days: number;
  /** Rows that were there before and were replaced. */
  replaced: number;
  /** Distinct days on which rows were replaced. */
  replacedDays: number;
  platforms: AdPlatform[];
}

/** Details shown at most in one answer (a 10 000-line file with a wrong column would say it 10 000 times). */
const MAX_DETAILS = 50;

/** 422 VALIDATION_FAILED with the problems (the first MAX_DETAILS), nothing written. */
export function rejectSpend(problems: Problem[], what: string): ApiError {
  const more = problems.length > MAX_DETAILS ? ` (the first ${MAX_DETAILS} shown)` : "";
  return new ApiError("VALIDATION_FAILED", `The ${what} has ${problems.length} problem${problems.length === 1 ? "" : "s"}; nothing was imported${more}`, problems.slice(0, MAX_DETAILS));
}

const INSERT =
  "INSERT INTO ad_spend (site_id, platform, account, date, campaign_id, campaign_name, utm_source, utm_medium, utm_campaign, utm_id, spend, currency, impressions, clicks, platform_conversions, platform_conversion_value, import_id, imported_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

type Batch = { source: "cli" | "push"; format: string; at: number; /** The ads_import integration a push came through. */ integrationId?: string };

function* replaceDays(siteId: string, rows: SpendRow[], batch: Batch & { id: string; days: number }): Program<{ replaced: number; replacedDays: number }> {
  const covered = new Map<string, { platform: string; account: string; dates: Set<string> }>();
  for (const r of rows) {
    const key = JSON.stringify([r.platform, r.account]);
    const group = covered.get(key) ?? { platform: r.platform, account: r.account, dates: new Set<string>() };
    group.dates.add(r.date);
    covered.set(key, group);
  }
  let replaced = 0;
  const replacedDays = new Set<string>();
  for (const g of covered.values()) {
    for (const date of g.dates) {
      const done = (yield runOp("DELETE FROM ad_spend WHERE site_id = ? AND platform = ? AND account = ? AND date = ?", siteId, g.platform, g.account, date)) as { changes: number };
      replaced += done.changes;
      if (done.changes > 0) replacedDays.add(date);
    }
  }
  for (const r of rows) {
    yield runOp(INSERT, siteId, r.platform, r.account, r.date, r.campaignId, r.campaignName, r.utmSource, r.utmMedium, r.utmCampaign, r.utmId, r.spend, r.currency, r.impressions, r.clicks, r.platformConversions, r.platformConversionValue, batch.id, batch.at);
  }
  yield runOp("INSERT INTO spend_imports (id, site_id, source, format, rows, days, imported_at) VALUES (?, ?, ?, ?, ?, ?, ?)", batch.id, siteId, batch.source, batch.format, rows.length, batch.days, batch.at);
  if (batch.integrationId) yield runOp("UPDATE integrations SET last_received_at = ? WHERE id = ?", batch.at, batch.integrationId);
  return { replaced, replacedDays: replacedDays.size };
}

/** Writes checked rows (no duplicate keys: the parsers see to it) for the site; see the file comment. */
export async function importSpendRows(store: StoreHandles, siteId: string, rows: SpendRow[], batch: Batch): Promise<SpendImport> {
  const id = newId();
  const days = new Set(rows.map((r) => r.date)).size;
  const { replaced, replacedDays } = await runProgram(store, replaceDays(siteId, rows, { id, days, ...batch }));
  const platforms = [...new Set(rows.map((r) => r.platform))].sort();
  return { importId: id, rows: rows.length, days, replaced, replacedDays, platforms };
}
