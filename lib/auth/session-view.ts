import { eq } from "drizzle-orm";
import type { ControlReader } from "../db/control.ts";
import { memberships, orgs } from "../db/control-schema.ts";
import type { Session } from "../api/session-models.ts";
import { isRole, type Role } from "./permissions.ts";
import type { LiveSession } from "./sessions.ts";
import { secondFactorMissing, STEP_UP_WINDOW_MS, type SessionState } from "./session-rules.ts";

export interface UserOrg {
  id: string;
  name: string;
  role: Role;
  requireTwoFactor: boolean;
}

/** The orgs a user is a member of, with their role (memberships read live: a removal counts at once). */
export function userOrgs(db: ControlReader, userId: string): UserOrg[] {
  return db
    .select({ id: orgs.id, name: orgs.name, role: memberships.role, requireTwoFactor: orgs.requireTwoFactor })
    .from(memberships)
    .innerJoin(orgs, eq(orgs.id, memberships.orgId))
    .where(eq(memberships.userId, userId))
    .orderBy(orgs.name, orgs.id)
    .all()
    .flatMap((o) => (isRole(o.role) ? [{ ...o, role: o.role }] : []));
}

export function sessionState(live: LiveSession, memberOf: readonly UserOrg[]): SessionState {
  return {
    emailVerified: live.user.emailVerifiedAt !== null,
    twoFactorEnabled: live.user.twoFactorEnabledAt !== null,
    twoFactorRequiredByOrg: memberOf.some((o) => o.requireTwoFactor),
    // Enrolling proves only the device the session chose: it satisfies the sign-in's second
    // factor (the session could already do as much without it), never a step-up (stepUpUntil).
    secondFactorAt: live.session.secondFactorAt ?? live.session.enrolledAt,
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The `Session` the dashboard reads (GET /api/v1/session and every sign-in step). */
export function sessionView(live: LiveSession, memberOf: readonly UserOrg[]): Session {
  const state = sessionState(live, memberOf);
  const { user, session } = live;
  return {
    user: { id: user.id, name: user.name, email: user.email, emailVerified: state.emailVerified, twoFactorEnabled: state.twoFactorEnabled },
    orgs: memberOf.map((o) => ({ id: o.id, name: o.name, role: o.role, requireTwoFactor: o.requireTwoFactor })),
    twoFactorRequired: secondFactorMissing(state),
    stepUpUntil: session.secondFactorAt === null ? null : iso(session.secondFactorAt + STEP_UP_WINDOW_MS),
    idleExpiresAt: iso(live.idleExpiresAt),
    expiresAt: iso(live.expiresAt),
  };
}
