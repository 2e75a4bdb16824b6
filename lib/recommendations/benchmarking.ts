import { eq } from "drizzle-orm";
import type { Platform } from "../platform.ts";
import { auditInOrg, type Actor } from "../audit.ts";
import { benchmarkInputs, orgs } from "../db/control-schema.ts";
import type { ControlReader } from "../db/control.ts";
import { invalid } from "../errors.ts";

/** The longest industry name (`org create --industry`, the dashboard's field). */
export const INDUSTRY_MAX = 60;

/** An organization's part in industry benchmarks (docs/recommendations.md "Peer groups and benchmarks"). */
export interface OrgBenchmarking {
  orgId: string;
  /** The peer group: organizations of the same industry are compared. */
  industry: string;
  /** Neither contributes nor receives peer rows. */
  optOut: boolean;
}

/** An industry as stored: trimmed and lower-case, so "Retail " and "retail" are one peer group. */
export function industryOf(value: unknown, path: string): string {
  if (typeof value !== "string" || value.trim() === "") throw invalid(path, "is required");
  const industry = value.trim().toLowerCase();
  if (industry.length > INDUSTRY_MAX) throw invalid(path, `must be at most ${INDUSTRY_MAX} characters`);
  return industry;
}

export function benchmarkingOf(db: ControlReader, orgId: string): OrgBenchmarking | null {
  const row = db.select({ industry: orgs.industry, optOut: orgs.benchmarkOptOut }).from(orgs).where(eq(orgs.id, orgId)).get();
  return row ? { orgId, ...row } : null;
}

/**
 * Changes the industry and/or the opt-out (the industry already normalized by `industryOf`).
 * Either change also deletes the aggregates the organization sent: they leave the group (or the
 * old industry's group) now, not at the next night's run; the next run contributes again where
 * it should. Audited `org.benchmarks` with before and after; an unchanged setting writes nothing.
 */
export async function changeBenchmarking(
  platform: Platform,
  org: { id: string; dbUrl: string | null },
  change: { industry?: string; optOut?: boolean },
  actor: Actor,
): Promise<OrgBenchmarking & { inputsRemoved: number }> {
  const before = benchmarkingOf(platform.control.db, org.id)!;
  const after = { orgId: org.id, industry: change.industry ?? before.industry, optOut: change.optOut ?? before.optOut };
  if (after.industry === before.industry && after.optOut === before.optOut) return { ...before, inputsRemoved: 0 };
  const inputsRemoved = platform.control.write((db) => {
    db.update(orgs).set({ industry: after.industry, benchmarkOptOut: after.optOut }).where(eq(orgs.id, org.id)).run();
    return db.delete(benchmarkInputs).where(eq(benchmarkInputs.orgId, org.id)).returning({ siteId: benchmarkInputs.siteId }).all().length;
  });
  const said = [
    ...(after.industry !== before.industry ? [`industry set to ${after.industry}`] : []),
    ...(after.optOut !== before.optOut ? [after.optOut ? "opted out of industry benchmarks" : "opted in to industry benchmarks"] : []),
  ].join("; ");
  await auditInOrg(platform, org, {
    actor,
    action: "org.benchmarks",
    label: said.charAt(0).toUpperCase() + said.slice(1),
    target: { type: "org", id: org.id },
    meta: { before: { industry: before.industry, optOut: before.optOut }, after: { industry: after.industry, optOut: after.optOut }, inputsRemoved },
  });
  return { ...after, inputsRemoved };
}
