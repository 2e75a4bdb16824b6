import { THRESHOLDS, ratingOf, type Vital } from "../../analytics/web-vitals.ts";
import type { Finding, LandingPageFacts, SiteFacts } from "../facts.ts";
import { list, ms, plural } from "./format.ts";
import { beyond, scoreOf } from "./score.ts";

type VitalField = "lcpP75" | "inpP75" | "clsP75";

const ADVICE: Record<"LCP" | "INP" | "CLS", { label: string; what: string; action: string }> = {
  LCP: {
    label: "Slow loading (LCP)",
    what: "the main content takes long to appear",
    action: "Serve the largest image or text block sooner: compress and size the hero image, preload it, and cut render-blocking scripts and CSS on these pages.",
  },
  INP: {
    label: "Slow response to input (INP)",
    what: "the page reacts slowly to clicks and taps",
    action: "Break up long JavaScript tasks on these pages, defer third-party scripts, and keep event handlers short so the page answers within 200 ms.",
  },
  CLS: {
    label: "Layout shifts (CLS)",
    what: "the layout shifts while visitors read",
    action: "Reserve space for images, embeds and ads (width/height or aspect-ratio), and avoid inserting banners above content after load.",
  },
};

const shown = (vital: Vital, v: number) => (vital === "CLS" ? v.toFixed(2) : ms(v));

/**
 * One rule per Core Web Vital over the top-10 landing pages: fires when a page's p75 is above
 * Google's "good" limit; high when any page is poor. Score sums each page's sessions × its
 * distance past the good limit.
 */
export function vitalRule(ruleKey: string, vital: "LCP" | "INP" | "CLS", field: VitalField) {
  const [good] = THRESHOLDS[vital];
  return (facts: SiteFacts): Finding | null => {
    const pages = facts.landingPages.filter((p): p is LandingPageFacts & Record<VitalField, number> => p[field] !== null && p[field]! > good);
    if (pages.length === 0) return null;
    const poor = pages.filter((p) => ratingOf(vital, p[field]) === "poor");
    const severity = poor.length > 0 ? "high" : "medium";
    const sessions = pages.reduce((s, p) => s + p.sessions, 0);
    const weighted = pages.reduce((s, p) => s + p.sessions * beyond(p[field], good), 0);
    const worst = pages.reduce((a, b) => (b[field] > a[field] ? b : a));
    return {
      ruleKey,
      severity,
      score: scoreOf(1, weighted, severity),
      title: `${ADVICE[vital].label} on ${plural(pages.length, "top landing page")}: worst ${shown(vital, worst[field])} on ${worst.path}`,
      body: `On ${list(pages.map((p) => `${p.path} (${shown(vital, p[field])})`))}, ${ADVICE[vital].what}: the 75th percentile is above Google's "good" limit of ${shown(vital, good)}`
        + `${poor.length > 0 ? `, and ${plural(poor.length, "page")} ${poor.length === 1 ? "is" : "are"} in the "poor" range` : ""}. ${pages.length === 1 ? "This page" : "These pages"} started ${plural(sessions, "session")} in the window.`,
      action: ADVICE[vital].action,
      evidence: { threshold: good, pages: pages.map((p) => ({ path: p.path, sessions: p.sessions, p75: p[field] })) },
    };
  };
}
