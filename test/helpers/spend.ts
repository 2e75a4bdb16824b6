import { Database } from "bun:sqlite";
import { join } from "node:path";

/** An ad_spend row as docs/campaigns.md "Ad spend" stores it (null: not known). */
export interface SpendRow {
  platform: "google_ads" | "meta_ads" | "microsoft_ads" | "linkedin_ads" | "tiktok_ads" | "other";
  account?: string;
  date: string;
  campaignId?: string;
  campaignName: string;
  utm?: { source?: string; medium?: string; campaign?: string; id?: string };
  spend: number;
  currency: string;
  impressions?: number | null;
  clicks?: number | null;
  conversions?: number | null;
  conversionValue?: number | null;
}

/**
 * Writes spend rows straight into the org's store as one import would (an import row and its
 * spend rows, in one transaction): the insights tests need spend without the importers.
 */
export function insertSpend(dataDir: string, orgId: string, siteId: string, importedAt: number, rows: SpendRow[]): string {
  const db = new Database(join(dataDir, `${orgId}.sqlite`));
  const importId = crypto.randomUUID().replaceAll("-", "").slice(0, 24);
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    const days = new Set(rows.map((r) => r.date)).size;
    const insert = db.query(
      `INSERT OR REPLACE INTO ad_spend (site_id, platform, account, date, campaign_id, campaign_name, utm_source, utm_medium, utm_campaign, utm_id, spend, currency, impressions, clicks, platform_conversions, platform_conversion_value, import_id, imported_at)
       VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
    );
    db.transaction(() => {
      db.query("INSERT INTO spend_imports (id, site_id, source, format, rows, days, imported_at) VALUES (?,?,?,?,?,?,?)").run(importId, siteId, "push", "json", rows.length, days, importedAt);
      for (const r of rows) {
        insert.run(siteId, r.platform, r.account ?? "", r.date, r.campaignId ?? "", r.campaignName, r.utm?.source ?? null, r.utm?.medium ?? null, r.utm?.campaign ?? null, r.utm?.id ?? null,
          r.spend, r.currency, r.impressions ?? null, r.clicks ?? null, r.conversions ?? null, r.conversionValue ?? null, importId, importedAt);
      }
    })();
  } finally {
    db.close();
  }
  return importId;
}
