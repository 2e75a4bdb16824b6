import type { Static } from "elysia";
import type { Site as SiteModel } from "../../../lib/api/models.ts";
import { api } from "./api.ts";

export type Site = Static<typeof SiteModel>;

const byOrg = new Map<string, Promise<Site[]>>();

/** GET /api/v1/orgs/{org}/sites, once per org and page load (a failure is asked again next time). */
export function sitesOf(orgId: string): Promise<Site[]> {
  let sites = byOrg.get(orgId);
  if (!sites) {
    sites = api<{ data: Site[] }>(`/orgs/${orgId}/sites`).then((r) => r.data);
    sites.catch(() => byOrg.delete(orgId));
    byOrg.set(orgId, sites);
  }
  return sites;
}
