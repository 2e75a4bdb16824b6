import { and, eq } from "drizzle-orm";
import { memberships, orgs } from "../../db/control-schema.ts";
import { ApiError, invalid } from "../../errors.ts";
import { isId } from "../../ids.ts";
import { planOf } from "../../plans.ts";
import type { Platform } from "../../platform.ts";
import { orgStore } from "../../db/org-store.ts";
import { reportPeriod } from "../period.ts";
import type { AnalyticsSite } from "../site-cache.ts";
import { checkFunnelDef } from "./definition.ts";
import { BREAKDOWNS, runFunnel, type Breakdown, type FunnelResult } from "./run.ts";
import { funnelOfSite, funnelsOfSite, orgFunnelCount, type SavedFunnel } from "./saved.ts";

/** What the funnel routes of the read API do (spec 4.7, docs/funnels.md). */

/** Roles that may save funnels (viewers read them). */
const SAVING_ROLES = ["owner", "admin", "analyst"];

function checkBreakdown(value: string | undefined): Breakdown {
  if (value === undefined) return "none";
  if (!(BREAKDOWNS as readonly string[]).includes(value)) throw invalid("breakdown", `must be one of ${BREAKDOWNS.join(", ")}`);
  return value as Breakdown;
}

/** `GET …/funnels`: the site's saved funnels, and whether the caller could save another. */
export async function listFunnels(platform: Platform, caller: { orgId: string; userId: string }, siteId: string): Promise<{ data: SavedFunnel[]; canSave: boolean }> {
  const store = await orgStore(platform, caller.orgId);
  const data = await funnelsOfSite(store, siteId);
  const db = platform.control.db;
  const member = db.select({ role: memberships.role }).from(memberships).where(and(eq(memberships.orgId, caller.orgId), eq(memberships.userId, caller.userId))).get();
  const org = db.select({ plan: orgs.plan }).from(orgs).where(eq(orgs.id, caller.orgId)).get();
  const max = planOf(org?.plan ?? "").limits.funnels;
  const room = max === null || (await orgFunnelCount(store)) < max;
  return { data, canSave: room && SAVING_ROLES.includes(member?.role ?? "") };
}

/** `GET …/funnels/{id}`: runs a saved funnel over `from`/`to`, broken down when asked. */
export async function runSavedFunnel(site: AnalyticsSite, id: string, query: { from?: string; to?: string; breakdown?: string }, now: number): Promise<FunnelResult> {
  if (!isId(id)) throw new ApiError("NOT_FOUND", "Funnel not found", [{ path: "id", message: "no funnel has this id" }]);
  const breakdown = checkBreakdown(query.breakdown);
  const period = reportPeriod(query, site.timezone, now);
  const funnel = await funnelOfSite(site.store, site.id, id);
  return runFunnel(site.data, funnel, period, site.timezone, breakdown);
}

/** `POST …/funnels/preview`: runs an unsaved definition. */
export function previewFunnel(site: AnalyticsSite, body: { def: unknown; from?: string; to?: string; breakdown?: string }, now: number): FunnelResult {
  const def = checkFunnelDef(body.def, "def");
  const breakdown = checkBreakdown(body.breakdown);
  return runFunnel(site.data, def, reportPeriod(body, site.timezone, now), site.timezone, breakdown);
}
