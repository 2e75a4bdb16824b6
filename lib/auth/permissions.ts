/** Every permission a key can hold (spec Part 5.8 plus audit.read and reports.export). */
export const PERMISSIONS = [
  "sites.read",
  "analytics.read",
  "analytics.realtime",
  "analytics.pii.read",
  "reports.read",
  "reports.export",
  "leads.read",
  "recommendations.read",
  "popups.read",
  "spinwheel.read",
  "shortlinks.read",
  "shortlinks.manage",
  "consent.read",
  "integrations.read",
  "audit.read",
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const ROLES = ["owner", "admin", "analyst", "viewer"] as const;
export type Role = (typeof ROLES)[number];

const VIEWER: Permission[] = [
  "sites.read",
  "analytics.read",
  "analytics.realtime",
  "reports.read",
  "recommendations.read",
  "popups.read",
  "spinwheel.read",
  "shortlinks.read",
  "consent.read",
  "integrations.read",
];

/** DESIGN section 3: what each role may do; a key never exceeds its creator's role. */
export const ROLE_PERMISSIONS: Record<Role, ReadonlySet<Permission>> = {
  owner: new Set(PERMISSIONS),
  admin: new Set(PERMISSIONS),
  analyst: new Set(PERMISSIONS.filter((p) => p !== "audit.read" && p !== "shortlinks.manage")),
  viewer: new Set(VIEWER),
};

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** The key's own choice narrowed by the creator's current role. */
export function effectivePermissions(keyChoice: readonly string[], role: Role): Set<Permission> {
  const roleSet = ROLE_PERMISSIONS[role];
  const chosen = keyChoice.includes("*") ? PERMISSIONS : keyChoice.filter(isPermission);
  return new Set(chosen.filter((p) => roleSet.has(p)));
}
