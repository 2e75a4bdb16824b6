import { desc, eq } from "drizzle-orm";
import { shortLinks } from "../../db/tenant-schema.ts";
import { shortLinkView } from "../../shortlinks/manage.ts";
import { shortLinkStats } from "../../shortlinks/stats.ts";
import { rowsInMemory, type ReportRow, type ReportRun } from "../report.ts";

/**
 * `short_links`: one row per link with its stats for the range (lib/shortlinks/stats.ts): human,
 * QR and bot clicks (link previews are left out: no person clicked), and the sessions its clicks
 * landed in that started in the range, with their conversions, revenue and the leads of those
 * visitors from that session on. Active links are always listed; a deactivated link only when it
 * had clicks or sessions in the range. Most human clicks first, then by slug.
 */
export const shortLinksReport: ReportRun = async ({ platform, site, period, now }) => {
  const stored = await site.store.db.select().from(shortLinks).where(eq(shortLinks.siteId, site.id)).orderBy(desc(shortLinks.createdAt), desc(shortLinks.id));
  const rows: (ReportRow & { clicks: number; slug: string })[] = [];
  for (const row of stored) {
    const link = shortLinkView(row, platform.settings.publicUrl);
    const { clicks, outcomes } = await shortLinkStats(site, link, { from: period.range.from, to: period.range.to }, now);
    const active = clicks.human + clicks.qr + clicks.bot + clicks.preview + outcomes.sessions > 0;
    if (!link.active && !active) continue;
    rows.push({
      slug: link.slug,
      shortUrl: link.shortUrl,
      destination: link.url,
      campaign: link.utm.campaign,
      clicks: clicks.human,
      qrClicks: clicks.qr,
      botClicks: clicks.bot,
      sessions: outcomes.sessions,
      leads: outcomes.leads,
      conversions: outcomes.conversions,
      revenue: outcomes.revenue,
    });
  }
  rows.sort((a, b) => b.clicks - a.clicks || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
  return rowsInMemory(rows);
};
