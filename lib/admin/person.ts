import { writeFileSync } from "node:fs";
import type { Platform } from "../platform.ts";
import { invalid } from "../errors.ts";
import { checkSelector, type PersonSelector } from "../lifecycle/person-find.ts";
import { exportPerson } from "../lifecycle/person-export.ts";
import { erasePerson } from "../lifecycle/person-erase.ts";
import { auditAdmin } from "./audit-admin.ts";
import { siteAndStore } from "./site-store.ts";
import { requireText } from "./validate.ts";

/** The CLI's selector flags, each to the selector it is. */
const SELECTOR_FLAGS = { visitor: "visitor", email: "email", "user-id": "userId" } as const;
export const PERSON_FLAGS = ["site", ...Object.keys(SELECTOR_FLAGS)];
type Flags = Record<string, unknown>;

/** Exactly one of --visitor, --email, --user-id. */
function selectorOf(flags: Flags): PersonSelector {
  const given = Object.keys(SELECTOR_FLAGS).filter((f) => flags[f] !== undefined) as (keyof typeof SELECTOR_FLAGS)[];
  if (given.length === 0) throw invalid("--visitor", "give exactly one of --visitor, --email, --user-id");
  if (given.length > 1) throw invalid(`--${given[1]}`, `give exactly one of --visitor, --email, --user-id (--${given[0]} is given too)`);
  const flag = given[0];
  return checkSelector({ by: SELECTOR_FLAGS[flag], value: requireText(flags[flag], `--${flag}`, 320), path: `--${flag}` });
}

/** Counts for the audit's label: the non-zero ones, in words. */
const summary = (visitors: number, counts: Record<string, number>) =>
  [`${visitors} visitor ids`, ...Object.entries(counts).filter(([k, n]) => n > 0 && k !== "visitors").map(([k, n]) => `${n} ${k}`)].join(", ");

/**
 * `person export --site ID (--visitor UUID | --email E | --user-id U) [--out FILE]`: the person's
 * rows as JSON, on stdout or into a new FILE (never overwritten; readable by its owner only).
 * Audited `person.exported` with the counts and which kind of selector — never its value.
 */
export async function exportPersonCommand(platform: Platform, flags: Flags) {
  const { site, org, store } = await siteAndStore(platform, flags.site);
  const selector = selectorOf(flags);
  const out = flags.out === undefined ? null : requireText(flags.out, "--out", 4096);
  const data = await exportPerson(store, site.id, selector, platform.now());
  if (out !== null) {
    try {
      writeFileSync(out, JSON.stringify(data, null, 2) + "\n", { mode: 0o600, flag: "wx" });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw invalid("--out", code === "EEXIST" ? "already exists (an export is never written over a file)" : `cannot be written (${code ?? (error as Error).message})`);
    }
  }
  const visitors = data.person.visitorIds.length;
  await auditAdmin(platform, org, {
    action: "person.exported",
    label: `A person's data exported (${summary(visitors, data.counts)})`,
    target: { type: "site", id: site.id },
    meta: { siteId: site.id, by: selector.by, visitors, counts: data.counts },
  });
  return out === null ? data : { file: out, visitors, counts: data.counts };
}

/**
 * `person erase --site ID (--visitor UUID | --email E | --user-id U)`: deletes every row held
 * about the person in one transaction. Audited `person.erased` with the counts only.
 */
export async function erasePersonCommand(platform: Platform, flags: Flags) {
  const { site, org, store } = await siteAndStore(platform, flags.site);
  const selector = selectorOf(flags);
  const erased = await erasePerson(store, site.id, selector, platform.now());
  await auditAdmin(platform, org, {
    action: "person.erased",
    label: `A person's data erased (${summary(erased.visitors, erased.counts)})`,
    target: { type: "site", id: site.id },
    meta: { siteId: site.id, by: selector.by, visitors: erased.visitors, counts: erased.counts, userIdsErased: erased.userIdsErased },
  });
  return erased;
}
