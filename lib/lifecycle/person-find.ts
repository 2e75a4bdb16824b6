import { ApiError, invalid } from "../errors.ts";
import { uuidBytes } from "../ids.ts";
import { allOp, getOp, type Program } from "../db/statements.ts";
import { identityLinks } from "../people/identity.ts";

/**
 * Who a person is in a site's store (docs/data-lifecycle.md "A person"): starting from one
 * visitor id, user id or e-mail, every visitor id linked to it by identify() user ids — the one
 * rule the profile uses too (lib/people/identity.ts) — and the leads those visitors left. An
 * e-mail selector also takes the leads carrying that address (the operator asked for it), but a
 * lead's e-mail never links one visitor to another. Written as a program of reads, so an
 * erasure runs it inside its own transaction and an export outside any.
 */

export const PERSON_SELECTORS = ["visitor", "email", "userId"] as const;
export type PersonSelectorKind = (typeof PERSON_SELECTORS)[number];
export interface PersonSelector {
  by: PersonSelectorKind;
  value: string;
  /** Where the value came from (a CLI flag, a route parameter), for the not-found details. */
  path: string;
}

export interface Person {
  siteId: string;
  /** The site's `strings` id in the analytics rows; -1 when the site has none yet. */
  siteRef: number;
  /** visitor_rows.seq → the visitor UUID's hex (32 lower-case digits). */
  visitors: Map<number, string>;
  /** identify() user ids: `strings` id → the id as sent. */
  users: Map<number, string>;
  /**
   * The e-mail the operator asked for (an e-mail selector), lower-cased; null otherwise. The only
   * typed value that finds rows: leads and spins carrying it.
   */
  email: string | null;
  /** Lower-cased e-mails of the person's leads (and the one asked for), as the export lists them; they link nobody. */
  emails: string[];
  leadIds: string[];
  sessions: number[];
}

/** A person linked to more visitor ids than this is refused: a shared device or a test e-mail, not one person. */
export const MAX_LINKED_VISITORS = 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The selector's value checked: a UUID, an e-mail-looking text, a user id of at most 256 characters. */
export function checkSelector(selector: PersonSelector): PersonSelector {
  const value = selector.value.trim();
  if (value === "") throw invalid(selector.path, "is required");
  if (selector.by === "visitor" && !UUID.test(value)) throw invalid(selector.path, "must be a visitor id (a UUID)");
  if (selector.by === "email" && (value.length > 320 || !/^[^@\s]+@[^@\s]+$/.test(value))) throw invalid(selector.path, "must be an e-mail address");
  if (selector.by === "userId" && value.length > 256) throw invalid(selector.path, "must be at most 256 characters");
  return { ...selector, value };
}

const list = (values: Iterable<unknown>) => JSON.stringify([...values]);
const rowsOf = <T>(result: unknown) => result as T[];

export function* findPerson(siteId: string, selector: PersonSelector): Program<Person> {
  const site = (yield getOp("SELECT id FROM strings WHERE value = ?", siteId)) as { id: number } | undefined;
  const siteRef = site?.id ?? -1;
  // The starting visitors and user ids: the visitor asked for, the user id asked for, or the
  // visitors who left a lead with the e-mail asked for (the operator named that address).
  const start = { visitors: [] as number[], users: [] as number[] };
  const email = selector.by === "email" ? selector.value.toLowerCase() : null;
  if (selector.by === "visitor") {
    const row = (yield getOp("SELECT seq FROM visitor_rows WHERE site = ? AND uid = ?", siteRef, uuidBytes(selector.value))) as { seq: number } | undefined;
    if (row) start.visitors.push(row.seq);
  } else if (selector.by === "userId") {
    const row = (yield getOp("SELECT id FROM strings WHERE value = ?", selector.value)) as { id: number } | undefined;
    if (row) start.users.push(row.id);
  } else {
    const rows = rowsOf<{ visitor: number }>(yield allOp("SELECT DISTINCT visitor FROM leads WHERE site_id = ? AND lower(email) = ? AND visitor IS NOT NULL", siteId, email));
    start.visitors.push(...rows.map((r) => r.visitor));
  }
  // From there only identify() links (lib/people/identity.ts): a lead's e-mail never reaches another visitor.
  const links = yield* identityLinks(siteRef, start, MAX_LINKED_VISITORS);
  if (links.beyondLimit) {
    throw invalid(selector.path, `links more than ${MAX_LINKED_VISITORS} visitor ids (a shared device or e-mail): start from one visitor id instead`);
  }
  const { visitors, users } = links;

  const leadIds = rowsOf<{ id: string }>(
    yield allOp(
      "SELECT id FROM leads WHERE site_id = ? AND (visitor IN (SELECT value FROM json_each(?)) OR lower(email) = ?) ORDER BY created_at, id",
      siteId, list(visitors), email,
    ),
  ).map((r) => r.id);
  if (visitors.size === 0 && leadIds.length === 0) {
    throw new ApiError("NOT_FOUND", "Person not found", [{ path: selector.path, message: "no visitor or lead of this site matches it" }]);
  }
  const uids = rowsOf<{ seq: number; uid: string }>(yield allOp("SELECT seq, lower(hex(uid)) AS uid FROM visitor_rows WHERE seq IN (SELECT value FROM json_each(?)) ORDER BY seq", list(visitors)));
  const userTexts = rowsOf<{ id: number; value: string }>(yield allOp("SELECT id, value FROM strings WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id", list(users)));
  // session_rows has no index on the visitor: one pass over the site's sessions.
  const sessions = rowsOf<{ seq: number }>(yield allOp("SELECT seq FROM session_rows WHERE site = ? AND visitor IN (SELECT value FROM json_each(?)) ORDER BY seq", siteRef, list(visitors))).map((r) => r.seq);
  const emails = rowsOf<{ email: string }>(
    yield allOp("SELECT DISTINCT lower(email) AS email FROM leads WHERE id IN (SELECT value FROM json_each(?)) AND email IS NOT NULL", list(leadIds)),
  ).map((r) => r.email);
  return {
    siteId,
    siteRef,
    visitors: new Map(uids.map((r) => [r.seq, r.uid])),
    users: new Map(userTexts.map((r) => [r.id, r.value])),
    email,
    emails: [...new Set([...emails, ...(email === null ? [] : [email])])].sort(),
    leadIds,
    sessions,
  };
}
