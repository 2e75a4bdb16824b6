import { describe, expect, test } from "bun:test";
import { digestsEqual, generateApiKey, hashSecret, looksLikeApiKey, secretsEqual } from "../../lib/auth/api-key.ts";
import { effectivePermissions, PERMISSIONS, ROLE_PERMISSIONS } from "../../lib/auth/permissions.ts";
import { decodeContext, encodeContext } from "../../lib/auth/context.ts";
import { checkAccess } from "../../lib/auth/access.ts";
import { API } from "../../lib/api/routes.ts";
import type { KeyPrincipal } from "../../lib/auth/resolve.ts";
import { ApiError } from "../../lib/errors.ts";

describe("API keys", () => {
  test("exk_ + 43 base62 characters, hashed with SHA-256, shown prefix of 10", () => {
    const { key, hash, prefix } = generateApiKey();
    expect(key).toMatch(/^exk_[0-9A-Za-z]{43}$/);
    expect(hash).toBe(hashSecret(key));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(prefix).toBe(key.slice(0, 10));
    expect(looksLikeApiKey(key)).toBe(true);
    expect(looksLikeApiKey("exk_short")).toBe(false);
    expect(generateApiKey().key).not.toBe(key);
  });

  test("secret comparison does not throw on unequal lengths", () => {
    expect(secretsEqual("a", "a")).toBe(true);
    expect(secretsEqual("a", "ab")).toBe(false);
    expect(digestsEqual("00ff", "00ff")).toBe(true);
    expect(digestsEqual("00ff", "00ff00")).toBe(false);
  });
});

describe("roles", () => {
  test("DESIGN section 3's table", () => {
    expect([...ROLE_PERMISSIONS.owner].sort()).toEqual([...PERMISSIONS].sort());
    expect([...ROLE_PERMISSIONS.admin].sort()).toEqual([...PERMISSIONS].sort());
    expect(ROLE_PERMISSIONS.analyst.has("audit.read")).toBe(false);
    expect(ROLE_PERMISSIONS.analyst.has("shortlinks.manage")).toBe(false);
    expect(ROLE_PERMISSIONS.analyst.size).toBe(PERMISSIONS.length - 2);
    expect([...ROLE_PERMISSIONS.viewer].sort() as string[]).toEqual(
      ["sites.read", "analytics.read", "analytics.realtime", "reports.read", "recommendations.read", "popups.read", "spinwheel.read", "shortlinks.read", "consent.read", "integrations.read"].sort(),
    );
  });

  test("a key never exceeds its creator's role", () => {
    expect([...effectivePermissions(["*"], "viewer")].sort()).toEqual([...ROLE_PERMISSIONS.viewer].sort());
    expect([...effectivePermissions(["leads.read", "sites.read"], "viewer")]).toEqual(["sites.read"]);
    expect([...effectivePermissions(["audit.read"], "admin")]).toEqual(["audit.read"]);
    expect([...effectivePermissions(["no.such"], "owner")]).toEqual([]);
  });
});

describe("context headers", () => {
  const ctx = { requestId: "r-12345678", ip: "1.2.3.4", iat: 1_000_000 };
  test("round-trip with the right secret only, and only while fresh", () => {
    const { payload, signature } = encodeContext(ctx, "s1");
    expect(decodeContext(payload, signature, "s1", 1_000_500)).toEqual(ctx);
    expect(decodeContext(payload, signature, "s2", 1_000_500)).toBeNull();
    expect(decodeContext(payload, signature, "s1", 1_000_000 + 61_000)).toBeNull();
    expect(decodeContext(payload + "x", signature, "s1", 1_000_500)).toBeNull();
    expect(decodeContext(payload, "zz", "s1", 1_000_500)).toBeNull();
    expect(decodeContext(null, null, "s1")).toBeNull();
  });
});

describe("access checks, in DESIGN section 8's order", () => {
  const principal = (over: Partial<KeyPrincipal> = {}): KeyPrincipal => ({
    keyId: "k",
    userId: "u",
    userName: "U",
    userEmail: "u@x.test",
    via: "key",
    org: { id: "o1", plan: "self_hosted", licenceStatus: "active", disabledFeatures: [], byo: false, dbUrl: null },
    permissions: new Set(["sites.read"]),
    sites: new Set(["s1"]),
    expiresAt: null,
    ...over,
  });
  const codeOf = (fn: () => void) => {
    try {
      fn();
      return "ok";
    } catch (e) {
      return (e as ApiError).code;
    }
  };
  test("scope before permission before licence before feature", () => {
    const suspended = principal({ org: { ...principal().org, licenceStatus: "suspended", disabledFeatures: ["audit"] }, permissions: new Set() });
    expect(codeOf(() => checkAccess(API.audit, { orgId: "o2" }, suspended, []))).toBe("NOT_FOUND");
    expect(codeOf(() => checkAccess(API.siteStatus, { orgId: "o1", siteId: "s2" }, suspended, []))).toBe("NOT_FOUND");
    expect(codeOf(() => checkAccess(API.audit, { orgId: "o1" }, suspended, []))).toBe("FORBIDDEN");
    const allowed = principal({ permissions: new Set(["audit.read"]), org: { ...suspended.org } });
    expect(codeOf(() => checkAccess(API.audit, { orgId: "o1" }, allowed, []))).toBe("LICENCE_INACTIVE");
    const active = principal({ permissions: new Set(["audit.read"]), org: { ...suspended.org, licenceStatus: "active" } });
    expect(codeOf(() => checkAccess(API.audit, { orgId: "o1" }, active, []))).toBe("FEATURE_UNAVAILABLE");
    expect(codeOf(() => checkAccess(API.audit, { orgId: "o1" }, principal({ permissions: new Set(["audit.read"]) }), ["audit"]))).toBe("FEATURE_UNAVAILABLE");
    expect(codeOf(() => checkAccess(API.audit, { orgId: "o1" }, principal({ permissions: new Set(["audit.read"]) }), []))).toBe("ok");
  });
});
