import { eq } from "drizzle-orm";
import type { Platform } from "../platform.ts";
import { memberships, orgs, users } from "../db/control-schema.ts";
import type { ControlReader } from "../db/control.ts";
import { auditInOrg, type Actor, type AuditEntry } from "../audit.ts";

export interface UserRef {
  id: string;
  name: string;
  email: string;
}

export const userActor = (user: UserRef): Actor => ({ type: "user", id: user.id, name: user.name, email: user.email });

/** The audit actor of a signed-in user known by id (a session's call forwarded by the router). */
export function userActorById(db: ControlReader, userId: string): Actor {
  const user = db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, userId)).get();
  return user ? userActor(user) : { type: "user", id: userId, name: userId };
}

/**
 * An identity event (sign-in, lock, 2FA, password) goes to the audit log of every org the user
 * belongs to: each org's admins see what happened to their member's account.
 */
export async function auditUser(platform: Platform, user: UserRef, entry: Omit<AuditEntry, "target" | "actor"> & { actor?: Actor }): Promise<void> {
  const rows = platform.control.db
    .select({ id: orgs.id, dbUrl: orgs.dbUrl })
    .from(memberships)
    .innerJoin(orgs, eq(orgs.id, memberships.orgId))
    .where(eq(memberships.userId, user.id))
    .all();
  const { actor, ...rest } = entry;
  for (const org of rows) await auditInOrg(platform, org, { ...rest, actor: actor ?? userActor(user), target: { type: "user", id: user.id } });
}
