import type { Static } from "elysia";
import type { Site as SiteModel } from "../../../lib/api/models.ts";
import { api } from "./api.ts";
import { navigate } from "./router.ts";
import { loadSession } from "./session.ts";

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

/**
 * The org's sites for the signed-in user: the session and the list asked at once (one round
 * trip less before a page can draw); without a session, to the sign-in page.
 */
export async function signedInSites(orgId: string): Promise<Site[]> {
  const [current, sites] = await Promise.all([loadSession(), sitesOf(orgId)]);
  if (!current) {
    navigate("/sign-in", { replace: true });
    throw new Error("not signed in");
  }
  return sites;
}
