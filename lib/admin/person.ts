import { writeFileSync } from "node:fs";
import type { Platform } from "../platform.ts";
import { invalid } from "../errors.ts";
import { OPERATOR } from "../audit.ts";
import { checkSelector, type PersonSelector } from "../lifecycle/person-find.ts";
import { erasePersonAudited, exportPersonAudited } from "../lifecycle/person.ts";
import { siteAndStore } from "./site-store.ts";
import { requireText } from "./validate.ts";
import { SELECTOR_FLAGS } from "./flags.ts";

type Flags = Record<string, unknown>;

/** Exactly one of --visitor, --email, --user-id. */
function selectorOf(flags: Flags): PersonSelector {
  const given = Object.keys(SELECTOR_FLAGS).filter((f) => flags[f] !== undefined) as (keyof typeof SELECTOR_FLAGS)[];
  if (given.length === 0) throw invalid("--visitor", "give exactly one of --visitor, --email, --user-id");
  if (given.length > 1) throw invalid(`--${given[1]}`, `give exactly one of --visitor, --email, --user-id (--${given[0]} is given too)`);
  const flag = given[0];
  return checkSelector({ by: SELECTOR_FLAGS[flag], value: requireText(flags[flag], `--${flag}`, 320), path: `--${flag}` });
}

async function personCall(platform: Platform, flags: Flags) {
  const { site, org, store } = await siteAndStore(platform, flags.site);
  return { platform, org, store, siteId: site.id, selector: selectorOf(flags), actor: OPERATOR };
}

/**
 * `person export --site ID (--visitor UUID | --email E | --user-id U) [--out FILE]`: the person's
 * rows as JSON (docs/data-lifecycle.md), on stdout or into a new FILE (never written over;
 * readable by its owner only). Audited `person.exported`.
 */
export async function exportPersonCommand(platform: Platform, flags: Flags) {
  const call = await personCall(platform, flags);
  const out = flags.out === undefined ? null : requireText(flags.out, "--out", 4096);
  const data = await exportPersonAudited(call, (d) => {
    if (out === null) return;
    try {
      writeFileSync(out, JSON.stringify(d, null, 2) + "\n", { mode: 0o600, flag: "wx" });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw invalid("--out", code === "EEXIST" ? "already exists (an export is never written over a file)" : `cannot be written (${code ?? (error as Error).message})`);
    }
  });
  return out === null ? data : { file: out, visitors: data.person.visitorIds.length, counts: data.counts };
}

/** `person erase --site ID (--visitor UUID | --email E | --user-id U)`: every row held about the person deleted in one transaction. Audited `person.erased`. */
export async function erasePersonCommand(platform: Platform, flags: Flags) {
  return erasePersonAudited(await personCall(platform, flags));
}
