import { ApiError } from "../errors.ts";
import { newId } from "../ids.ts";
import type { Platform } from "../platform.ts";
import { allOp, readRows, runOp, runProgram, type Program } from "../db/statements.ts";
import type { TenantStore } from "../db/tenants.ts";
import { insertLead, prepareLead, type LeadRow, type LeadSite } from "../leads/create-lead.ts";
import { leadSite, requireOrgFeatures } from "../leads/inbound.ts";
import { failed, type LeadInput } from "../leads/lead.ts";
import { drawSlice } from "./draw.ts";
import { SpinRequest, type SpinOutcome } from "./page-models.ts";
import { bodyReader, checkPageEmail, consentOf, contactOf, openPageRequest, type PageDeps, type PageRequest } from "./page-checks.ts";
import type { SpinAllowance } from "./spin-allowance.ts";
import type { WheelDefinition } from "./types.ts";
import { storedWheel } from "./manage.ts";

/**
 * `POST /v1/spins` (docs/engagement.md "Spinning"): once per wheel per e-mail address and per
 * browser, the server draws the prize (lib/engagement/draw.ts) and writes the draw, the spin and
 * its lead (source `spin`, `extra.prize`) with the lead's webhook deliveries in one write
 * transaction: a spin never exists without its lead, nor a lead without its spin, and a stock
 * or a code is only taken by a spin that was stored. The page only animates to the answer.
 */

export interface SpinDone {
  /** 201 for a new spin, 200 for a repeat of the page's id. */
  status: 200 | 201;
  body: SpinOutcome;
  orgId: string;
  deliveries: number;
}

const readSpin = bodyReader(SpinRequest);

const DAY_MS = 86_400_000;
export const EMAIL_SPUN = "This e-mail address has already spun this wheel";
export const BROWSER_SPUN = "This browser has already spun this wheel";

/** The page's id as the spin lead's externalId. */
const spinLeadId = (id: string) => `spin:${id.toLowerCase()}`;
/** The visitor as spins keep it: the UUID's hex, lower case. */
const visitorHex = (vid: string) => vid.replaceAll("-", "").toLowerCase();

export interface ActiveWheel {
  id: string;
  name: string;
  definition: WheelDefinition;
}

interface SpinRow {
  id: string;
  client_id: string;
  email: string;
  visitor_uid: string;
  slice: number;
  code: string | null;
  expires_at: number | null;
}

/** The answer the page gets for a stored spin (a repeat gets the same). */
function outcomeOf(spin: SpinRow, def: WheelDefinition): SpinOutcome {
  const slice = def.slices[spin.slice];
  return {
    ok: true,
    spinId: spin.id,
    slice: spin.slice,
    label: slice?.label ?? "",
    prize: slice?.prize ?? "none",
    code: spin.code,
    expiresAt: spin.expires_at === null ? null : new Date(spin.expires_at).toISOString(),
  };
}

const SPIN_COLUMNS = "id, client_id, email, visitor_uid, slice, code, expires_at";

/** The wheel of the site by id whatever its status (a repeat is answered even after a pause), or null. */
async function wheelOfSite(store: TenantStore, siteId: string, id: string): Promise<(ActiveWheel & { status: string }) | null> {
  const rows = await readRows(store, "SELECT id, name, status, definition FROM spin_wheels WHERE id = ? AND site_id = ?", [id, siteId], "objects");
  if (rows.length === 0) return null;
  return { id: rows[0].id as string, name: rows[0].name as string, status: rows[0].status as string, definition: storedWheel(rows[0] as { definition: string }) };
}

const conflict = (path: string, message: string) => new ApiError("CONFLICT", message, [{ path, message }]);

export const ID_SPUN = "This id belongs to another spin";

/**
 * A spin stored under the page's id is answered again (its prize and code) only to the address
 * and browser it was drawn for; anyone else sending that id gets 409 at `id` and no code.
 */
function repeatFor(spin: SpinRow, email: string, visitor: string): SpinRow {
  if (spin.email !== email || spin.visitor_uid !== visitor) throw conflict("id", ID_SPUN);
  return spin;
}

/** Who already spun: the same page id (a repeat, its own address and browser only), else the same address or browser (409). */
function alreadySpun(prior: SpinRow[], clientId: string, email: string, visitor: string): SpinRow | null {
  const repeat = prior.find((p) => p.client_id === clientId);
  if (repeat) return repeatFor(repeat, email, visitor);
  if (prior.some((p) => p.email === email)) throw conflict("fields.email", EMAIL_SPUN);
  if (prior.some((p) => p.visitor_uid === visitor)) throw conflict("vid", BROWSER_SPUN);
  return null;
}

export interface SpinPlan {
  wheel: ActiveWheel;
  clientId: string;
  email: string;
  visitor: string;
  lead: LeadRow;
  site: LeadSite;
  at: number;
}

/**
 * The write: the once-only checks again under the write lock (two spins of one person racing),
 * the draw, the lead with the prize, the spin. A repeat found here answers the first spin.
 */
export function* spinProgram(plan: SpinPlan): Program<{ spin: SpinRow; deliveries: number; repeat: boolean }> {
  const { wheel, clientId, email, visitor, at } = plan;
  const prior = (yield allOp(
    `SELECT ${SPIN_COLUMNS} FROM spins WHERE wheel_id = ? AND (client_id = ? OR email = ? OR visitor_uid = ?)`,
    wheel.id, clientId, email, visitor,
  )) as unknown as SpinRow[];
  const repeat = alreadySpun(prior, clientId, email, visitor);
  if (repeat) return { spin: repeat, deliveries: 0, repeat: true };

  const spinId = newId();
  const drawn = yield* drawSlice(wheel.id, wheel.definition.slices, spinId);
  if (drawn === null) throw conflict("wheel", "This wheel has no prizes left");
  const slice = wheel.definition.slices[drawn.slice];
  const code = slice.prize === "coupon_pool" ? drawn.code : slice.prize === "static_code" ? slice.code : null;
  const expiresAt = code !== null && wheel.definition.couponDays !== null ? at + wheel.definition.couponDays * DAY_MS : null;
  const spin: SpinRow = { id: spinId, client_id: clientId, email, visitor_uid: visitor, slice: drawn.slice, code, expires_at: expiresAt };

  const prize = { slice: drawn.slice, label: slice.label, kind: slice.prize, code, expiresAt: expiresAt === null ? null : new Date(expiresAt).toISOString() };
  const row: LeadRow = { ...plan.lead, input: { ...plan.lead.input, extra: { ...plan.lead.input.extra, prize } } };
  const lead = yield* insertLead(row, plan.site);
  yield runOp(
    `INSERT INTO spins (${SPIN_COLUMNS}, wheel_id, created_at, lead_id) VALUES (?,?,?,?,?,?,?,?,?,?)`,
    spin.id, clientId, email, visitor, spin.slice, code, expiresAt, wheel.id, at, lead.id,
  );
  return { spin, deliveries: lead.deliveries, repeat: false };
}

/** A page endpoint's deps, with what one client may take of the site's wheels. */
export interface SpinDeps extends PageDeps {
  spinAllowance: SpinAllowance;
}

/** Checks a page's spin, draws and writes it (see the module's doc); throws the error to answer. */
export async function spinWheel(deps: SpinDeps, request: PageRequest): Promise<SpinDone> {
  const { platform } = deps;
  const { body, site: tracked, store } = await openPageRequest(deps, request, readSpin, "spins");
  const wheel = await wheelOfSite(store, tracked.id, body.wheel);
  const clientId = body.id.toLowerCase();
  if (wheel !== null) {
    const first = (await readRows(store, `SELECT ${SPIN_COLUMNS} FROM spins WHERE wheel_id = ? AND client_id = ?`, [wheel.id, clientId], "objects")) as unknown as SpinRow[];
    if (first.length > 0) {
      const email = checkPageEmail(body.fields.email, "fields.email");
      if (email === null) throw failed("fields.email", "is required");
      const repeat = repeatFor(first[0], email, visitorHex(body.vid));
      return { status: 200, body: outcomeOf(repeat, wheel.definition), orgId: tracked.orgId, deliveries: 0 };
    }
  }
  if (wheel === null || wheel.status !== "active") throw new ApiError("NOT_FOUND", "No active wheel of this site has this id", [{ path: "wheel", message: "no active wheel of this site has this id" }]);
  requireOrgFeatures(platform, tracked.orgId, ["leads", "spinwheel"]);

  const form = wheel.definition.form;
  const contact = contactOf(body.fields, form.fields.includes("email") ? form.fields : ["email", ...form.fields], [...new Set(["email" as const, ...form.required])]);
  const consent = consentOf(form.consent, body.consent, request.at);
  const email = contact.email!;
  const visitor = visitorHex(body.vid);
  // The usual second spin is refused here, before the lead's reads and the write lock.
  const prior = (await readRows(store, `SELECT ${SPIN_COLUMNS} FROM spins WHERE wheel_id = ? AND (email = ? OR visitor_uid = ?)`, [wheel.id, email, visitor], "objects")) as unknown as SpinRow[];
  alreadySpun(prior, clientId, email, visitor);
  // Last before the write: only a spin that goes to the draw is counted.
  deps.spinAllowance.take(tracked, request.ip, email, request.at);

  const site = leadSite(platform.control, tracked.id);
  const input: LeadInput = {
    source: "spin",
    sourceName: wheel.name,
    externalId: spinLeadId(clientId),
    contact,
    extra: { ...(consent ? { consent } : {}), wheelId: wheel.id },
    visitorId: body.vid.toLowerCase(),
    campaign: null,
    path: body.path ?? null,
  };
  const lead = await prepareLead(store, site, input, request.at);
  const done = await runProgram(store, spinProgram({ wheel, clientId, email, visitor, lead, site, at: request.at }));
  return { status: done.repeat ? 200 : 201, body: outcomeOf(done.spin, wheel.definition), orgId: tracked.orgId, deliveries: done.deliveries };
}
