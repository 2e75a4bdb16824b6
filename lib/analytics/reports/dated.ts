import { overviewReport } from "./overview.ts";
import { acquisitionReport } from "./acquisition.ts";
import { pagesReport } from "./pages.ts";
import { locationsReport } from "./locations.ts";
import { audienceReport } from "./audience.ts";
import { eventsReport } from "./events.ts";
import { campaignsReport } from "./campaigns.ts";
import { behaviourReport } from "./behaviour.ts";
import { attributionReport } from "./attribution.ts";
import { conversionsReport } from "./conversions.ts";

/**
 * The built-in reports over a date range (spec 2.6), by name: what the routes serve and what
 * the warm-up answers once to build their indexes (reports/warm.ts). Realtime is not one: it
 * ignores the range.
 */
export const DATED_REPORTS = {
  overview: overviewReport,
  acquisition: acquisitionReport,
  pages: pagesReport,
  locations: locationsReport,
  audience: audienceReport,
  events: eventsReport,
  campaigns: campaignsReport,
  behaviour: behaviourReport,
  attribution: attributionReport,
  conversions: conversionsReport,
} as const;
