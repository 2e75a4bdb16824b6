import { allOp, getOp, readRows, runOp, runProgram, type Program, type StoreHandles } from "../db/statements.ts";
import { newId } from "../ids.ts";
import { uuidBytes } from "../ids.ts";
import { leadCreatedEvent, LEAD_CREATED, type Attribution } from "../webhooks/lead-created.ts";
import type { LeadInput } from "./lead.ts";

/**
 * Creating a lead, whatever brought it in (inbound webhook, popups, forms…): deduplicated by
 * the sender's id, merged into a known visitor, and written in one transaction together with
 * one outbound webhook delivery per active endpoint of the site — so a lead never exists
 * without its deliveries (the outbox), on bun:sqlite and libSQL stores alike.
 */

export interface LeadSite {
  id: string;
  name: string;
  domain: string;
}

export interface CreatedLead {
  id: string;
  /** The sender's id was seen before: `id` is the first lead's, and nothing was written. */
  duplicate: boolean;
  /** Outbound deliveries queued for it. */
  deliveries: number;
}

export interface CreateLeadOptions {
  /** When the lead arrived (ms). */
  at: number;
  /** The inbound integration it came through: its lastReceivedAt is set, repeats included. */
  receivedVia?: string;
}

/** What the visitor's latest session says about where the lead came from. */
interface Touch extends Attribution {
  path: string | null;
  country: string | null;
}

/**
 * How far back (in sessions, newest first) a visitor's latest session is looked for: session
 * rows have no index by visitor, and this bounds the scan. A form is filled in during or soon
 * after a visit, so the session is nearly always among the newest.
 */
const TOUCH_WINDOW_SESSIONS = 250_000;


const BY_EXTERNAL_ID = "SELECT id FROM leads WHERE site_id = ? AND external_id = ?";

/** The lead of the site with this sender id, if there is one (one indexed read, outside any write lock). */
export async function knownLead(store: StoreHandles, siteId: string, externalId: string): Promise<string | null> {
  const rows = await readRows(store, BY_EXTERNAL_ID, [siteId, externalId], "objects");
  return (rows[0]?.id as string | undefined) ?? null;
}

/** The inbound integration a lead (or a repeat) came through was heard from. */
function* touchReceived(integrationId: string, at: number): Program<void> {
  yield runOp("UPDATE integrations SET last_received_at = ? WHERE id = ?", at, integrationId);
}

/** A consenting visitor of the site by its UUID (an unknown or non-consenting one is not merged into). */
async function visitorById(store: StoreHandles, siteId: string, visitorId: string): Promise<number | null> {
  const rows = await readRows(
    store,
    "SELECT v.seq AS seq FROM strings s JOIN visitor_rows v ON v.site = s.id AND v.uid = ? WHERE s.value = ? AND v.consented = 1",
    [uuidBytes(visitorId), siteId],
    "objects",
  );
  return (rows[0]?.seq as number | undefined) ?? null;
}

async function latestTouch(store: StoreHandles, visitor: number): Promise<Touch | null> {
  const rows = await readRows(
    store,
    `SELECT p.value AS path, co.value AS country, ch.value AS channel, so.value AS source, me.value AS medium, ca.value AS campaign
     FROM session_rows s
     LEFT JOIN strings p ON p.id = coalesce(s.exit, s.landing)
     LEFT JOIN strings co ON co.id = s.country
     LEFT JOIN strings ch ON ch.id = s.channel
     LEFT JOIN strings so ON so.id = s.source
     LEFT JOIN strings me ON me.id = s.medium
     LEFT JOIN strings ca ON ca.id = s.campaign
     WHERE s.seq > (SELECT coalesce(max(seq), 0) FROM session_rows) - ? AND s.visitor = ?
     ORDER BY s.seq DESC LIMIT 1`,
    [TOUCH_WINDOW_SESSIONS, visitor],
    "objects",
  );
  return (rows[0] as unknown as Touch | undefined) ?? null;
}

/** A lead ready to be written: its id, and what its visitor's latest session says (read before the write). */
export interface LeadRow {
  id: string;
  siteId: string;
  createdAt: number;
  input: LeadInput;
  visitor: number | null;
  path: string | null;
  country: string | null;
  attribution: Attribution;
}

/**
 * The write: the lead (unless its sender id is taken by now), its deliveries, the integration's
 * stamp. Exported so a capture channel can write its own rows in the same transaction (a spin
 * and its lead, a popup lead and its exposure).
 */
export function* insertLead(row: LeadRow, site: LeadSite, receivedVia?: string): Program<CreatedLead> {
  const { input, attribution } = row;
  if (receivedVia) yield* touchReceived(receivedVia, row.createdAt);
  if (input.externalId !== null) {
    const known = (yield getOp(BY_EXTERNAL_ID, row.siteId, input.externalId)) as { id: string } | undefined;
    if (known) return { id: known.id, duplicate: true, deliveries: 0 };
  }
  const { name, email, phone, company, message } = input.contact;
  const sourceMedium = attribution.source !== null && attribution.medium !== null ? `${attribution.source} / ${attribution.medium}` : null;
  yield runOp(
    `INSERT INTO leads (id, site_id, created_at, source, source_name, external_id, name, email, phone, company, message, extra, visitor, path, country, channel, campaign, source_medium)
     VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
    row.id, row.siteId, row.createdAt, input.source, input.sourceName, input.externalId, name, email, phone, company, message, JSON.stringify(input.extra),
    row.visitor, row.path, row.country, attribution.channel, attribution.campaign, sourceMedium,
  );
  const endpoints = (yield allOp("SELECT id FROM integrations WHERE site_id = ? AND kind = 'webhook_out' AND status = 'active' ORDER BY created_at, id", row.siteId)) as { id: string }[];
  if (endpoints.length > 0) {
    const lead = { ...input, id: row.id, createdAt: row.createdAt, path: row.path };
    const body = JSON.stringify(leadCreatedEvent(lead, site, attribution));
    for (const endpoint of endpoints) {
      yield runOp(
        "INSERT INTO deliveries (id, integration_id, lead_id, event, body, status, attempts, next_attempt_at, created_at) VALUES (?,?,?,?,?,'pending',0,?,?)",
        newId(), endpoint.id, row.id, LEAD_CREATED, body, row.createdAt, row.createdAt,
      );
    }
  }
  return { id: row.id, duplicate: false, deliveries: endpoints.length };
}

/** The unique index on (site, external id) caught a lead created between our look and our write. */
const isExternalIdClash = (error: unknown) => /UNIQUE constraint failed: leads\.site_id, leads\.external_id/.test(String((error as Error)?.message ?? error));

/**
 * The lead's row before it is written: a new id, the visitor (the consenting visitor named by
 * `visitorId`; never one found by the lead's e-mail, which whoever filled the form typed:
 * lib/people/identity.ts), and path, country and attribution not sent taken from that visitor's
 * latest session.
 */
export async function prepareLead(store: StoreHandles, site: LeadSite, input: LeadInput, at: number): Promise<LeadRow> {
  const visitor = input.visitorId !== null ? await visitorById(store, site.id, input.visitorId) : null;
  const touch = visitor !== null ? await latestTouch(store, visitor) : null;
  return {
    id: newId(),
    siteId: site.id,
    createdAt: at,
    input,
    visitor,
    path: input.path ?? touch?.path ?? null,
    country: touch?.country ?? null,
    attribution: { channel: touch?.channel ?? null, source: touch?.source ?? null, medium: touch?.medium ?? null, campaign: input.campaign ?? touch?.campaign ?? null },
  };
}

/**
 * Creates a lead with its outbound deliveries. A repeat of a sender id answers the first
 * lead's id with `duplicate: true` and changes nothing. The visitor is the one named by
 * `visitorId` (a consenting visitor of this site), else none; path, country and attribution not
 * sent are taken from that visitor's latest session (a campaign sent wins).
 */
export async function createLead(store: StoreHandles, site: LeadSite, input: LeadInput, options: CreateLeadOptions): Promise<CreatedLead> {
  if (input.externalId !== null) {
    // The common repeat costs one indexed read, outside any write lock.
    const known = await knownLead(store, site.id, input.externalId);
    if (known !== null) {
      if (options.receivedVia) await runProgram(store, touchReceived(options.receivedVia, options.at));
      return { id: known, duplicate: true, deliveries: 0 };
    }
  }
  const row = await prepareLead(store, site, input, options.at);
  try {
    return await runProgram(store, insertLead(row, site, options.receivedVia));
  } catch (error) {
    if (!isExternalIdClash(error)) throw error;
    return runProgram(store, insertLead(row, site, options.receivedVia));
  }
}
