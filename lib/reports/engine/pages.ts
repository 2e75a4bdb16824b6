import { asRate } from "../../analytics/metrics.ts";
import { SCROLL_DEPTHS, scrollsByPath, vitalsByPath, type VitalRow } from "../../analytics/reports/behaviour.ts";
import { pageRows } from "../../analytics/reports/pages.ts";
import { type Rating } from "../../analytics/web-vitals.ts";
import { rowsInMemory, type ReportRun } from "../report.ts";
import { rowOf } from "./rows.ts";

/** Every viewed path, most views first (then most users, then by path): the Pages report without its top 200 cut. */
export const pagePerformance: ReportRun = async (input) => {
  const site = await input.analytics();
  return rowsInMemory(pageRows(site, input.period).map((p) => rowOf("page_performance", { ...p, exitRate: asRate(p.exits, p.views) })));
};

/** Web vitals per page path with samples, most samples first, then by path: the Behaviour page's table, whole. */
export const webVitals: ReportRun = async (input) => {
  const site = await input.analytics();
  const data = site.data;
  const rows = [...vitalsByPath(data, input.period.from, input.period.to)]
    .filter(([path]) => path !== 0)
    .map(([path, v]) =>
      rowOf("web_vitals", {
        path: data.paths.keys[path]!,
        samples: v.samples,
        lcpP75: v.LCP?.p75 ?? null,
        lcpRating: v.LCP?.rating ?? null,
        inpP75: v.INP?.p75 ?? null,
        inpRating: v.INP?.rating ?? null,
        clsP75: v.CLS?.p75 ?? null,
        clsRating: v.CLS?.rating ?? null,
        fcpP75: v.FCP?.p75 ?? null,
        ttfbP75: v.TTFB?.p75 ?? null,
      }),
    )
    .sort((a, b) => (b.samples as number) - (a.samples as number) || ((a.path as string) < (b.path as string) ? -1 : 1));
  return rowsInMemory(rows);
};

const RATINGS: readonly Rating[] = ["good", "needs_improvement", "poor"];
/** Engaged time per view, in seconds, at and above which a page without vitals rates good (GA4's engaged-session bar), and needs improvement. */
const ENGAGED_GOOD_SECONDS = 10;
const ENGAGED_FAIR_SECONDS = 5;

/**
 * A page's experience: the worst rating of its Core Web Vitals (LCP, INP, CLS) that have
 * samples; without any, how long a view is engaged on average.
 */
function experienceRating(vitals: VitalRow | undefined, avgEngagedSeconds: number): Rating {
  const rated = [vitals?.LCP, vitals?.INP, vitals?.CLS].filter((v) => v != null).map((v) => RATINGS.indexOf(v.rating));
  if (rated.length > 0) return RATINGS[Math.max(...rated)];
  return avgEngagedSeconds >= ENGAGED_GOOD_SECONDS ? "good" : avgEngagedSeconds >= ENGAGED_FAIR_SECONDS ? "needs_improvement" : "poor";
}

/** Every viewed path, most views first: engaged time, scrolling, exits and the Core Web Vitals together. */
export const experience: ReportRun = async (input) => {
  const site = await input.analytics();
  const { from, to } = input.period;
  const scrolls = scrollsByPath(site.data, from, to);
  const vitals = vitalsByPath(site.data, from, to);
  const deepest = SCROLL_DEPTHS.indexOf(90);
  const rows = pageRows(site, input.period).map((p) => {
    const v = vitals.get(p.id);
    return rowOf("experience", {
      path: p.path,
      views: p.views,
      avgEngagedSeconds: p.avgEngagedSeconds,
      scrolled90Rate: asRate(scrolls[p.id * SCROLL_DEPTHS.length + deepest], p.views),
      exitRate: asRate(p.exits, p.views),
      lcpP75: v?.LCP?.p75 ?? null,
      inpP75: v?.INP?.p75 ?? null,
      clsP75: v?.CLS?.p75 ?? null,
      rating: experienceRating(v, p.avgEngagedSeconds),
    });
  });
  return rowsInMemory(rows);
};
