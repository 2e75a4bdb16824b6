import { and, count, desc, eq, gte, or, sql, type SQL } from "drizzle-orm";
import { auditLog } from "./db/tenant-schema.ts";
import type { TenantDb } from "./db/tenants.ts";
import { newId } from "./ids.ts";
import { pageWindow } from "./paging.ts";
import type { ActivityLog, AuditQuery } from "./api/models.ts";
import type { Platform } from "./platform.ts";
import { logLine } from "./log.ts";
import { runOp, type Op } from "./db/statements.ts";

export interface Actor {
  type: "user" | "key" | "operator";
  id: string;
  name: string;
  email?: string;
}

/** The admin CLI acts as the operator of the installation. */
export const OPERATOR: Actor = { type: "operator", id: "operator", name: "Operator (admin CLI)" };

export interface AuditEntry {
  actor: Actor;
  action: string;
  label: string;
  target: { type: string; id: string };
  meta?: Record<string, unknown>;
  ip?: string | null;
  at?: number;
}

export function auditRow(entry: AuditEntry): typeof auditLog.$inferInsert {
  return {
    id: newId(),
    at: entry.at ?? Date.now(),
    actorType: entry.actor.type,
    actorId: entry.actor.id,
    actorName: entry.actor.name,
    actorEmail: entry.actor.email ?? "",
    action: entry.action,
    label: entry.label,
    targetType: entry.target.type,
    targetId: entry.target.id,
    meta: JSON.stringify(entry.meta ?? {}),
    ip: entry.ip ?? null,
  };
}

export async function recordAudit(db: TenantDb, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(auditRow(entry));
}

/** The entry as an operation of a write program (lib/db/statements.ts), written in the same transaction as the change it records. */
export function auditOp(entry: AuditEntry): Op {
  const row = auditRow(entry);
  return runOp(
    "INSERT INTO audit_log (id, at, actor_type, actor_id, actor_name, actor_email, action, label, target_type, target_id, meta, ip) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)",
    row.id, row.at!, row.actorType, row.actorId, row.actorName, row.actorEmail ?? "", row.action, row.label, row.targetType, row.targetId, row.meta ?? "{}",
  );
}

/**
 * Writes an entry to an org's audit log from outside a request on that org (the admin CLI, an
 * account event). The change it records lives in control.sqlite: an org whose own database is
 * down misses the entry (reported and returned), never the change.
 */
export async function auditInOrg(platform: Platform, org: { id: string; dbUrl: string | null }, entry: AuditEntry): Promise<string | null> {
  try {
    const store = await platform.tenants.get(org);
    await recordAudit(store.db, { at: platform.now(), ...entry });
    return null;
  } catch (error) {
    const message = String((error as Error).message ?? error);
    logLine({ level: "warn", msg: "audit entry not written", orgId: org.id, action: entry.action, error: message });
    return message;
  }
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Spec 4.4: filtered, paged, newest first; `actions` lists every action present for the filter. */
export async function activityLog(db: TenantDb, orgId: string, query: AuditQuery, now: number): Promise<ActivityLog> {
  const { page, offset, size } = pageWindow(query.page, query.size ?? 25);
  const conditions: SQL[] = [];
  if (query.days) conditions.push(gte(auditLog.at, now - query.days * 86_400_000));
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    const matches = [auditLog.actorName, auditLog.actorEmail, auditLog.action, auditLog.label, auditLog.targetType, auditLog.targetId].map(
      // LIKE needs its escape character declared for the backslash escapes above.
      (column) => sql`${column} LIKE ${pattern} ESCAPE '\\'`,
    );
    conditions.push(or(...matches)!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [{ n }], actions] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(size).offset(offset),
    db.select({ n: count() }).from(auditLog).where(where),
    db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      at: new Date(r.at).toISOString(),
      actor: { id: r.actorId, name: r.actorName, email: r.actorEmail },
      action: r.action,
      label: r.label,
      target: { type: r.targetType, id: r.targetId },
      meta: JSON.parse(r.meta) as Record<string, unknown>,
      orgId,
    })),
    total: n,
    actions: actions.map((a) => a.action),
    page,
    pages: Math.max(1, Math.ceil(n / size)),
    size,
  };
}
