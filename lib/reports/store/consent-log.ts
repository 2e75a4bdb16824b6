import { readRows } from "../../db/statements.ts";
import type { ReportRun } from "../report.ts";
import { isoAt } from "../../time.ts";
import { keysetRows, visitorIdOf } from "./keyset.ts";

/**
 * `consent_log`: every consent choice reported in the range ([from 00:00, to + 1 00:00) in the
 * site's timezone), oldest first — by (at, seq), the order of the (site, at) index — denials as
 * well as grants: when, the visitor's pseudonymous UUID, the page and each category's answer.
 * Kept to the highest seq counted, so the file has exactly `total` rows while choices come in.
 */

type Raw = [at: number, seq: number, visitorHex: string | null, path: string | null, analytics: number, marketing: number];

const SELECT = `SELECT c.at, c.seq, nullif(lower(hex(v.uid)), ''), s.value, c.analytics, c.marketing
  FROM consent_rows c LEFT JOIN visitor_rows v ON v.seq = c.visitor LEFT JOIN strings s ON s.id = c.path
  WHERE c.site = ? AND c.at < ? AND c.seq <= ?`;
const ORDER = "ORDER BY c.at, c.seq LIMIT ?";

const answer = (granted: number) => (granted === 1 ? "granted" : "denied");

export const consentLogReport: ReportRun = async ({ site, period }) => {
  const { start, end } = period.range;
  // Consent rows name their site by its `strings` id (as every analytics row does).
  const siteRef = ((await readRows(site.store, "SELECT id FROM strings WHERE value = ?", [site.id]))[0]?.[0] as number | undefined) ?? -1;
  const [[total, upTo]] = (await readRows(site.store, "SELECT count(*), coalesce(max(seq), 0) FROM consent_rows WHERE site = ? AND at >= ? AND at < ?", [siteRef, start, end])) as [number, number][];
  const rows = await keysetRows<Raw>(site.store, {
    first: `${SELECT} AND c.at >= ? ${ORDER}`,
    firstArgs: [siteRef, end, upTo, start],
    // The last row's time is the index range's lower bound; its seq steps past the rows of that time already read.
    next: `${SELECT} AND c.at >= ? AND (c.at > ? OR c.seq > ?) ${ORDER}`,
    nextArgs: [siteRef, end, upTo],
    keyOf: (raw) => [raw[0], raw[0], raw[1]],
    toRow: ([at, , visitorHex, path, analytics, marketing]) => ({ at: isoAt(at), visitorId: visitorIdOf(visitorHex), path, analytics: answer(analytics), marketing: answer(marketing) }),
  });
  return { total, rows };
};
