import { eq } from "drizzle-orm";
import { Value } from "@sinclair/typebox/value";
import { sites } from "../db/control-schema.ts";
import { invalid } from "../errors.ts";
import { ConsentSettings, consentSettings } from "../ingest/consent-settings.ts";
import type { Platform } from "../platform.ts";
import { auditAdmin } from "./audit-admin.ts";
import { idFlag, orgById, siteById } from "./validate.ts";

const TEXTS = ["title", "text", "accept", "reject", "preferences", "save", "analytics-label", "marketing-label"] as const;

/** `site consent --site ID [--mode opt-in|opt-out|none] [--dnt respect|ignore] [--title T] [--text T] …` */
export async function setConsent(platform: Platform, input: Record<string, unknown>) {
  const site = siteById(platform.control.db, idFlag(input.site, "--site"));
  const current = consentSettings(site.consent);
  const next: Record<string, unknown> = { ...current };
  if (input.mode !== undefined) next.mode = input.mode;
  if (input.dnt !== undefined) {
    if (input.dnt !== "respect" && input.dnt !== "ignore") throw invalid("--dnt", "must be respect or ignore");
    next.respectDnt = input.dnt === "respect";
  }
  for (const flag of TEXTS) {
    if (input[flag] !== undefined) next[flag.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())] = input[flag];
  }
  if (!Value.Check(ConsentSettings, next)) {
    const error = Value.Errors(ConsentSettings, next).First()!;
    const field = error.path.replace(/^\//, "");
    const flag = field === "respectDnt" ? "--dnt" : `--${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    throw invalid(flag, field === "mode" ? "must be opt-in, opt-out or none" : error.message);
  }
  platform.control.write((db) => db.update(sites).set({ consent: JSON.stringify(next) }).where(eq(sites.id, site.id)).run());
  await auditAdmin(platform, orgById(platform.control.db, site.orgId), { action: "consent.updated", label: `Consent settings of ${site.name} changed`, target: { type: "site", id: site.id }, meta: { mode: next.mode, respectDnt: next.respectDnt } });
  return { id: site.id, consent: next };
}
