import { eq } from "drizzle-orm";
import type { Platform } from "../platform.ts";
import { auditInOrg, type Actor } from "../audit.ts";
import { benchmarkInputs, orgs } from "../db/control-schema.ts";

/**
 * Opt an organization out of industry benchmarks, or back in (docs/recommendations.md). Opting
 * out also deletes the aggregates it sent: they leave the group now, not at the next night's run.
 */
export async function setBenchmarkOptOut(platform: Platform, org: { id: string; dbUrl: string | null }, optOut: boolean, actor: Actor) {
  const removed = platform.control.write((db) => {
    db.update(orgs).set({ benchmarkOptOut: optOut }).where(eq(orgs.id, org.id)).run();
    return optOut ? db.delete(benchmarkInputs).where(eq(benchmarkInputs.orgId, org.id)).returning({ siteId: benchmarkInputs.siteId }).all().length : 0;
  });
  await auditInOrg(platform, org, {
    actor,
    action: "org.benchmarks",
    label: optOut ? "Opted out of industry benchmarks" : "Opted in to industry benchmarks",
    target: { type: "org", id: org.id },
    meta: { optOut, inputsRemoved: removed },
  });
  return { id: org.id, benchmarkOptOut: optOut, inputsRemoved: removed };
}
