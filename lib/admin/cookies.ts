import { OPERATOR } from "../audit.ts";
import { checkName, checkOverride, classifyName, unclassifyName } from "../consent/overrides.ts";
import type { Platform } from "../platform.ts";
import { siteAndStore } from "./site-store.ts";

/** The admin CLI's cookie classification commands (docs/consent.md "CLI"); audited as the operator. */

const FLAGS = { name: "--name", category: "--category", vendor: "--vendor", purpose: "--purpose" };

/** `cookies classify --site ID --name N --category C [--vendor V] [--purpose P]` → the override. */
export async function classifyCommand(platform: Platform, input: Record<string, unknown>) {
  const override = checkOverride(input, FLAGS);
  const { site, org, store } = await siteAndStore(platform, input.site);
  return classifyName(platform, org, store, site, override, OPERATOR);
}

/** `cookies unclassify --site ID --name N` → `{ site, name, removed: true }`; no such override → 404. */
export async function unclassifyCommand(platform: Platform, input: Record<string, unknown>) {
  const name = checkName(input.name, FLAGS.name);
  const { site, org, store } = await siteAndStore(platform, input.site);
  await unclassifyName(platform, org, store, site, name, OPERATOR, FLAGS.name);
  return { site: site.id, name, removed: true };
}
