import { readRows } from "../../db/statements.ts";
import { contactFor } from "../../privacy/mask.ts";
import type { ReportRun } from "../report.ts";
import { isoAt } from "../../time.ts";
import { keysetRows, visitorIdOf } from "./keyset.ts";

/**
 * `leads`: every lead captured in the range ([from 00:00, to + 1 00:00) in the site's timezone,
 * as the leads list reads it), newest first — by (created_at, id) descending, the list's order —
 * with contact details masked without PII access. The count and the highest rowid are read
 * together, and the rows are kept to that rowid, so the file has exactly `total` rows even as
 * leads keep coming in.
 */

type Raw = [createdAt: number, id: string, name: string | null, email: string | null, phone: string | null, company: string | null, source: string, sourceName: string, path: string | null, country: string | null, channel: string | null, campaign: string | null, sourceMedium: string | null, visitorHex: string | null];

const SELECT = `SELECT l.created_at, l.id, l.name, l.email, l.phone, l.company, l.source, l.source_name, l.path, l.country, l.channel, l.campaign, l.source_medium, nullif(lower(hex(v.uid)), '')
  FROM leads l LEFT JOIN visitor_rows v ON v.seq = l.visitor
  WHERE l.site_id = ? AND l.created_at >= ? AND l.rowid <= ?`;
const ORDER = "ORDER BY l.created_at DESC, l.id DESC LIMIT ?";

export const leadsReport: ReportRun = async ({ site, period, piiAccess }) => {
  const { start, end } = period.range;
  const [[total, upTo]] = (await readRows(site.store, "SELECT count(*), coalesce(max(rowid), 0) FROM leads WHERE site_id = ? AND created_at >= ? AND created_at < ?", [site.id, start, end])) as [number, number][];
  const rows = await keysetRows<Raw>(site.store, {
    first: `${SELECT} AND l.created_at < ? ${ORDER}`,
    firstArgs: [site.id, start, upTo, end],
    // The last row's time is the index range's upper bound; its id steps past the rows of that time already read.
    next: `${SELECT} AND l.created_at <= ? AND (l.created_at < ? OR l.id < ?) ${ORDER}`,
    nextArgs: [site.id, start, upTo],
    keyOf: (raw) => [raw[0], raw[0], raw[1]],
    toRow: ([createdAt, , name, email, phone, company, source, sourceName, path, country, channel, campaign, sourceMedium, visitorHex]) => ({
      createdAt: isoAt(createdAt),
      ...contactFor({ name, email, phone, company }, piiAccess),
      source,
      sourceName,
      path,
      country,
      channel,
      campaign,
      sourceMedium,
      visitorId: visitorIdOf(visitorHex),
    }),
  });
  return { total, rows };
};
