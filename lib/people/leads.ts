import { and, count, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import { leads } from "../db/tenant-schema.ts";
import type { TenantStore } from "../db/tenants.ts";
import { ApiError, invalid } from "../errors.ts";
import { resolveRange } from "../date-range.ts";
import { pageWindow } from "../paging.ts";
import { contactFor } from "../privacy/mask.ts";
import { LEAD_SOURCES, type LeadSource } from "../leads/lead.ts";
import { PAGE_SIZE, type LeadItem, type LeadList, type LeadListQuery } from "./models.ts";

/** A lead row as the API shows it, masked unless the caller may read contact details. */
export function leadItem(row: typeof leads.$inferSelect, pii: boolean): LeadItem {
  const { name, email, phone, company, message } = contactFor(row, pii);
  return {
    id: row.id,
    createdAt: new Date(row.createdAt).toISOString(),
    source: row.source as LeadSource,
    sourceName: row.sourceName,
    name,
    email,
    phone,
    company,
    message,
    path: row.path,
    country: row.country,
    channel: row.channel,
    campaign: row.campaign,
    sourceMedium: row.sourceMedium,
  };
}

/** `GET …/leads` (spec 2.11, 4.10): leads created in the range, newest first, filtered and paged. */
export async function leadsList(site: { id: string; timezone: string; store: TenantStore }, query: LeadListQuery, pii: boolean, now: number): Promise<LeadList> {
  const store = site.store;
  const format = query.format ?? "json";
  if (format === "csv") {
    throw new ApiError("FORBIDDEN", "Exporting leads to a file needs an interactive session with two-factor authentication; API keys cannot export personal data", [
      { path: "format", message: "csv export needs an interactive two-factor session" },
    ]);
  }
  if (format !== "json") throw invalid("format", "must be json (csv needs an interactive two-factor session)");
  if (query.source !== undefined && !(LEAD_SOURCES as readonly string[]).includes(query.source)) throw invalid("source", `must be one of ${LEAD_SOURCES.join(", ")}`);
  const range = resolveRange(query, site.timezone, now);
  const { page, offset } = pageWindow(query.page, PAGE_SIZE);

  const common: SQL[] = [eq(leads.siteId, site.id), gte(leads.createdAt, range.start), lt(leads.createdAt, range.end)];
  if (query.campaign !== undefined) common.push(eq(leads.campaign, query.campaign));
  const all = query.source !== undefined ? [...common, eq(leads.source, query.source)] : common;
  const [rows, totals, sources] = await Promise.all([
    store.db.select().from(leads).where(and(...all)).orderBy(desc(leads.createdAt), desc(leads.id)).limit(PAGE_SIZE).offset(offset),
    store.db.select({ n: count() }).from(leads).where(and(...all)),
    // Per source, over the list filtered by everything but source.
    store.db.select({ source: leads.source, n: count() }).from(leads).where(and(...common)).groupBy(leads.source),
  ]);
  const total = totals[0]?.n ?? 0;
  const items = rows.map((row) => leadItem(row, pii));
  return {
    items,
    total,
    page,
    pages: Math.ceil(total / PAGE_SIZE),
    bySource: Object.fromEntries(sources.map((s) => [s.source, s.n])),
    pii: pii && items.length > 0,
    canExport: false,
  };
}
