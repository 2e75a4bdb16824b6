import { and, count, desc, eq, gte, lt, or, sql, type SQL } from "drizzle-orm";
import { leads } from "../db/tenant-schema.ts";
import type { TenantStore } from "../db/tenants.ts";
import { invalid } from "../errors.ts";
import { resolveRange, type DateRange } from "../date-range.ts";
import { pageWindow } from "../paging.ts";
import { contactFor } from "../privacy/mask.ts";
import { LEAD_SOURCES, type LeadSource } from "../leads/lead.ts";
import { PAGE_SIZE, type LeadItem, type LeadList, type LeadListQuery } from "./models.ts";
import { canExportPersonalData, checkPersonalDataExport, type ExportCaller } from "../privacy/personal-data-export.ts";
import { recordAudit, type Actor } from "../audit.ts";
import { csvStream } from "../csv.ts";
import { visitorIdRange } from "./visitors.ts";

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

/** What may ask for leads: an API key (keyId set) or a dashboard session (lib/auth/context.ts). */
export interface LeadsCaller extends ExportCaller {
  userId: string;
}

/** The filters of the lead list, without and with the source (the per-source counts ignore it). */
function leadFilters(site: { id: string; timezone: string }, query: LeadListQuery, pii: boolean, now: number): { range: DateRange; common: SQL[]; all: SQL[] } {
  if (query.source !== undefined && !(LEAD_SOURCES as readonly string[]).includes(query.source)) throw invalid("source", `must be one of ${LEAD_SOURCES.join(", ")}`);
  const range = resolveRange(query, site.timezone, now);
  const common: SQL[] = [eq(leads.siteId, site.id), gte(leads.createdAt, range.start), lt(leads.createdAt, range.end)];
  if (query.campaign !== undefined) common.push(eq(leads.campaign, query.campaign));
  if (query.q !== undefined) common.push(leadsMatching(site.id, query.q, pii));
  return { range, common, all: query.source !== undefined ? [...common, eq(leads.source, query.source)] : common };
}

/**
 * `q`: leads whose visitor's id starts with it, or — for a caller who may read contact details —
 * whose name, e-mail, phone or company contains it. Without `analytics.pii.read` a masked list
 * must not confirm that a given e-mail exists (docs/data-lifecycle.md).
 */
function leadsMatching(siteId: string, q: string, pii: boolean): SQL {
  const needle = q.trim().toLowerCase();
  const range = visitorIdRange(needle);
  const byVisitor = range
    ? sql`${leads.visitor} IN (SELECT seq FROM visitor_rows WHERE site = (SELECT id FROM strings WHERE value = ${siteId}) AND uid BETWEEN ${range[0]} AND ${range[1]})`
    : sql`0`;
  if (!pii || needle === "") return byVisitor;
  const contains = [leads.name, leads.email, leads.phone, leads.company].map((column) => sql`instr(lower(${column}), ${needle}) > 0`);
  return or(byVisitor, ...contains)!;
}

/** `GET …/leads` (spec 2.11, 4.10): leads created in the range, newest first, filtered and paged. */
export async function leadsList(site: { id: string; timezone: string; store: TenantStore }, query: LeadListQuery, caller: LeadsCaller, pii: boolean, now: number): Promise<LeadList> {
  const store = site.store;
  if ((query.format ?? "json") !== "json") throw invalid("format", "must be json here (csv is answered as a file by exportLeads)");
  const { common, all } = leadFilters(site, query, pii, now);
  const { page, offset } = pageWindow(query.page, PAGE_SIZE);
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
    canExport: canExportPersonalData(caller),
  };
}

/** The columns of the CSV export: every field of a lead list item, in its order. */
export const LEAD_CSV_COLUMNS = ["id", "createdAt", "source", "sourceName", "name", "email", "phone", "company", "message", "path", "country", "channel", "campaign", "sourceMedium"] as const satisfies readonly (keyof LeadItem)[];

/**
 * Spec 4.10's `format=csv`, a file of personal data (lib/privacy/personal-data-export.ts: an API
 * key → 403 FORBIDDEN; a session needs a step-up). The answer is every lead of the filtered list (no paging), masked as
 * the JSON list is, and the export is audited as `report.exported`.
 */
export async function exportLeads(
  site: { id: string; timezone: string; store: TenantStore },
  query: LeadListQuery,
  caller: LeadsCaller & { actor: Actor; ip: string | null },
  pii: boolean,
  now: number,
): Promise<{ filename: string; body: ReadableStream<Uint8Array>; rows: number }> {
  checkPersonalDataExport(caller, "csv", now);
  const { range, all } = leadFilters(site, query, pii, now);
  const rows = await site.store.db.select().from(leads).where(and(...all)).orderBy(desc(leads.createdAt), desc(leads.id));
  const items = rows.map((row) => leadItem(row, pii));
  const body = csvStream(LEAD_CSV_COLUMNS, items.map((item) => LEAD_CSV_COLUMNS.map((column) => item[column])));
  await recordAudit(site.store.db, {
    actor: caller.actor,
    action: "report.exported",
    label: `Leads exported to CSV (${items.length} rows${pii ? "" : ", masked"})`,
    target: { type: "site", id: site.id },
    meta: { report: "leads", format: "csv", rows: items.length, pii, from: range.from, to: range.to, ...(query.source ? { source: query.source } : {}), ...(query.campaign ? { campaign: query.campaign } : {}) },
    ip: caller.ip,
    at: now,
  });
  return { filename: `leads-${site.id}-${range.from}-${range.to}.csv`, body, rows: items.length };
}
