import { getOp, runOp, runProgram, type Program, type RunResult } from "../db/statements.ts";
import type { TenantStore } from "../db/tenants.ts";
import { bumpDataGenerationOp } from "./generation.ts";
import { findPerson, type PersonSelector } from "./person-find.ts";
import { HOLDINGS, type HoldingKey } from "./person-holdings.ts";
import type { PersonErasure } from "./person-models.ts";

/**
 * `person erase` (GDPR Article 17, docs/data-lifecycle.md): the person is found and every row
 * held about them deleted in one transaction of the store, which also bumps the site's data
 * generation so every process's analytics engine rebuilds the site without them.
 */
/**
 * A user id's `strings` row is shared vocabulary: ingest's writer and the loaded analytics
 * columns hold its id, so it is not deleted (a dangling id would break them) but its text is
 * overwritten with a placeholder unique to the row, once no identity link or visitor uses it.
 */
export const ERASED_TEXT = (id: number) => `(erased)#${id}`;

export function* erasePersonProgram(siteId: string, selector: PersonSelector, at: number): Program<PersonErasure> {
  const person = yield* findPerson(siteId, selector);
  const counts = {} as Record<HoldingKey, number>;
  for (const h of HOLDINGS) {
    const where = h.where(person);
    counts[h.key] = ((yield runOp(`DELETE FROM ${h.table} AS t WHERE ${where.sql}`, ...where.args)) as RunResult).changes;
  }
  let userIdsErased = 0;
  for (const id of person.users.keys()) {
    const used = yield getOp("SELECT 1 AS used FROM identity_rows WHERE user = ? UNION ALL SELECT 1 FROM visitor_rows WHERE user = ? LIMIT 1", id, id);
    if (used) continue;
    userIdsErased += ((yield runOp("UPDATE strings SET value = ? WHERE id = ?", ERASED_TEXT(id), id)) as RunResult).changes;
  }
  // Leads are read by the people index as they are appended, like events: a deletion of any of them needs the rebuild too.
  yield bumpDataGenerationOp(siteId, at);
  return { visitors: person.visitors.size, counts, userIdsErased };
}

export const erasePerson = (store: TenantStore, siteId: string, selector: PersonSelector, at: number) => runProgram(store, erasePersonProgram(siteId, selector, at));
