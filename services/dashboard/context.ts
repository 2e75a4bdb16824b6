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

type SessionOf = (kind: SessionCallKind) => LiveSession;

function dashboardBase(platform: Platform) {
  return new Elysia({ name: "dashboard-context" })
    .use(serviceBase({ name: "dashboard", secret: platform.secret, requireAuth: false }))
    .derive({ as: "global" }, ({ request, ctx, path }) => {
      if (!ctx && path !== "/healthz" && !path.startsWith("/_internal/")) throw new ApiError("UNAUTHENTICATED", "This service answers only requests forwarded by the router");
      const token = sessionCookie(request.headers.get("cookie"));
      const origin = request.headers.get("origin");
      const session: SessionOf = (kind) => admitSession(platform, token, { method: request.method, origin, kind });
      return {
        ip: ctx?.ip ?? "unknown",
        /** The caller's live session, after the Origin check and the session rules for this kind of call. */
        session,
        /** State-changing calls without a session (sign-in, a verification link) pass the Origin check too. */
        sameOrigin: () => checkOrigin(request.method, origin, platform.settings.publicUrl),
        /**
         * A workspace page's caller: the signed-in owner or admin of the path's org (`what` names the
         * page in a refusal); a `sensitive` change needs a step-up.
         */
        manager: (orgId: string, what: string, sensitive: boolean) => {
          const live = session("other");
          const { org, role } = orgForManager(platform, orgId, live.user.id, what);
          if (sensitive) checkStepUp(live.session.secondFactorAt, platform.now(), live.user.twoFactorEnabledAt !== null);
          return { live, org, role, actor: userActor(live.user) };
        },
        /** A session change open to every member whose role holds `permission` (report schedules: reports.export), on the org's plan `feature`. */
        memberWith: (orgId: string, permission: Permission, feature: Feature) => {
          const live = session("other");
          const { org, role } = orgForPermission(platform, orgId, live.user.id, permission);
          requireOrgFeatures(platform, org.id, [feature]);
          return { live, org, role, actor: userActor(live.user) };
        },
        token,
      };
    });
}

type DashboardContext = ReturnType<typeof dashboardBase>;
const contexts = new WeakMap<Platform, DashboardContext>();

/**
 * The dashboard service's base (the router's signed context, the error envelope, the session of
 * the caller), one instance per platform so every route plugin that uses it shares the same hooks.
 */
export function dashboardContext(platform: Platform): DashboardContext {
  let context = contexts.get(platform);
  if (!context) {
    context = dashboardBase(platform);
    contexts.set(platform, context);
  }
  return context;
}
