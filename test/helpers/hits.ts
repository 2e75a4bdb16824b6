import { Database } from "bun:sqlite";
import { join } from "node:path";

export const CHROME_UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
export const IPHONE_UA = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

let counter = 0;
/** A fresh UUID (v4 shape). */
export const uuid = () => crypto.randomUUID();

export interface BatchOptions {
  vid?: string;
  sid?: string;
  consent?: { analytics: boolean; marketing: boolean };
  ref?: string;
  utm?: Record<string, string>;
  tz?: string;
}

export function batch(siteKey: string, events: Record<string, unknown>[], o: BatchOptions = {}) {
  counter++;
  return {
    v: 1,
    s: siteKey,
    vid: o.vid ?? uuid(),
    sid: o.sid ?? uuid(),
    nv: false,
    c: o.consent ?? { analytics: true, marketing: true },
    ctx: { ref: o.ref ?? "", lang: "en-GB", tz: o.tz ?? "Europe/London", sw: 1440, sh: 900, utm: o.utm ?? {} },
    e: events,
  };
}

export const ev = (t: string, ts: number, fields: Record<string, unknown> = {}) => ({ id: uuid(), t, ts, u: "http://localhost/", ti: "Home", ...fields });

export function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${url}/v1/collect`, {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "content-type": "application/json", origin: "http://localhost", "user-agent": CHROME_UA, ...headers },
  });
}

/** The org's store, read-only, to check what ingest stored. */
export function openTenant(dataDir: string, orgId: string): Database {
  return new Database(join(dataDir, `${orgId}.sqlite`), { readonly: true });
}
