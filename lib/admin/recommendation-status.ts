import { OPERATOR } from "../audit.ts";
import type { Platform } from "../platform.ts";
import { setRecommendationStatus } from "../recommendations/manage.ts";
import { siteAndStore } from "./site-store.ts";
import { requireText } from "./validate.ts";

const PATHS = { rule: "--rule", status: "--status", until: "--until" };

/** `recommendations status --site ID --rule KEY --status S [--until YYYY-MM-DD]` → the item as the read API shows it (audited as the operator). */
export async function recommendationStatusCommand(platform: Platform, input: { site?: unknown; rule?: unknown; status?: unknown; until?: unknown }) {
  const { site, store } = await siteAndStore(platform, input.site);
  const change = {
    ruleKey: requireText(input.rule, PATHS.rule, 60),
    status: requireText(input.status, PATHS.status, 20),
    until: input.until === undefined ? undefined : requireText(input.until, PATHS.until, 40),
  };
  return setRecommendationStatus(store, site, change, OPERATOR, platform.now(), PATHS);
}
