import { readFileSync } from "node:fs";
import { ApiError, invalid } from "../errors.ts";
import type { Platform } from "../platform.ts";
import { checkFunnelDef } from "../analytics/funnels/definition.ts";
import { orgFunnelCount, saveFunnel } from "../analytics/funnels/saved.ts";
import { auditAdmin } from "./audit-admin.ts";
import { enforceLimit } from "./limits.ts";
import { idFlag, orgById, requireText, siteById } from "./validate.ts";

/** `funnel create --site ID --file DEF.json`: a funnel definition checked as preview checks it, within the plan's limit. */
export async function createFunnel(platform: Platform, input: { site?: unknown; file?: unknown }) {
  const site = siteById(platform.control.db, idFlag(input.site, "--site"));
  const org = orgById(platform.control.db, site.orgId);
  const file = requireText(input.file, "--file", 4096);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw invalid("--file", `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  if (text.length > 256 * 1024) throw invalid("--file", "is larger than 256 KB");
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ApiError("VALIDATION_FAILED", "The funnel file is not JSON", [{ path: "--file", message: (error as Error).message }]);
  }
  const def = checkFunnelDef(raw, "");
  const store = await platform.tenants.get(org);
  enforceLimit(org.plan, "funnels", await orgFunnelCount(store));
  const id = await saveFunnel(store, site.id, def, platform.now());
  await auditAdmin(platform, org, { action: "funnel.created", label: `Funnel "${def.name}" saved`, target: { type: "funnel", id }, meta: { siteId: site.id, steps: def.steps.length, mode: def.mode, scope: def.scope } });
  return { id };
}
