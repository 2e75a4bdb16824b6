import { expect, test } from "bun:test";
import { readSettings } from "../../lib/config.ts";

test("LOG_REQUESTS and TENANT_CACHE_SIZE keep README's defaults: on and 64", () => {
  const settings = readSettings({});
  expect(settings.logRequests).toBe(true);
  expect(settings.tenantCacheSize).toBe(64);
});

test("LOG_REQUESTS=0 silences the log; TENANT_CACHE_SIZE sets the LRU size", () => {
  expect(readSettings({ LOG_REQUESTS: "0" }).logRequests).toBe(false);
  expect(readSettings({ LOG_REQUESTS: "1" }).logRequests).toBe(true);
  expect(readSettings({ TENANT_CACHE_SIZE: "3" }).tenantCacheSize).toBe(3);
});

test("malformed LOG_REQUESTS and TENANT_CACHE_SIZE are refused at start", () => {
  expect(() => readSettings({ LOG_REQUESTS: "maybe" })).toThrow(/LOG_REQUESTS/);
  expect(() => readSettings({ TENANT_CACHE_SIZE: "0" })).toThrow(/TENANT_CACHE_SIZE/);
  expect(() => readSettings({ TENANT_CACHE_SIZE: "lots" })).toThrow(/TENANT_CACHE_SIZE/);
});

test("HTTP_IDLE_TIMEOUT_S: 120 s unless set, 1..255 (Bun's limit), else refused at start", () => {
  expect(readSettings({}).httpIdleTimeoutS).toBe(120);
  expect(readSettings({ HTTP_IDLE_TIMEOUT_S: "255" }).httpIdleTimeoutS).toBe(255);
  for (const bad of ["0", "256", "1.5", "soon"]) expect(() => readSettings({ HTTP_IDLE_TIMEOUT_S: bad })).toThrow(/HTTP_IDLE_TIMEOUT_S/);
});

test("ANALYTICS_MEMORY_MB: 512 MiB unless set, a whole number of MiB from 1, else refused at start", () => {
  expect(readSettings({}).analyticsMemoryMb).toBe(512);
  expect(readSettings({ ANALYTICS_MEMORY_MB: "1" }).analyticsMemoryMb).toBe(1);
  expect(readSettings({ ANALYTICS_MEMORY_MB: "4096" }).analyticsMemoryMb).toBe(4096);
  for (const bad of ["0", "-5", "1.5", "lots", "2000000"]) expect(() => readSettings({ ANALYTICS_MEMORY_MB: bad })).toThrow(/ANALYTICS_MEMORY_MB/);
});

test("ANALYTICS_WARM_SITES: 4 unless set, 0 (off) to 64, else refused at start", () => {
  expect(readSettings({}).analyticsWarmSites).toBe(4);
  expect(readSettings({ ANALYTICS_WARM_SITES: "0" }).analyticsWarmSites).toBe(0);
  expect(readSettings({ ANALYTICS_WARM_SITES: "64" }).analyticsWarmSites).toBe(64);
  for (const bad of ["-1", "65", "2.5", "all"]) expect(() => readSettings({ ANALYTICS_WARM_SITES: bad })).toThrow(/ANALYTICS_WARM_SITES/);
});

test("session and password settings: README's defaults, bounded, else refused at start", () => {
  const s = readSettings({});
  expect([s.sessionIdleMinutes, s.sessionMaxHours, s.passwordHashMemoryKib, s.passwordHashTime]).toEqual([30, 12, 19_456, 2]);
  expect(s.mailFrom).toBe("Tidemark <tidemark@localhost>");
  expect(s.smtpUrl).toBeUndefined();
  const set = readSettings({ SESSION_IDLE_MINUTES: "5", SESSION_MAX_HOURS: "1", PASSWORD_HASH_MEMORY_KIB: "4096", PASSWORD_HASH_TIME: "1" });
  expect([set.sessionIdleMinutes, set.sessionMaxHours, set.passwordHashMemoryKib, set.passwordHashTime]).toEqual([5, 1, 4096, 1]);
  for (const [name, bad] of [["SESSION_IDLE_MINUTES", "0"], ["SESSION_MAX_HOURS", "1.5"], ["PASSWORD_HASH_MEMORY_KIB", "512"], ["PASSWORD_HASH_TIME", "soon"]]) {
    expect(() => readSettings({ [name]: bad })).toThrow(new RegExp(name));
  }
});

test("SMTP_URL must be smtp:// or smtps://; PUBLIC_URL http(s)://; both refused at start otherwise", () => {
  expect(readSettings({ SMTP_URL: "smtp://u:p@127.0.0.1:2525" }).smtpUrl).toBe("smtp://u:p@127.0.0.1:2525");
  expect(readSettings({ SMTP_URL: "smtps://mail.example.com" }).smtpUrl).toBe("smtps://mail.example.com");
  expect(() => readSettings({ SMTP_URL: "mail.example.com" })).toThrow(/SMTP_URL/);
  expect(() => readSettings({ SMTP_URL: "http://mail.example.com" })).toThrow(/SMTP_URL/);
  expect(readSettings({ PUBLIC_URL: "https://stats.example.com/" }).publicUrl).toBe("https://stats.example.com");
  expect(readSettings({ PORT: "9000" }).publicUrl).toBe("http://localhost:9000");
  expect(() => readSettings({ PUBLIC_URL: "stats.example.com" })).toThrow(/PUBLIC_URL/);
});

test("OWNER_EMAIL: owner@localhost by default, a real address lower-cased, anything else refused at start", () => {
  expect(readSettings({}).ownerEmail).toBe("owner@localhost");
  expect(readSettings({ OWNER_EMAIL: "  Ana@Example.COM " }).ownerEmail).toBe("ana@example.com");
  for (const bad of ["ana", "ana@", "a na@example.com", `${"a".repeat(250)}@example.com`]) expect(() => readSettings({ OWNER_EMAIL: bad })).toThrow(/OWNER_EMAIL/);
});
