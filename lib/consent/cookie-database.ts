import { parse } from "csv-parse/sync";
import databaseCsv from "../../data/open-cookie-database/open-cookie-database.csv" with { type: "text" };
import type { Category } from "./categories.ts";

/**
 * The Open Cookie Database (data/open-cookie-database/, SOURCE.md says where it comes from):
 * cookie and storage names → category, vendor and purpose. The CSV is embedded (compiled
 * binaries carry it) and parsed once per process, on first use.
 */

export const DATABASE_COLUMNS = [
  "ID",
  "Platform",
  "Category",
  "Cookie / Data Key name",
  "Domain",
  "Description",
  "Retention period",
  "Data Controller",
  "User Privacy & GDPR Rights Portals",
  "Wildcard match",
] as const;

/**
 * The database's categories → the inventory's (SOURCE.md). The file also has a few rows marked
 * "Necessary", which it means as Functional.
 */
export const DATABASE_CATEGORIES: Readonly<Record<string, Category>> = {
  Functional: "necessary",
  Security: "necessary",
  Necessary: "necessary",
  Analytics: "analytics",
  Marketing: "marketing",
  Personalization: "personalization",
};

export interface DatabaseEntry {
  category: Category;
  /** The Data Controller (the company answerable for the data), else the Platform. */
  vendor: string;
  purpose: string;
}

export interface DatabaseRow extends DatabaseEntry {
  /** The line of the file the row ends on (for messages). */
  line: number;
  name: string;
  platform: string;
  /** Domains named in the Domain column, lower-cased, without "(3rd party)" or a leading dot. */
  domains: string[];
  wildcard: boolean;
}

export interface DatabaseProblem {
  line: number;
  message: string;
}

/** Reads the CSV text; every row it cannot use is a problem (the loader refuses any, the refresh script lists them). */
export function readCookieDatabase(text: string): { rows: DatabaseRow[]; problems: DatabaseProblem[] } {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, csv-parse answers { record, info } per row (its types only know string[][]).
    records = parse(text, { bom: true, info: true, skip_empty_lines: true, relax_column_count: true }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 0;
    return { rows: [], problems: [{ line, message: (error as Error).message }] };
  }
  const [head, ...body] = records;
  const header = head?.record ?? [];
  if (header.length !== DATABASE_COLUMNS.length || header.some((column, i) => column !== DATABASE_COLUMNS[i])) {
    return { rows: [], problems: [{ line: 1, message: `the header must be exactly: ${DATABASE_COLUMNS.join(",")}` }] };
  }
  const rows: DatabaseRow[] = [];
  const problems: DatabaseProblem[] = [];
  for (const { record, info } of body) {
    const line = info.lines;
    if (record.length !== DATABASE_COLUMNS.length) {
      problems.push({ line, message: `${record.length} columns, expected ${DATABASE_COLUMNS.length}` });
      continue;
    }
    const [, platform, databaseCategory, rawName, domain, description, , controller, , wildcard] = record;
    const name = rawName.trim();
    const category = Object.hasOwn(DATABASE_CATEGORIES, databaseCategory) ? DATABASE_CATEGORIES[databaseCategory] : undefined;
    if (!name) problems.push({ line, message: "the name is empty" });
    else if (!category) problems.push({ line, message: `category ${JSON.stringify(databaseCategory)} is not one of ${Object.keys(DATABASE_CATEGORIES).join(", ")}` });
    else if (wildcard !== "0" && wildcard !== "1") problems.push({ line, message: `Wildcard match ${JSON.stringify(wildcard)} is not 0 or 1` });
    else {
      rows.push({
        line,
        name,
        platform: platform.trim(),
        category,
        vendor: controller.trim() || platform.trim(),
        purpose: description.trim(),
        domains: domainsOf(domain),
        wildcard: wildcard === "1",
      });
    }
  }
  return { rows, problems };
}

const DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;

/** "Facebook.com (3rd party) or .fb.com" → ["facebook.com", "fb.com"]; words that are not domains are dropped. */
export function domainsOf(cell: string): string[] {
  const domains: string[] = [];
  for (const word of cell.toLowerCase().replaceAll("(3rd party)", " ").split(/[\s,;]+/)) {
    const domain = word.replace(/^\.+|\.+$/g, "");
    if (DOMAIN.test(domain) && !domains.includes(domain)) domains.push(domain);
  }
  return domains;
}

/** A node of the wildcard prefixes' trie: the longest prefix of a name is found in one walk. */
interface PrefixNode {
  next: Map<string, PrefixNode>;
  entry: DatabaseEntry | null;
}

export interface CookieDatabase {
  /** Rows read. */
  size: number;
  /** Exact names (case-sensitive, as cookie names are); a name listed twice keeps its first row. */
  byName: ReadonlyMap<string, DatabaseEntry>;
  /** The wildcard rows' longest prefix of `name`, or null. */
  byPrefix(name: string): DatabaseEntry | null;
  /** A domain of the Domain column → what its rows say (see hostEntries). */
  byDomain: ReadonlyMap<string, DatabaseEntry>;
}

/** Indexes the rows; pure, so tests and the refresh script can build one from any CSV. */
export function indexCookieDatabase(rows: readonly DatabaseRow[]): CookieDatabase {
  const byName = new Map<string, DatabaseEntry>();
  const root: PrefixNode = { next: new Map(), entry: null };
  for (const row of rows) {
    const entry: DatabaseEntry = { category: row.category, vendor: row.vendor, purpose: row.purpose };
    if (!row.wildcard) {
      if (!byName.has(row.name)) byName.set(row.name, entry);
      continue;
    }
    let node = root;
    for (const ch of row.name) {
      let child = node.next.get(ch);
      if (!child) node.next.set(ch, (child = { next: new Map(), entry: null }));
      node = child;
    }
    node.entry ??= entry;
  }
  return {
    size: rows.length,
    byName,
    byPrefix(name) {
      let node: PrefixNode | undefined = root;
      let found: DatabaseEntry | null = null;
      for (let i = 0; i < name.length; i++) {
        node = node.next.get(name[i]);
        if (!node) break;
        if (node.entry) found = node.entry;
      }
      return found;
    },
    byDomain: hostEntries(rows),
  };
}

/** The more a category needs, the earlier it wins a tie. */
const TIE_ORDER: readonly Category[] = ["marketing", "personalization", "analytics", "necessary", "unknown"];

/**
 * A domain's rows → one entry for a host of that domain. Loading a host before consent is at
 * stake for tracking, so the host is not necessary when at least as many of its rows are not
 * (an ad network that also sets a few technical cookies is an ad host); its category is then
 * the one most of those rows have (ties to the more demanding). The vendor is the one most of
 * the chosen rows name, and the purpose says the class comes from the cookies listed for it.
 */
function hostEntries(rows: readonly DatabaseRow[]): Map<string, DatabaseEntry> {
  const rowsOf = new Map<string, DatabaseRow[]>();
  for (const row of rows) {
    for (const domain of row.domains) {
      const list = rowsOf.get(domain);
      if (list) list.push(row);
      else rowsOf.set(domain, [row]);
    }
  }
  const entries = new Map<string, DatabaseEntry>();
  for (const [domain, domainRows] of rowsOf) {
    const tracking = domainRows.filter((r) => r.category !== "necessary");
    const pool = tracking.length * 2 >= domainRows.length ? tracking : domainRows;
    const category = mostCommon(pool.map((r) => r.category), (a, b) => TIE_ORDER.indexOf(a) - TIE_ORDER.indexOf(b));
    const chosen = pool.filter((r) => r.category === category);
    const vendor = mostCommon(chosen.map((r) => r.vendor), (a, b) => chosen.findIndex((r) => r.vendor === a) - chosen.findIndex((r) => r.vendor === b));
    const names = chosen.slice(0, 3).map((r) => r.name).join(", ");
    entries.set(domain, { category, vendor, purpose: `A host of ${vendor}; the Open Cookie Database lists its ${category} cookies (${names}${chosen.length > 3 ? ", …" : ""}).` });
  }
  return entries;
}

/** The most frequent value; `tie` orders values of equal count (first wins). */
function mostCommon<T>(values: readonly T[], tie: (a: T, b: T) => number): T {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort(([a, ca], [b, cb]) => cb - ca || tie(a, b))[0][0];
}

let loaded: CookieDatabase | null = null;

/** The project's copy, parsed on first use. The copy is checked when refreshed, so a problem here is a broken build. */
export function cookieDatabase(): CookieDatabase {
  if (loaded) return loaded;
  const { rows, problems } = readCookieDatabase(databaseCsv);
  if (problems.length > 0) throw new Error(`data/open-cookie-database/open-cookie-database.csv line ${problems[0].line}: ${problems[0].message}`);
  loaded = indexCookieDatabase(rows);
  return loaded;
}
