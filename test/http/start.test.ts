import { expect, test } from "bun:test";
import { readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { ROOT, tempDir } from "../helpers/stack.ts";
import { freePort, spawnService } from "../helpers/process.ts";

/** What `npm start` runs: bun services/router/main.ts, all four services in one process. */
test("first start bootstraps once, prints the key and keeps it in bootstrap.json (0600)", async () => {
  const dataDir = tempDir();
  try {
    const env = { DATA_DIR: dataDir, LOG_REQUESTS: "1", INGEST_URL: "", QUERY_URL: "", HOOKS_URL: "" };
    const first = await spawnService([process.execPath, join(ROOT, "services/router/main.ts")], env, freePort());
    const file = join(dataDir, "bootstrap.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const boot = JSON.parse(readFileSync(file, "utf8"));
    expect(boot.key).toMatch(/^exk_[0-9A-Za-z]{43}$/);
    const res = await fetch(`${first.url}/api/v1/orgs/${boot.orgId}/sites`, { headers: { authorization: `Bearer ${boot.key}` } });
    expect(res.status).toBe(200);
    const sites = ((await res.json()) as any).data;
    expect(sites).toHaveLength(1);
    expect(sites[0]).toMatchObject({ id: boot.siteId, domain: "localhost", siteKey: boot.siteKey });
    const status = (await (await fetch(`${first.url}/api/v1/orgs/${boot.orgId}/sites/${boot.siteId}/status`, { headers: { authorization: `Bearer ${boot.key}` } })).json()) as any;
    expect(status.domains[0]).toMatchObject({ hostname: "localhost", status: "verified" });
    await first.kill();
    const out = await first.output();
    expect(out).toContain(boot.key);
    // One JSON log line per request, with request id, route, status, ms and org.
    const line = out.split("\n").find((l) => l.includes('"route":"/api/v1/orgs/'));
    expect(JSON.parse(line!)).toMatchObject({ status: 200, org: boot.orgId, method: "GET" });
    expect(out).toContain('"sqliteVersion"');

    const second = await spawnService([process.execPath, join(ROOT, "services/router/main.ts")], env, freePort());
    const again = await fetch(`${second.url}/api/v1/orgs/${boot.orgId}/sites`, { headers: { authorization: `Bearer ${boot.key}` } });
    expect(again.status).toBe(200);
    await second.kill();
    expect(await second.output()).not.toContain("bootstrapped");
    expect(JSON.parse(readFileSync(file, "utf8")).key).toBe(boot.key);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
