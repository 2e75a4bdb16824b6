import type { Platform } from "../platform.ts";
import { invalid } from "../errors.ts";
import { parseSpendCsv } from "../spend/formats.ts";
import { importSpendRows, rejectSpend } from "../spend/import.ts";
import { AD_PLATFORMS } from "../spend/rows.ts";
import { auditAdmin } from "./audit-admin.ts";
import { siteAndStore } from "./site-store.ts";
import { oneOf } from "./validate.ts";
import { readTextFile } from "./json-file.ts";

/** A year of daily rows for a few hundred campaigns fits. */
const MAX_BYTES = 32 * 1024 * 1024;

/**
 * `spend import --site ID --file F.csv [--platform P]`: a GA4 cost data import, Google Ads
 * campaign report or Meta Ads Manager export (detected), all or nothing (docs/campaigns.md).
 */
export async function importSpendCommand(platform: Platform, input: { site?: unknown; file?: unknown; platform?: unknown }) {
  const { site, org, store } = await siteAndStore(platform, input.site);
  const forced = input.platform === undefined ? undefined : oneOf(input.platform, "--platform", AD_PLATFORMS);
  const parsed = parseSpendCsv(readTextFile(input.file, MAX_BYTES), { platform: forced, siteCurrency: site.currency });
  if (parsed.problems.length) throw rejectSpend(parsed.problems, "file");
  // Google Ads and Meta files are their own platform's; --platform names GA4 rows only.
  if (forced && parsed.format !== "ga4_cost" && forced !== parsed.format) throw invalid("--platform", `a ${parsed.format === "google_ads" ? "Google Ads" : "Meta Ads Manager"} file is ${parsed.format}'s, not ${forced}'s`);
  const done = await importSpendRows(store, site.id, parsed.rows, { source: "cli", format: parsed.format!, at: platform.now() });
  await auditAdmin(platform, org, { action: "spend.imported", label: `Ad spend imported (${done.rows} rows, ${done.days} days)`, target: { type: "spend_import", id: done.importId }, meta: { siteId: site.id, format: parsed.format, platforms: done.platforms, replaced: done.replaced } });
  return { importId: done.importId, format: parsed.format, platforms: done.platforms, rows: done.rows, days: done.days, replaced: done.replaced };
}
