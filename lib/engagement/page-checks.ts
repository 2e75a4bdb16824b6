import MailChecker from "mailchecker";
import type { TSchema, Static } from "@sinclair/typebox";
import { ApiError } from "../errors.ts";
import type { Platform } from "../platform.ts";
import { RateLimiter, rateLimited } from "../ratelimit.ts";
import { parseJsonText } from "../http/request.ts";
import { modelCheck } from "../http/model-check.ts";
import { originHost } from "../ingest/collect.ts";
import { hostAllowed, siteByKey, type TrackedSite } from "../ingest/site-lookup.ts";
import { checkContactValue, failed, type LeadContact } from "../leads/lead.ts";
import type { TenantStore } from "../db/tenants.ts";
import type { LeadField } from "./types.ts";

/**
 * What `POST /v1/leads` and `POST /v1/spins` check alike before anything is written: the body
 * (malformed JSON 400, not the model 422), the site (404), the page's Origin (403, as for
 * /v1/collect), the per-address allowance (429), the honeypot and the answers (422).
 */

/** A request from a site's page, as the route hands it over. */
export interface PageRequest {
  /** The body's text. */
  body: string;
  origin: string | null;
  ip: string;
  /** When it arrived (the router's clock). */
  at: number;
}

/** A compiled body model: `read` parses a body's text and checks it against the model. */
export function bodyReader<T extends TSchema>(model: T): (text: string) => Static<T> {
  const check = modelCheck(model);
  return (text) => {
    const body = parseJsonText(text);
    if (body === undefined) throw new ApiError("BAD_REQUEST", "The request body is empty", [{ path: "body", message: "is empty: send the JSON object" }]);
    return check(body);
  };
}

/** The site of a page's request: its key (sent at `keyPath`) must name a site (404) and the Origin be one of its verified domains (403). */
export function pageSite(platform: Platform, siteKey: string, origin: string | null, keyPath = "s"): TrackedSite {
  const site = siteKey.length <= 64 ? siteByKey(platform.control, siteKey) : null;
  if (!site) throw new ApiError("NOT_FOUND", "Unknown site key", [{ path: keyPath, message: "no site has this key" }]);
  const host = originHost(origin);
  if (!host || !hostAllowed(site, host)) {
    throw new ApiError("FORBIDDEN", "This origin is not a verified domain of the site", [{ path: "origin", message: host ?? "missing Origin header" }]);
  }
  return site;
}

/**
 * Submissions a minute one address may make to one site, per endpoint (ENGAGE_RATE_PER_IP,
 * default 20): refused ones count too (once the site and Origin are known), so nobody probes
 * the checks at speed. One-minute windows.
 */
export class PageAllowance {
  private readonly limiter: RateLimiter;

  constructor(limit: number, now: () => number) {
    this.limiter = new RateLimiter(limit, now);
  }

  take(site: TrackedSite, ip: string, at: number, what: string): void {
    const decision = this.limiter.hit(`${site.id}|${ip}`, at);
    if (!decision.allowed) throw rateLimited(decision, `Too many ${what} from this address`);
  }
}

/** What a page endpoint works with: the platform, and its own per-address allowance. */
export interface PageDeps {
  platform: Platform;
  allowance: PageAllowance;
}

/** A page's request once its body, site, Origin, allowance and honeypot have passed. */
export interface OpenedPageRequest<T> {
  body: T;
  site: TrackedSite;
  store: TenantStore;
}

/** The checks every page endpoint starts with, in this order: body, site, Origin, allowance (`what` names the requests in the 429), honeypot. */
export async function openPageRequest<T extends { s: string; hp?: string }>(deps: PageDeps, request: PageRequest, read: (text: string) => T, what: string): Promise<OpenedPageRequest<T>> {
  const body = read(request.body);
  const site = pageSite(deps.platform, body.s, request.origin);
  deps.allowance.take(site, request.ip, request.at, what);
  refuseHoneypot(body.hp);
  return { body, site, store: await deps.platform.tenants.get(site.org) };
}

/** A filled honeypot: people do not see the field, so whoever filled it is a robot. */
export function refuseHoneypot(hp: string | undefined): void {
  if (hp !== undefined && hp !== "") throw failed("hp", "must be empty");
}

/** Whether the address's domain, or a domain it is under, is on mailchecker's list of throwaway providers. */
function disposableDomain(email: string): boolean {
  const list = MailChecker.blacklist();
  let domain = email.slice(email.lastIndexOf("@") + 1);
  for (;;) {
    if (list.has(domain)) return true;
    const dot = domain.indexOf(".");
    if (dot < 0) return false;
    domain = domain.slice(dot + 1);
  }
}

/** An e-mail address as a page sends it: the leads' rule (trimmed, lower case), then mailchecker's stricter syntax and its disposable domains. */
export function checkPageEmail(value: unknown, path: string): string | null {
  const email = checkContactValue("email", value, path);
  if (email === null || MailChecker.isValid(email)) return email;
  throw failed(path, disposableDomain(email) ? "is a disposable address: use a permanent one" : "is not an e-mail address");
}

/**
 * The contact of a form's answers: only the fields the form asks for are kept (an answer to a
 * field it no longer asks for, from a page loaded before a change, is left out rather than
 * refused), each checked by its kind; each of `required` must be there (422 `fields.<name>`).
 */
export function contactOf(fields: Partial<Record<LeadField, string>>, asked: readonly LeadField[], required: readonly LeadField[]): LeadContact {
  const contact: LeadContact = { name: null, email: null, phone: null, company: null, message: null };
  for (const field of asked) {
    const path = `fields.${field}`;
    contact[field] = field === "email" ? checkPageEmail(fields[field], path) : checkContactValue(field, fields[field], path);
  }
  for (const field of required) if (contact[field] === null) throw failed(`fields.${field}`, "is required");
  return contact;
}

/** The consent stored with a lead (`extra.consent`): whether it was given, the exact text, when. */
export interface ConsentRecord {
  given: boolean;
  text: string;
  at: string;
}

/**
 * A form's consent box: a required one must be ticked (422 `consent.given`); the text stored is
 * the definition's own (what the page was told to show), not the one sent.
 */
export function consentOf(box: { text: string; required: boolean } | null, sent: { given: boolean } | undefined, at: number): ConsentRecord | null {
  if (box === null) return null;
  const given = sent?.given === true;
  if (box.required && !given) throw failed("consent.given", "is required: the visitor must tick the consent box");
  return { given, text: box.text, at: new Date(at).toISOString() };
}
