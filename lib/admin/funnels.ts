import type { Platform } from "../platform.ts";
import { checkFunnelDef } from "../analytics/funnels/definition.ts";
import { orgFunnelCount, saveFunnel } from "../analytics/funnels/saved.ts";
import { auditAdmin } from "./audit-admin.ts";
import { enforceLimit } from "./limits.ts";
import { readJsonFile } from "./json-file.ts";
import { idFlag, orgById, siteById } from "./validate.ts";

/** `funnel create --site ID --file DEF.json`: a funnel definition checked as preview checks it, within the plan's limit. */
export async function createFunnel(platform: Platform, input: { site?: unknown; file?: unknown }) {
  const site = siteById(platform.control.db, idFlag(input.site, "--site"));
  const org = orgById(platform.control.db, site.orgId);
  const raw = readJsonFile(input.file, "funnel", 256 * 1024);
  const def = checkFunnelDef(raw, "");
  const store = await platform.tenants.get(org);
  enforceLimit(org.plan, "funnels", await orgFunnelCount(store));
  const id = await saveFunnel(store, site.id, def, platform.now());
  await auditAdmin(platform, org, { action: "funnel.created", label: `Funnel "${def.name}" saved`, target: { type: "funnel", id }, meta: { siteId: site.id, steps: def.steps.length, mode: def.mode, scope: def.scope } });
  return { id };
}
