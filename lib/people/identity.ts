import { allOp, type Program } from "../db/statements.ts";

/**
 * What makes several visitor ids one person (docs/data-lifecycle.md "Who the person is"; the one
 * rule for the profile, the people export and the erasure): the identify() user ids the site
 * itself sent — visitors identified with the same user id are one person, followed until nothing
 * new turns up. Nothing a visitor typed links them to anyone: a lead's e-mail, name or phone
 * belongs to the visitor who left the lead and to no other visitor, since anybody can type
 * anybody's address into a form (an access or erasure request for one visitor must never reach
 * another's data).
 */
export interface IdentityLinks {
  /** visitor_rows.seq of every linked visitor, the starting ones first. */
  visitors: Set<number>;
  /** `strings` ids of their identify() user ids. */
  users: Set<number>;
  /** true when more than `limit` visitors were linked (the walk stopped there). */
  beyondLimit: boolean;
}

const list = (values: Iterable<unknown>) => JSON.stringify([...values]);

/** The visitors and user ids linked to the starting ones by identify(), at most `limit` visitors (a program of reads). */
export function* identityLinks(siteRef: number, start: { visitors: number[]; users: number[] }, limit: number): Program<IdentityLinks> {
  const visitors = new Set<number>();
  const users = new Set<number>();
  let newVisitors = start.visitors;
  let newUsers = start.users;
  while (newVisitors.length + newUsers.length > 0) {
    for (const v of newVisitors) visitors.add(v);
    for (const u of newUsers) users.add(u);
    if (visitors.size > limit) return { visitors, users, beyondLimit: true };
    const found = { visitors: new Set<number>(), users: new Set<number>() };
    if (newUsers.length > 0) {
      const rows = (yield allOp("SELECT visitor FROM identity_rows WHERE site = ? AND user IN (SELECT value FROM json_each(?))", siteRef, list(newUsers))) as { visitor: number }[];
      for (const r of rows) found.visitors.add(r.visitor);
    }
    if (newVisitors.length > 0) {
      const rows = (yield allOp(
        `SELECT user FROM identity_rows WHERE site = ? AND visitor IN (SELECT value FROM json_each(?))
         UNION SELECT user FROM visitor_rows WHERE seq IN (SELECT value FROM json_each(?)) AND user IS NOT NULL`,
        siteRef, list(newVisitors), list(newVisitors),
      )) as { user: number }[];
      for (const r of rows) found.users.add(r.user);
    }
    newVisitors = [...found.visitors].filter((v) => !visitors.has(v));
    newUsers = [...found.users].filter((u) => !users.has(u));
  }
  return { visitors, users, beyondLimit: false };
}
