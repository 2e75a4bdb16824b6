import { eq } from "drizzle-orm";
import { orgs } from "../db/control-schema.ts";
import { byoUrlProblem } from "../db/tenants.ts";
import { invalid } from "../errors.ts";
import { newId } from "../ids.ts";
import { FEATURES, isFeature, PLAN_NAMES } from "../plans.ts";
import type { Platform } from "../platform.ts";
import { auditAdmin } from "./audit-admin.ts";
import { OPERATOR } from "../audit.ts";
import { setTwoFactorRequirement } from "../members/two-factor-requirement.ts";
import { idFlag, oneOf, orgById, requireText } from "./validate.ts";
import { industryOf } from "../recommendations/benchmarking.ts";

export const LICENCE_STATUSES = ["active", "suspended", "cancelled"] as const;

export async function createOrg(platform: Platform, input: { name?: unknown; industry?: unknown; db?: unknown; plan?: unknown }) {
  const name = requireText(input.name, "--name");
  const industry = input.industry === undefined ? "general" : industryOf(input.industry, "--industry");
  const plan = input.plan === undefined ? "self_hosted" : oneOf(input.plan, "--plan", PLAN_NAMES);
  let dbUrl: string | null = null;
  if (input.db !== undefined) {
    dbUrl = requireText(input.db, "--db", 2000);
    const problem = byoUrlProblem(dbUrl);
    if (problem) throw invalid("--db", problem);
  }
  const id = newId();
  platform.control.write((db) => db.insert(orgs).values({ id, name, industry, plan, dbUrl, createdAt: platform.now() }).run());
  // Opening the store creates and migrates it; an unreachable BYO database is reported, not fatal.
  const problem = await auditAdmin(platform, { id, dbUrl }, { action: "org.created", label: `Organization ${name} created`, target: { type: "org", id }, meta: { industry, plan, byo: dbUrl !== null } });
  return problem && dbUrl ? { id, warning: `own database not reachable yet: ${problem}` } : { id };
}

export async function setLicence(platform: Platform, input: { org?: unknown; status?: unknown }) {
  const org = orgById(platform.control.db, idFlag(input.org, "--org"));
  const status = oneOf(input.status, "--status", LICENCE_STATUSES);
  platform.control.write((db) => db.update(orgs).set({ licenceStatus: status }).where(eq(orgs.id, org.id)).run());
  await auditAdmin(platform, org, { action: "org.licence_changed", label: `Licence ${org.licenceStatus} → ${status}`, target: { type: "org", id: org.id }, meta: { from: org.licenceStatus, to: status } });
  return { id: org.id, status };
}

export async function setPlan(platform: Platform, input: { org?: unknown; plan?: unknown }) {
  const org = orgById(platform.control.db, idFlag(input.org, "--org"));
  const plan = oneOf(input.plan, "--plan", PLAN_NAMES);
  platform.control.write((db) => db.update(orgs).set({ plan }).where(eq(orgs.id, org.id)).run());
  await auditAdmin(platform, org, { action: "org.plan_changed", label: `Plan ${org.plan} → ${plan}`, target: { type: "org", id: org.id }, meta: { from: org.plan, to: plan } });
  return { id: org.id, plan };
}

/** `org feature --org ID --disable F` / `--enable F`: switch a feature off (or back on) for one org. */
export async function setFeature(platform: Platform, input: { org?: unknown; enable?: unknown; disable?: unknown }) {
  const org = orgById(platform.control.db, idFlag(input.org, "--org"));
  if ((input.enable === undefined) === (input.disable === undefined)) throw invalid("--enable", "give exactly one of --enable F or --disable F");
  const path = input.enable !== undefined ? "--enable" : "--disable";
  const feature = requireText(input.enable ?? input.disable, path, 40);
  if (!isFeature(feature)) throw invalid(path, `must be one of ${FEATURES.join(", ")}`);
  const disabled = new Set(JSON.parse(org.disabledFeatures) as string[]);
  if (path === "--enable") disabled.delete(feature);
  else disabled.add(feature);
  const list = [...disabled].sort();
  platform.control.write((db) => db.update(orgs).set({ disabledFeatures: JSON.stringify(list) }).where(eq(orgs.id, org.id)).run());
  await auditAdmin(platform, org, { action: path === "--enable" ? "org.feature_enabled" : "org.feature_disabled", label: `Feature ${feature} ${path === "--enable" ? "enabled" : "disabled"}`, target: { type: "org", id: org.id }, meta: { feature } });
  return { id: org.id, disabledFeatures: list };
}

/** `org two-factor --org ID --require on|off`: every member's dashboard sessions need a second factor (they are sent to enrolment). */
export async function setRequireTwoFactor(platform: Platform, input: { org?: unknown; require?: unknown }) {
  const org = orgById(platform.control.db, idFlag(input.org, "--org"));
  const required = oneOf(input.require, "--require", ["on", "off"] as const) === "on";
  return setTwoFactorRequirement(platform, org, required, OPERATOR);
}
