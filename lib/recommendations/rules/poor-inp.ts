import { vitalRule } from "./vitals.ts";

/** A top-10 landing page's INP p75 > 200 ms. */
export const poorInp = vitalRule("poor_inp", "INP", "inpP75");
