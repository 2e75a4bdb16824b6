import { Elysia } from "elysia";
import { SiteWriteParams } from "../../lib/api/workspace-models.ts";
import { requireOrgFeatures } from "../../lib/leads/inbound.ts";
import { ScanAnswer } from "../../lib/consent/models.ts";
import { requestScan } from "../../lib/consent/scan-run.ts";
import { scanAnswer } from "../../lib/consent/scans.ts";
import { orgSite } from "../../lib/sites/sites.ts";
import type { Platform } from "../../lib/platform.ts";
import { dashboardContext, doc, ERRORS } from "./context.ts";

export interface ConsentScanOptions {
  /** A scan was queued: the hooks service's worker, when in this process, runs it at once. */
  onScanQueued?: (orgId: string) => void;
}

/** The consent page's "Scan now" (docs/consent.md "Dashboard"): owners and admins queue a scan of a site. */
export function consentScanRoutes(platform: Platform, options: ConsentScanOptions = {}) {
  return new Elysia({ name: "dashboard:consent-scan" }).use(dashboardContext(platform)).post(
    "/api/v1/orgs/:orgId/sites/:siteId/cookies/scan",
    async ({ caller: { org, actor }, params, set }) => {
      requireOrgFeatures(platform, org.id, ["consent"]);
      const site = orgSite(platform.control.db, org.id, params.siteId);
      const { store, scan, created } = await requestScan(platform, org, site, "dashboard", actor);
      const answer = await scanAnswer(store, scan.id);
      if (created) options.onScanQueued?.(org.id);
      set.status = 202;
      return answer;
    },
    {
      manages: { what: "cookie scans", sensitive: false },
      params: SiteWriteParams,
      response: { 202: ScanAnswer, ...ERRORS },
      detail: doc(
        "Scan the site's cookies now",
        "Queues a scan of the site (docs/consent.md \"Scans\"), run by the hooks service; a site with a scan queued or running gets that one back, not a second (audited `cookie.scan_requested` either way). The answer is the scan (`status` queued or running); its outcome shows in `GET …/cookies` `scan`. Owners and admins only (others 403 FORBIDDEN; not a member → 404); a site outside the org → 404; an org without the consent feature → 403 FEATURE_UNAVAILABLE.",
      ),
    },
  );
}
