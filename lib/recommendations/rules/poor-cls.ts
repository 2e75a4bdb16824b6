import { vitalRule } from "./vitals.ts";

/** A top-10 landing page's CLS p75 > 0.1. */
export const poorCls = vitalRule("poor_cls", "CLS", "clsP75");
