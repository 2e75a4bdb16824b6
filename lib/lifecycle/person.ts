import type { Platform } from "../platform.ts";
import { auditInOrg, type Actor } from "../audit.ts";
import type { TenantStore } from "../db/tenants.ts";
import type { PersonSelector } from "./person-find.ts";
import { exportPerson, type PersonExport } from "./person-export.ts";
import { erasePerson } from "./person-erase.ts";
import { overwriteDeleted } from "./deleted-bytes.ts";
import type { PersonErasure } from "./person-models.ts";

/**
 * A person's export and erasure as the admin CLI and the dashboard run them: the work, then the
 * audit entry (`person.exported`, `person.erased`) with the counts per table and the kind of
 * selector — never its value, the contact details or the ids found.
 */
interface Call {
  platform: Platform;
  org: { id: string; dbUrl: string | null };
  store: TenantStore;
  siteId: string;
  selector: PersonSelector;
  actor: Actor;
  ip?: string | null;
}

/** Counts for the audit's label: the visitor ids, then the non-zero tables. */
const summary = (visitors: number, counts: Record<string, number>) =>
  [`${visitors} visitor ids`, ...Object.entries(counts).filter(([k, n]) => n > 0 && k !== "visitors").map(([k, n]) => `${n} ${k}`)].join(", ");

export async function exportPersonAudited(call: Call, beforeAudit?: (data: PersonExport) => void): Promise<PersonExport> {
  const { platform, org, store, siteId, selector, actor, ip } = call;
  const data = await exportPerson(store, siteId, selector, platform.now());
  // Writing the file may fail (it exists): an export that reached no one is not audited.
  beforeAudit?.(data);
  const visitors = data.person.visitorIds.length;
  await auditInOrg(platform, org, {
    actor,
    action: "person.exported",
    label: `A person's data exported (${summary(visitors, data.counts)})`,
    target: { type: "site", id: siteId },
    meta: { siteId, by: selector.by, visitors, counts: data.counts },
    ip,
  });
  return data;
}

export async function erasePersonAudited(call: Call): Promise<PersonErasure> {
  const { platform, org, store, siteId, selector, actor, ip } = call;
  const erased = await erasePerson(store, siteId, selector, platform.now());
  await auditInOrg(platform, org, {
    actor,
    action: "person.erased",
    label: `A person's data erased (${summary(erased.visitors, erased.counts)})`,
    target: { type: "site", id: siteId },
    meta: { siteId, by: selector.by, visitors: erased.visitors, counts: erased.counts, userIdsErased: erased.userIdsErased },
    ip,
  });
  // Deleted rows are overwritten in the file (secure_delete); the WAL's older pages and the site's snapshot go too.
  await overwriteDeleted(platform, org.id, store, [siteId]);
  return erased;
}
