import { expect, test } from "bun:test";
import { linkExpired, linkToken, readLinkToken, type RecipientLink } from "../../lib/reports/schedules/links.ts";

const link: RecipientLink = { orgId: "0123456789abcdef01234567", scheduleId: "89abcdef0123456789abcdef", email: "guest@example.org", purpose: "unsubscribe", expiresAt: null };

test("a token reads back as the link it was made for, under the same secret only", () => {
  const token = linkToken("secret-a", link);
  expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
  expect(readLinkToken("secret-a", token)).toEqual(link);
  expect(readLinkToken("secret-b", token)).toBeNull();
});

test("any changed, missing or extra part is refused, never thrown", () => {
  const token = linkToken("s", link);
  const [payload, signature] = token.split(".");
  const other = Buffer.from(JSON.stringify([link.orgId, link.scheduleId, "attacker@example.com", "unsubscribe"])).toString("base64url");
  for (const bad of [`${other}.${signature}`, `${payload}.${signature.slice(0, -1)}A`, payload, `${token}.x`, "", ".", "%%%.%%%", `${payload}.`]) {
    expect(readLinkToken("s", bad)).toBeNull();
  }
  // A well-signed payload of the wrong shape is refused too.
  const { createHmac } = require("node:crypto");
  const odd = Buffer.from(JSON.stringify([1, 2, 3, "delete"])).toString("base64url");
  expect(readLinkToken("s", `${odd}.${createHmac("sha256", "s").update(`report-link:${odd}`).digest("base64url")}`)).toBeNull();
});

test("a confirmation link expires with the time signed into it; an unsubscribe link never does", () => {
  const confirm: RecipientLink = { ...link, purpose: "confirm", expiresAt: 1_000 };
  const read = readLinkToken("s", linkToken("s", confirm))!;
  expect(read).toEqual(confirm);
  expect(linkExpired(read, 999)).toBe(false);
  expect(linkExpired(read, 1_000)).toBe(true);
  // A confirmation token without a time (made before links expired) counts as expired.
  expect(linkExpired({ ...confirm, expiresAt: null }, 0)).toBe(true);
  expect(linkExpired(link, Number.MAX_SAFE_INTEGER)).toBe(false);
});
