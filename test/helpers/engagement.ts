import { Database } from "bun:sqlite";
import { join } from "node:path";
import type { EngagementStatus, PopupDefinition, Slice, WheelDefinition } from "../../lib/engagement/types.ts";
import { newId } from "../../lib/ids.ts";
import { must, type TestStack } from "./stack.ts";

/**
 * Popups and wheels written straight into an org's store, with full definitions as
 * lib/engagement/types.ts has them (what the admin CLI stores), for the public endpoints' tests.
 */

const COLORS = { background: "#ffffff", text: "#111111", button: "#0b57d0", buttonText: "#ffffff" };
const TARGETING = { paths: [], excludePaths: [], devices: [], visitor: "any", channels: [], campaigns: [], countries: [] } as PopupDefinition["targeting"];

export function popupDef(overrides: Partial<PopupDefinition> = {}): PopupDefinition {
  return {
    name: "Spring newsletter",
    layout: "modal",
    content: { title: "Get 10 % off", text: "Join the newsletter.", imageUrl: null, imageAlt: "", button: "Subscribe", buttonUrl: null, colors: COLORS },
    form: {
      fields: ["email", "name"],
      required: ["email"],
      consent: { text: "I agree to receive e-mails.", required: true },
      submitLabel: "Subscribe",
      successText: "Thanks — check your inbox.",
    },
    triggers: [{ kind: "exit_intent", mobile: "scroll_up" }, { kind: "scroll", percent: 50 }],
    targeting: TARGETING,
    frequency: { show: "every_n_days", days: 7, stopAfterClose: true, stopAfterConvert: true, maxViews: 5 },
    startAt: null,
    endAt: null,
    variants: [
      { key: "a", name: "Discount", weight: 50 },
      { key: "b", name: "Free guide", weight: 50, content: { title: "Free SEO guide" } },
    ],
    holdout: 10,
    ...overrides,
  };
}

export const slice = (label: string, weight: number, rest: Partial<Slice> = {}): Slice => ({ label, prize: "none", code: null, weight, stock: null, color: "#ff0000", ...rest });

export function wheelDef(slices: Slice[], overrides: Partial<WheelDefinition> = {}): WheelDefinition {
  return {
    name: "Summer wheel",
    title: "Spin to win",
    text: "One spin per person.",
    slices,
    form: { fields: ["email"], required: ["email"], consent: null, submitLabel: "Spin", successText: "Good luck!" },
    couponDays: 14,
    triggers: [{ kind: "immediately" }],
    targeting: TARGETING,
    colors: COLORS,
    startAt: null,
    endAt: null,
    ...overrides,
  };
}

export class EngagementRows {
  constructor(
    private readonly dataDir: string,
    private readonly orgId: string,
  ) {}

  private open(): Database {
    const db = new Database(join(this.dataDir, `${this.orgId}.sqlite`));
    db.exec("PRAGMA busy_timeout = 5000");
    return db;
  }

  /** Runs `work` on a writable connection to the org's store. */
  with<T>(work: (db: Database) => T): T {
    const db = this.open();
    try {
      return work(db);
    } finally {
      db.close();
    }
  }

  all(sql: string, ...args: (string | number | null)[]): any[] {
    return this.with((db) => db.query(sql).all(...args));
  }

  count(sql: string, ...args: (string | number | null)[]): number {
    return this.with((db) => (db.query(sql).get(...args) as { n: number }).n);
  }

  popup(siteId: string, def: PopupDefinition, status: EngagementStatus = "active", at = Date.now()): string {
    const id = newId();
    this.with((db) =>
      db.query("INSERT INTO popups (id, site_id, name, status, definition, created_at, updated_at) VALUES (?,?,?,?,?,?,?)").run(id, siteId, def.name, status, JSON.stringify(def), at, at),
    );
    return id;
  }

  setPopupStatus(id: string, status: EngagementStatus): void {
    this.with((db) => db.query("UPDATE popups SET status = ?, updated_at = ? WHERE id = ?").run(status, Date.now(), id));
  }

  /** A wheel as the CLI makes it: the definition without the codes, a stock row per slice, the coupon codes in their pool. */
  wheel(siteId: string, def: WheelDefinition, status: EngagementStatus = "active", at = Date.now()): string {
    const id = newId();
    const stored = { ...def, slices: def.slices.map(({ codes: _codes, ...rest }) => rest) };
    this.with((db) =>
      db.transaction(() => {
        db.query("INSERT INTO spin_wheels (id, site_id, name, status, definition, created_at, updated_at) VALUES (?,?,?,?,?,?,?)").run(id, siteId, def.name, status, JSON.stringify(stored), at, at);
        def.slices.forEach((s, i) => {
          db.query("INSERT INTO spin_slices (wheel_id, slice, stock_left, awarded) VALUES (?,?,?,0)").run(id, i, s.stock);
          for (const code of s.codes ?? []) db.query("INSERT INTO coupon_codes (wheel_id, slice, code) VALUES (?,?,?)").run(id, i, code);
        });
      })(),
    );
    return id;
  }
}

/** A new site of the stack's bootstrap org with `domain` verified (its pages may send leads and spins), and the org's rows. */
export function verifiedSite(s: TestStack, name: string, domain: string): { site: { id: string; siteKey: string }; rows: EngagementRows } {
  const orgId = s.bootstrap!.orgId;
  const site = must(s.admin("site", "create", "--org", orgId, "--name", name, "--domain", domain));
  must(s.admin("domain", "verify", "--site", site.id, "--hostname", domain, "--force"));
  return { site, rows: new EngagementRows(s.dataDir, orgId) };
}

/** A new client address at each call (10.x.y.z), for tests whose spins or hits must not share a per-address window. */
export function freshAddresses(): () => string {
  let n = 0;
  return () => {
    n++;
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  };
}
