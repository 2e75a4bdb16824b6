import { and, eq } from "drizzle-orm";
import { ApiError, invalid } from "../errors.ts";
import { isId } from "../ids.ts";
import { isEmailAddress } from "../email-address.ts";
import type { ControlReader } from "../db/control.ts";
import { memberships, orgs, sites } from "../db/control-schema.ts";

const HOST_RE = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

export function requireText(value: unknown, path: string, max = 200): string {
  if (typeof value !== "string" || value.trim() === "") throw invalid(path, "is required");
  const text = value.trim();
  if (text.length > max) throw invalid(path, `must be at most ${max} characters`);
  return text;
}

export function hostname(value: unknown, path: string): string {
  const host = requireText(value, path, 253).toLowerCase().replace(/\.$/, "");
  if (/^[a-z]+:\/\//.test(host) || host.includes("/")) throw invalid(path, "must be a hostname such as example.com, not a URL");
  if (!HOST_RE.test(host)) throw invalid(path, "is not a valid hostname");
  return host;
}

export function email(value: unknown, path: string): string {
  const text = requireText(value, path, 254).toLowerCase();
  if (!isEmailAddress(text)) throw invalid(path, "is not an e-mail address");
  return text;
}

export function timezone(value: unknown, path: string): string {
  const tz = requireText(value, path, 64);
  try {
    // Intl refuses unknown zones and gives the canonical spelling of known ones.
    return new Intl.DateTimeFormat("en-US", { timeZone: tz }).resolvedOptions().timeZone;
  } catch {
    throw invalid(path, `${tz} is not an IANA timezone`);
  }
}

export function currency(value: unknown, path: string): string {
  const code = requireText(value, path, 3).toUpperCase();
  if (!/^[A-Z]{3}$/.test(code) || !Intl.supportedValuesOf("currency").includes(code)) throw invalid(path, `${code} is not an ISO 4217 currency code`);
  return code;
}

/** A whole number given as a flag (`--visitors 500`), within [min, max]. */
export function integer(value: unknown, path: string, min: number, max: number): number {
  const text = requireText(value, path, 20);
  const n = Number(text);
  if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(n)) throw invalid(path, "must be a whole number");
  if (n < min || n > max) throw invalid(path, `must be from ${min} to ${max}`);
  return n;
}

export function oneOf<T extends string>(value: unknown, path: string, allowed: readonly T[]): T {
  const text = requireText(value, path, 100);
  if (!(allowed as readonly string[]).includes(text)) throw invalid(path, `must be one of ${allowed.join(", ")}`);
  return text as T;
}

export function idFlag(value: unknown, path: string): string {
  const id = requireText(value, path, 24);
  if (!isId(id)) throw invalid(path, "must be a 24-hex id");
  return id;
}

export function orgById(db: ControlReader, id: string) {
  const org = db.select().from(orgs).where(eq(orgs.id, id)).get();
  if (!org) throw new ApiError("NOT_FOUND", `No organization ${id}`, [{ path: "--org", message: "not found" }]);
  return org;
}

export function siteById(db: ControlReader, id: string) {
  const site = db.select().from(sites).where(eq(sites.id, id)).get();
  if (!site) throw new ApiError("NOT_FOUND", `No site ${id}`, [{ path: "--site", message: "not found" }]);
  return site;
}

export function membershipOf(db: ControlReader, orgId: string, userId: string) {
  const m = db.select().from(memberships).where(and(eq(memberships.orgId, orgId), eq(memberships.userId, userId))).get();
  if (!m) throw new ApiError("NOT_FOUND", `User ${userId} is not a member of ${orgId}`, [{ path: "--user", message: "not a member of the organization" }]);
  return m;
}
