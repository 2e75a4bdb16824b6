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
