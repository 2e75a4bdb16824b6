import { ApiError, invalid } from "../errors.ts";
import { uuidBytes } from "../ids.ts";
import { allOp, getOp, type Program } from "../db/statements.ts";

/**
 * Who a person is in a site's store (docs/data-lifecycle.md "A person"): starting from one
 * visitor id, e-mail or user id, every visitor id linked to it by the profile's rules
 * (lib/people/profile.ts) — a shared identify() user id, or a lead's e-mail — followed until
 * nothing new turns up, and the person's leads (by visitor or by e-mail). Written as a program
 * of reads, so an erasure runs it inside its own transaction and an export outside any.
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
  /** Lower-cased e-mails of the person's leads (and the one searched for). */
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
  const visitors = new Set<number>();
  const users = new Set<number>();
  const emails = new Set<string>();
  let newVisitors: number[] = [];
  let newUsers: number[] = [];
  let newEmails: string[] = [];
  if (selector.by === "visitor") {
    const row = (yield getOp("SELECT seq FROM visitor_rows WHERE site = ? AND uid = ?", siteRef, uuidBytes(selector.value))) as { seq: number } | undefined;
    if (row) newVisitors = [row.seq];
  } else if (selector.by === "userId") {
    const row = (yield getOp("SELECT id FROM strings WHERE value = ?", selector.value)) as { id: number } | undefined;
    if (row) newUsers = [row.id];
  } else newEmails = [selector.value.toLowerCase()];

  while (newVisitors.length + newUsers.length + newEmails.length > 0) {
    for (const v of newVisitors) visitors.add(v);
    for (const u of newUsers) users.add(u);
    for (const e of newEmails) emails.add(e);
    if (visitors.size > MAX_LINKED_VISITORS) {
      throw invalid(selector.path, `links more than ${MAX_LINKED_VISITORS} visitor ids (a shared device or e-mail): start from one visitor id instead`);
    }
    const found = { visitors: new Set<number>(), users: new Set<number>(), emails: new Set<string>() };
    if (newUsers.length > 0) {
      const rows = rowsOf<{ visitor: number }>(yield allOp("SELECT visitor FROM identity_rows WHERE site = ? AND user IN (SELECT value FROM json_each(?))", siteRef, list(newUsers)));
      for (const r of rows) found.visitors.add(r.visitor);
    }
    if (newEmails.length > 0) {
      const rows = rowsOf<{ visitor: number }>(
        yield allOp("SELECT DISTINCT visitor FROM leads WHERE site_id = ? AND lower(email) IN (SELECT value FROM json_each(?)) AND visitor IS NOT NULL", siteId, list(newEmails)),
      );
      for (const r of rows) found.visitors.add(r.visitor);
    }
    if (newVisitors.length > 0) {
      const linked = rowsOf<{ user: number }>(
        yield allOp(
          `SELECT user FROM identity_rows WHERE site = ? AND visitor IN (SELECT value FROM json_each(?))
           UNION SELECT user FROM visitor_rows WHERE seq IN (SELECT value FROM json_each(?)) AND user IS NOT NULL`,
          siteRef, list(newVisitors), list(newVisitors),
        ),
      );
      for (const r of linked) found.users.add(r.user);
      const mails = rowsOf<{ email: string }>(
        yield allOp("SELECT DISTINCT lower(email) AS email FROM leads WHERE site_id = ? AND visitor IN (SELECT value FROM json_each(?)) AND email IS NOT NULL", siteId, list(newVisitors)),
      );
      for (const r of mails) found.emails.add(r.email);
    }
    newVisitors = [...found.visitors].filter((v) => !visitors.has(v));
    newUsers = [...found.users].filter((u) => !users.has(u));
    newEmails = [...found.emails].filter((e) => !emails.has(e));
  }

  const leadIds = rowsOf<{ id: string }>(
    yield allOp(
      "SELECT id FROM leads WHERE site_id = ? AND (visitor IN (SELECT value FROM json_each(?)) OR lower(email) IN (SELECT value FROM json_each(?))) ORDER BY created_at, id",
      siteId, list(visitors), list(emails),
    ),
  ).map((r) => r.id);
  if (visitors.size === 0 && leadIds.length === 0) {
    throw new ApiError("NOT_FOUND", "Person not found", [{ path: selector.path, message: "no visitor or lead of this site matches it" }]);
  }
  const uids = rowsOf<{ seq: number; uid: string }>(yield allOp("SELECT seq, lower(hex(uid)) AS uid FROM visitor_rows WHERE seq IN (SELECT value FROM json_each(?)) ORDER BY seq", list(visitors)));
  const userTexts = rowsOf<{ id: number; value: string }>(yield allOp("SELECT id, value FROM strings WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id", list(users)));
  // session_rows has no index on the visitor: one pass over the site's sessions.
  const sessions = rowsOf<{ seq: number }>(yield allOp("SELECT seq FROM session_rows WHERE site = ? AND visitor IN (SELECT value FROM json_each(?)) ORDER BY seq", siteRef, list(visitors))).map((r) => r.seq);
  return {
    siteId,
    siteRef,
    visitors: new Map(uids.map((r) => [r.seq, r.uid])),
    users: new Map(userTexts.map((r) => [r.id, r.value])),
    emails: [...emails].sort(),
    leadIds,
    sessions,
  };
}
