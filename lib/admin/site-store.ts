import type { Platform } from "../platform.ts";
import { idFlag, orgById, siteById } from "./validate.ts";

/** A site named by a flag (`--site`), its org and the org's store. */
export async function siteAndStore(platform: Platform, value: unknown, path = "--site") {
  const site = siteById(platform.control.db, idFlag(value, path));
  const org = orgById(platform.control.db, site.orgId);
  return { site, org, store: await platform.tenants.get(org) };
}
