import type { Category, ItemKind } from "./categories.ts";
import { cookieDatabase, type DatabaseEntry } from "./cookie-database.ts";
import type { Match } from "./models.ts";
import { TAG_HOSTS } from "./tag-hosts.ts";

/** What an item is (docs/consent.md "Classification"). */
export interface Classification {
  category: Category;
  vendor: string;
  purpose: string;
  match: Match;
}

/** A site's own class for a name (cookie_overrides), whatever the item's kind. */
export interface Override {
  category: Category;
  vendor: string;
  purpose: string;
}

/** Tidemark's own keys (services/ingest/tracker/tracker.ts): kept in sessionStorage until consent (DESIGN 4). */
const TIDEMARK: ReadonlyMap<string, string> = new Map([
  ["tm_vid", "Tidemark's visitor id: tells a returning visitor from a new one (per tab until analytics consent)."],
  ["tm_sid", "Tidemark's session: the session id, its last activity and campaign."],
  ["tm_consent", "Tidemark's consent banner: the visitor's choice of analytics and marketing."],
  ["tm_inv", "Tidemark's inventory sampling: this tab has reported its cookies and hosts."],
]);

const UNKNOWN: Classification = { category: "unknown", vendor: "", purpose: "", match: "none" };

/**
 * First match wins: the site's override by name → Tidemark's own keys → the Open Cookie
 * Database by exact name → by its longest wildcard prefix → by host (an item of kind `host` by
 * its name, a cookie by its `host` when the caller passes its third-party domain) → unknown.
 * Names compare exactly (cookie and storage names are case-sensitive); hosts lower-cased.
 */
export function classify(item: { kind: ItemKind; name: string; host?: string }, overrides: ReadonlyMap<string, Override>): Classification {
  const override = overrides.get(item.name);
  if (override) return { category: override.category, vendor: override.vendor, purpose: override.purpose, match: "override" };
  if (item.kind === "host") return classified(byHost(item.name), "host");
  const builtin = TIDEMARK.get(item.name);
  if (builtin !== undefined) return { category: "necessary", vendor: "Tidemark", purpose: builtin, match: "builtin" };
  const db = cookieDatabase();
  const named = db.byName.get(item.name);
  if (named) return classified(named, "name");
  const prefixed = db.byPrefix(item.name);
  if (prefixed) return classified(prefixed, "prefix");
  if (item.kind === "cookie" && item.host) return classified(byHost(item.host), "host");
  return UNKNOWN;
}

function classified(entry: DatabaseEntry | null, match: Match): Classification {
  return entry ? { category: entry.category, vendor: entry.vendor, purpose: entry.purpose, match } : UNKNOWN;
}

/**
 * The host, then each parent domain (region1.google-analytics.com, google-analytics.com, com);
 * at each, the tag-host table (written for loaded scripts) before the database's domain column
 * (where cookies are set). The most specific domain that either knows wins.
 */
export function byHost(host: string): DatabaseEntry | null {
  const domains = cookieDatabase().byDomain;
  let domain = host.toLowerCase().replace(/^\.+|\.+$/g, "");
  for (;;) {
    const entry = TAG_HOSTS.get(domain) ?? domains.get(domain);
    if (entry) return entry;
    const dot = domain.indexOf(".");
    if (dot < 0) return null;
    domain = domain.slice(dot + 1);
  }
}
