import { Elysia, t } from "elysia";
import { serviceBase } from "../../lib/http/service.ts";
import { ApiError } from "../../lib/errors.ts";
import { ErrorEnvelope } from "../../lib/api/models.ts";
import { admitSession, sessionCookie } from "../../lib/auth/session-resolve.ts";
import { checkOrigin, checkStepUp, type SessionCallKind } from "../../lib/auth/session-rules.ts";
import type { LiveSession } from "../../lib/auth/sessions.ts";
import { orgForManager, orgForPermission } from "../../lib/auth/org-manager.ts";
import type { Permission } from "../../lib/auth/permissions.ts";
import type { Feature } from "../../lib/plans.ts";
import { requireOrgFeatures } from "../../lib/leads/inbound.ts";
import { userActor } from "../../lib/auth/user-audit.ts";
import type { Platform } from "../../lib/platform.ts";

export const ERRORS = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 422: ErrorEnvelope, 423: ErrorEnvelope, 429: ErrorEnvelope };
/** `x-session-only`: the call depends on a signed-in browser's state (cookie, Origin), not on its inputs alone. */
export const doc = (summary: string, description: string) => ({ summary: `${summary} (session only)`, description, tags: ["Sessions (dashboard)"], "x-session-only": true });
export const NoContent = t.Void({ description: "No content" });
export const STEP_UP_NOTE =
  "Owners and admins only (others 403 FORBIDDEN; not a member → 404). A sensitive change: needs a second factor from the last 15 minutes (403 STEP_UP_REQUIRED; a user without two-factor gets the same code with details path `twoFactor`: enable it first).";

/** Who a route admitted, for its handler: the live session, and for an org's route the org, the caller's role and the actor audited. */
export interface OrgCaller {
  live: LiveSession;
  org: ReturnType<typeof orgForManager>["org"];
  role: ReturnType<typeof orgForManager>["role"];
  actor: ReturnType<typeof userActor>;
}

/** What a gate sees: the request as it came, before its path, query and body are checked. */
interface GateContext {
  request: Request;
  params: Record<string, string | undefined>;
  token: string | undefined;
}

/**
 * The dashboard's routes declare who may call them (`browser`, `signedIn`, `manages`,
 * `memberWith`), and the declaration runs before Elysia checks the path, query and body:
 * one order for every route (docs/decisions.md) — the session (401), the org's scope (404,
 * never revealing it), the role's permission and the step-up (403); then the path's ids
 * (malformed → 404, lib/http/errors.ts) and the input (422).
 */
function gate<Caller>(admit: (c: GateContext) => Caller, needs: "session" | "origin" = "session") {
  const admitted = new WeakMap<Request, Caller>();
  return {
    // The document says which routes need the session cookie (the merged document defines the scheme).
    detail: needs === "session" ? { security: [{ sessionCookie: [] }] } : {},
    transform: (c: GateContext) => void admitted.set(c.request, admit(c)),
    resolve: ({ request }: { request: Request }) => ({ caller: admitted.get(request)! }),
  };
}

function dashboardBase(platform: Platform) {
  const session = (c: GateContext, kind: SessionCallKind): LiveSession => admitSession(platform, c.token, { method: c.request.method, origin: c.request.headers.get("origin"), kind });
  const orgCaller = (live: LiveSession, found: Pick<OrgCaller, "org" | "role">): OrgCaller => ({ live, ...found, actor: userActor(live.user) });
  return new Elysia({ name: "dashboard-context" })
    .use(serviceBase({ name: "dashboard", secret: platform.secret, requireAuth: false }))
    .derive({ as: "global" }, ({ request, ctx, path }) => {
      if (!ctx && path !== "/healthz" && !path.startsWith("/_internal/")) throw new ApiError("UNAUTHENTICATED", "This service answers only requests forwarded by the router");
      return { ip: ctx?.ip ?? "unknown", token: sessionCookie(request.headers.get("cookie")) };
    })
    .macro({
      /** A state-changing call without a session (sign-in, a verification link): the Origin check (CSRF). */
      browser: (on: true) => gate((c) => on && checkOrigin(c.request.method, c.request.headers.get("origin"), platform.settings.publicUrl), "origin"),
      /** The caller's live session, after the Origin check and the session rules for this kind of call. */
      signedIn: (kind: SessionCallKind) => gate((c) => session(c, kind)),
      /**
       * A workspace page's caller: the signed-in owner or admin of the path's org (`what` names the
       * page in a refusal); a `sensitive` change needs a step-up.
       */
      manages: ({ what, sensitive }: { what: string; sensitive: boolean }) =>
        gate((c) => {
          const live = session(c, "other");
          const found = orgForManager(platform, c.params.orgId ?? "", live.user.id, what);
          if (sensitive) checkStepUp(live.session.secondFactorAt, platform.now(), live.user.twoFactorEnabledAt !== null);
          return orgCaller(live, found);
        }),
      /** A session change open to every member whose role holds `permission` (report schedules: reports.export), on the org's plan `feature`. */
      memberWith: ({ permission, feature }: { permission: Permission; feature: Feature }) =>
        gate((c) => {
          const live = session(c, "other");
          const found = orgForPermission(platform, c.params.orgId ?? "", live.user.id, permission);
          requireOrgFeatures(platform, found.org.id, [feature]);
          return orgCaller(live, found);
        }),
    });
}

type DashboardContext = ReturnType<typeof dashboardBase>;
const contexts = new WeakMap<Platform, DashboardContext>();

/**
 * The dashboard service's base (the router's signed context, the error envelope, the gates its
 * routes declare), one instance per platform so every route plugin that uses it shares the same hooks.
 */
export function dashboardContext(platform: Platform): DashboardContext {
  let context = contexts.get(platform);
  if (!context) {
    context = dashboardBase(platform);
    contexts.set(platform, context);
  }
  return context;
}
