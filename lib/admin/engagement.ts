import { orgs } from "../db/control-schema.ts";
import type { TenantStore } from "../db/tenants.ts";
import { ApiError } from "../errors.ts";
import type { Platform } from "../platform.ts";
import { checkPopupDef } from "../engagement/popup-definition.ts";
import { checkWheelDef } from "../engagement/wheel-definition.ts";
import type { EngagementStatus } from "../engagement/types.ts";
import {
  countedPopups, createPopup, createWheel, fileStatus, MAX_POPUPS_PER_SESSION, rowOf, setPopupsPerSession, setStatus, updatePopup, updateWheel,
  type Kind, type StoredRow,
} from "../engagement/manage.ts";
import { auditAdmin } from "./audit-admin.ts";
import { readJsonFile } from "./json-file.ts";
import { siteAndStore } from "./site-store.ts";
import { enforceLimit } from "./limits.ts";
import { idFlag, integer, orgById, siteById } from "./validate.ts";

/** The admin CLI's popup and spin commands (docs/engagement.md "Definitions"); every change audited. */

type Org = ReturnType<typeof orgById>;
const AUDIT_NOUN: Record<Kind, string> = { popup: "popup", wheel: "spin" };
const LABEL: Record<Kind, string> = { popup: "Popup", wheel: "Spin wheel" };

/**
 * The popup or wheel named by `--id`, wherever it is: ids say nothing of their org, so each
 * org's store is asked until one has it (an operator's command, rare). A store that cannot be
 * opened is skipped; if nothing was found the answer says so.
 */
async function findById(platform: Platform, kind: Kind, value: unknown): Promise<{ org: Org; store: TenantStore; row: StoredRow }> {
  const id = idFlag(value, "--id");
  let unreachable = 0;
  for (const org of platform.control.db.select().from(orgs).all()) {
    let store: TenantStore;
    try {
      store = await platform.tenants.get(org);
    } catch {
      unreachable++;
      continue;
    }
    const row = await rowOf(store, kind, id);
    // The row's site must be one of this org's (a copied store file must not reach another org's site).
    if (row && siteById(platform.control.db, row.siteId).orgId === org.id) return { org, store, row };
  }
  const also = unreachable > 0 ? ` (${unreachable} organization database${unreachable === 1 ? "" : "s"} could not be opened)` : "";
  throw new ApiError("NOT_FOUND", `No ${LABEL[kind].toLowerCase()} ${id}${also}`, [{ path: "--id", message: "not found" }]);
}

/** `popup create --site ID --file DEF.json` → `{ id }`; within the plan's `popups` limit. */
export async function createPopupCommand(platform: Platform, input: { site?: unknown; file?: unknown }) {
  const { site, org, store } = await siteAndStore(platform, input.site);
  const raw = readJsonFile(input.file, "popup");
  const def = checkPopupDef(raw, "");
  const status = fileStatus(raw, true)!;
  enforceLimit(org.plan, "popups", await countedPopups(store));
  const id = await createPopup(store, site.id, def, status, platform.now());
  await auditAdmin(platform, org, {
    action: "popup.created",
    label: `Popup "${def.name}" created (${status})`,
    target: { type: "popup", id },
    meta: { siteId: site.id, status, layout: def.layout, variants: def.variants.map((v) => v.key), holdout: def.holdout },
  });
  return { id };
}

/** `popup update --id ID --file DEF.json` → `{ id }`: the whole definition again. */
export async function updatePopupCommand(platform: Platform, input: { id?: unknown; file?: unknown }) {
  const raw = readJsonFile(input.file, "popup");
  const def = checkPopupDef(raw, "");
  const status = fileStatus(raw, false);
  const { org, store, row } = await findById(platform, "popup", input.id);
  await updatePopup(store, row, def, status, platform.now());
  await auditAdmin(platform, org, {
    action: "popup.updated",
    label: `Popup "${def.name}" updated`,
    target: { type: "popup", id: row.id },
    meta: { siteId: row.siteId, status: status ?? row.status, variants: def.variants.map((v) => v.key), holdout: def.holdout },
  });
  return { id: row.id };
}

/** `popup|spin pause|activate|archive --id ID` → `{ id, status }`. */
export const statusCommand = (kind: Kind, status: EngagementStatus) => async (platform: Platform, input: { id?: unknown }) => {
  const { org, store, row } = await findById(platform, kind, input.id);
  if (row.status !== status) {
    await setStatus(store, kind, row, status, platform.now());
    await auditAdmin(platform, org, {
      action: `${AUDIT_NOUN[kind]}.status_changed`,
      label: `${LABEL[kind]} "${row.name}" ${status === "active" ? "activated" : status}`,
      target: { type: AUDIT_NOUN[kind], id: row.id },
      meta: { siteId: row.siteId, from: row.status, to: status },
    });
  }
  return { id: row.id, status };
};

/** `popup cap --site ID --per-session N` → `{ siteId, popupsPerSession }`. */
export async function popupCapCommand(platform: Platform, input: { site?: unknown; "per-session"?: unknown }) {
  const popupsPerSession = integer(input["per-session"], "--per-session", 1, MAX_POPUPS_PER_SESSION);
  const { site, org, store } = await siteAndStore(platform, input.site);
  await setPopupsPerSession(store, site.id, popupsPerSession);
  await auditAdmin(platform, org, {
    action: "popup.cap_changed",
    label: `At most ${popupsPerSession} popup${popupsPerSession === 1 ? "" : "s"} per session on ${site.name}`,
    target: { type: "site", id: site.id },
    meta: { popupsPerSession },
  });
  return { siteId: site.id, popupsPerSession };
}

const codeCount = (def: { slices: { codes?: string[] }[] }) => def.slices.reduce((n, s) => n + (s.codes?.length ?? 0), 0);

/** `spin create --site ID --file DEF.json` → `{ id }`. */
export async function createWheelCommand(platform: Platform, input: { site?: unknown; file?: unknown }) {
  const { site, org, store } = await siteAndStore(platform, input.site);
  const raw = readJsonFile(input.file, "spin wheel");
  const def = checkWheelDef(raw, "");
  const status = fileStatus(raw, true)!;
  const id = await createWheel(store, site.id, def, status, platform.now());
  await auditAdmin(platform, org, {
    action: "spin.created",
    label: `Spin wheel "${def.name}" created (${status})`,
    target: { type: "spin", id },
    meta: { siteId: site.id, status, slices: def.slices.length, codes: codeCount(def) },
  });
  return { id };
}

/** `spin update --id ID --file DEF.json` → `{ id }`: codes already handed out are kept. */
export async function updateWheelCommand(platform: Platform, input: { id?: unknown; file?: unknown }) {
  const raw = readJsonFile(input.file, "spin wheel");
  const def = checkWheelDef(raw, "");
  const status = fileStatus(raw, false);
  const { org, store, row } = await findById(platform, "wheel", input.id);
  await updateWheel(store, row, def, status, platform.now());
  await auditAdmin(platform, org, {
    action: "spin.updated",
    label: `Spin wheel "${def.name}" updated`,
    target: { type: "spin", id: row.id },
    meta: { siteId: row.siteId, status: status ?? row.status, slices: def.slices.length, codes: codeCount(def) },
  });
  return { id: row.id };
}
