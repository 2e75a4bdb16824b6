import { vitalRule } from "./vitals.ts";

/** A top-10 landing page's LCP p75 > 2 500 ms. */
export const slowLcp = vitalRule("slow_lcp", "LCP", "lcpP75");
