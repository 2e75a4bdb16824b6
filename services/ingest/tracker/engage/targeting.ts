import type { PathMatch, Targeting } from "../../../../lib/engagement/types.ts";

/**
 * Who and where a popup or wheel is shown (docs/engagement.md "Definitions"): pure checks
 * the chunk runs on each page and the unit tests run on fixtures.
 */

export type DeviceClass = "desktop" | "mobile" | "tablet";

/** A path rule as funnels match pages: case-sensitive; a regex the browser refuses never matches. */
export function pathMatches(rule: { match: PathMatch; value: string }, path: string): boolean {
  switch (rule.match) {
    case "equals":
      return path === rule.value;
    case "starts_with":
      return path.startsWith(rule.value);
    case "contains":
      return path.includes(rule.value);
    case "regex":
      try {
        return new RegExp(rule.value).test(path);
      } catch {
        return false;
      }
  }
  return false;
}

/**
 * The device class from the User-Agent (iPads that present themselves as a Mac are told apart
 * by their touch points), else from the viewport: a coarse pointer on a narrow viewport is a phone.
 */
export function deviceClass(ua: string, touchPoints: number, viewportWidth: number, coarsePointer: boolean): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Kindle/i.test(ua) || (/Android/i.test(ua) && !/Mobile/i.test(ua)) || (/Macintosh/.test(ua) && touchPoints > 1)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|Opera Mini/i.test(ua)) return "mobile";
  if (coarsePointer && viewportWidth < 768) return "mobile";
  return "desktop";
}

/** What the page knows of the visit. */
export interface PageFacts {
  path: string;
  device: DeviceClass;
  /** The visitor's first session (the visitor id was made in this session). */
  isNew: boolean;
}

/** Session facts only the server knows (GET /v1/sites/{key}/visitor-context). */
export interface VisitorContext {
  country: string | null;
  channel: string | null;
  campaign: string | null;
  device?: string | null;
}

/** Whether the rules need the visitor context (one request; otherwise none is made). */
export const needsContext = (t: Targeting): boolean => t.countries.length > 0 || t.channels.length > 0 || t.campaigns.length > 0;

/** The page-side rules, AND-ed; an empty list does not restrict. */
export function pageTargeted(t: Targeting, page: PageFacts): boolean {
  if (t.paths.length > 0 && !t.paths.some((r) => pathMatches(r, page.path))) return false;
  if (t.excludePaths.some((r) => pathMatches(r, page.path))) return false;
  if (t.devices.length > 0 && !t.devices.includes(page.device)) return false;
  if (t.visitor === "new" && !page.isNew) return false;
  if (t.visitor === "returning" && page.isNew) return false;
  return true;
}

/** The server-side facts against the rules (null context: the facts could not be had, so a rule on them fails). */
export function contextTargeted(t: Targeting, ctx: VisitorContext | null): boolean {
  if (!needsContext(t)) return true;
  if (!ctx) return false;
  // Compared without case, as GA4 compares UTM values ("Spring" in the link is the campaign "spring").
  const within = (list: string[], value: string | null) => list.length === 0 || (value !== null && list.some((x) => x.toLowerCase() === value.toLowerCase()));
  return within(t.countries, ctx.country) && within(t.channels, ctx.channel) && within(t.campaigns, ctx.campaign);
}

/** Past its end (the config is cached for minutes, so the page checks `endAt` itself). */
export const ended = (endAt: string | null, now: number): boolean => endAt !== null && Date.parse(endAt) <= now;
