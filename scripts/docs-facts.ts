import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PERMISSIONS, ROLE_PERMISSIONS, ROLES, type Role } from "../lib/auth/permissions.ts";

/**
 * Sections of the docs written from the code's one definition (docs/testing.md "Facts said
 * once"): each sits between `<!-- generated: NAME (scripts/docs-facts.ts) -->` and
 * `<!-- end generated: NAME -->`. `bun scripts/docs-facts.ts` rewrites them;
 * test/unit/docs-facts.test.ts fails while one is out of date.
 */

const ROOT = join(import.meta.dir, "..");
const code = (s: string) => `\`${s}\``;
const and = (items: string[]) => (items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`);

/** What a role holds, said the short way: "all", "all but …" when it lacks fewer than it holds, else the list. */
function roleHolds(role: Role): string {
  const held = PERMISSIONS.filter((p) => ROLE_PERMISSIONS[role].has(p));
  const lacked = PERMISSIONS.filter((p) => !ROLE_PERMISSIONS[role].has(p));
  if (lacked.length === 0) return "all";
  return lacked.length < held.length ? `all but ${and(lacked.map(code))}` : held.map(code).join(", ");
}

/** docs/api.md: the roles' permissions (lib/auth/permissions.ts), roles holding the same joined in one row. */
function roleTable(): string {
  const rows = new Map<string, Role[]>();
  for (const role of ROLES) rows.set(roleHolds(role), [...(rows.get(roleHolds(role)) ?? []), role]);
  return ["| role | permissions |", "|---|---|", ...[...rows].map(([holds, roles]) => `| ${roles.join(", ")} | ${holds} |`)].join("\n");
}

export const GENERATED_SECTIONS = [{ file: "docs/api.md", name: "roles", text: roleTable }] as const;

const markers = (name: string) => [`<!-- generated: ${name} (scripts/docs-facts.ts) -->\n`, `\n<!-- end generated: ${name} -->`] as const;

/** A doc's text with its generated section written from the code; throws if the markers are missing. */
export function withSection(doc: string, name: string, text: string): string {
  const [open, close] = markers(name);
  const start = doc.indexOf(open);
  const end = doc.indexOf(close, start);
  if (start < 0 || end < 0) throw new Error(`no generated section "${name}"`);
  return doc.slice(0, start + open.length) + text + doc.slice(end);
}

/** Each generated section's file, its text now and its text written from the code. */
export function docsFacts(): { file: string; name: string; now: string; generated: string }[] {
  return GENERATED_SECTIONS.map(({ file, name, text }) => {
    const now = readFileSync(join(ROOT, file), "utf8");
    return { file, name, now, generated: withSection(now, name, text()) };
  });
}

if (import.meta.main) {
  for (const { file, now, generated } of docsFacts()) if (generated !== now) writeFileSync(join(ROOT, file), generated), console.log(`wrote ${file}`);
}
