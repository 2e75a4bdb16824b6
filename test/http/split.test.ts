import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { createHmac } from "node:crypto";
import { must, ROOT, runAdmin, tempDir } from "../helpers/stack.ts";
import { freePort, spawnService, type Proc } from "../helpers/process.ts";
import { createShortLink } from "../helpers/short-links.ts";
import { CHROME_UA, openTenant } from "../helpers/hits.ts";

const SECRET = "split-mode-test-secret";

/** Builds dist/ once for the file (both compiled suites use it). */
let built = false;
function buildOnce(): void {
  if (built) return;
  const build = Bun.spawnSync([process.execPath, join(ROOT, "scripts/build.ts")], { cwd: ROOT });
  if (build.exitCode !== 0) throw new Error(`build failed: ${build.stderr.toString()}`);
  built = true;
}

/** Runs the same checks against services started from source and as compiled binaries. */
for (const variant of ["source", "compiled"] as const) {
  describe(`split mode (${variant})`, () => {
    const dataDir = tempDir();
    const procs: Record<string, Proc> = {};
    let boot: { orgId: string; siteId: string; siteKey: string; key: string };

    const command = (name: string) => (variant === "source" ? [process.execPath, join(ROOT, "services", name, "main.ts")] : [join(ROOT, "dist", name)]);

    beforeAll(async () => {
      if (variant === "compiled") buildOnce();
      // Production mode on the services: the envelope must not change with NODE_ENV.
      const env = { DATA_DIR: dataDir, INTERNAL_SECRET: SECRET, NODE_ENV: "production" };
      // Binaries run from a folder without the project's node_modules: they must be self-contained.
      const cwd = variant === "compiled" ? dataDir : ROOT;
      for (const name of ["ingest", "query", "hooks"]) procs[name] = await spawnService(command(name), env, freePort(), 15_000, cwd);
      procs.router = await spawnService(
        command("router"),
        { ...env, INGEST_URL: procs.ingest.url, QUERY_URL: procs.query.url, HOOKS_URL: procs.hooks.url },
        freePort(),
        15_000,
        cwd,
      );
      boot = JSON.parse(readFileSync(join(dataDir, "bootstrap.json"), "utf8"));
    }, 60_000);

    afterAll(async () => {
      for (const p of Object.values(procs)) await p.kill();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const api = (path: string, headers: Record<string, string> = {}) =>
      fetch(procs.router.url + path, { headers: { authorization: `Bearer ${boot.key}`, ...headers } });

    test("the router forwards over HTTP with the same answers", async () => {
      const res = await api(`/api/v1/orgs/${boot.orgId}/sites`);
      expect(res.status).toBe(200);
      expect(res.headers.get("x-ratelimit-limit")).toBe("300");
      const body = (await res.json()) as any;
      expect(body.data).toHaveLength(1);
      expect(body.data[0]).toMatchObject({ id: boot.siteId, domain: "localhost", status: "not_installed" });
      const status = (await (await api(`/api/v1/orgs/${boot.orgId}/sites/${boot.siteId}/status`)).json()) as any;
      expect(status.domains[0]).toMatchObject({ hostname: "localhost", status: "verified" });
    });

    test("a short link redirects through the router over HTTP: the 302 passes the hop unfollowed, HEAD records nothing", async () => {
      const id = createShortLink(dataDir, boot, { slug: `split-${variant}`, url: "https://shop.example/", utm: { campaign: "split" } });
      const res = await fetch(`${procs.router.url}/l/SPLIT-${variant}?a=1`, { redirect: "manual", headers: { "user-agent": CHROME_UA } });
      expect(res.status).toBe(302);
      expect(res.headers.get("cache-control")).toBe("no-store");
      const to = new URL(res.headers.get("location")!);
      expect([...to.searchParams.keys()]).toEqual(["a", "utm_campaign", "tm_lc"]);
      const head = await fetch(`${procs.router.url}/l/split-${variant}`, { method: "HEAD", redirect: "manual", headers: { "user-agent": CHROME_UA } });
      expect([head.status, head.headers.get("location")]).toEqual([302, "https://shop.example/?utm_campaign=split"]);
      const db = openTenant(dataDir, boot.orgId);
      expect(db.query("SELECT id, class FROM short_link_clicks WHERE link_id = ?").all(id)).toEqual([{ id: to.searchParams.get("tm_lc"), class: "human" }]);
      db.close();
      expect((await fetch(`${procs.router.url}/l/nothing-here`, { redirect: "manual" })).status).toBe(404);
    });

    test("errors keep the envelope and the request id across the hop (NODE_ENV=production)", async () => {
      const res = await api(`/api/v1/orgs/${boot.orgId}/audit?size=500`, { "x-request-id": "split-test-0001" });
      expect(res.status).toBe(422);
      expect(res.headers.get("x-request-id")).toBe("split-test-0001");
      const body = (await res.json()) as any;
      expect(body.error).toMatchObject({ code: "VALIDATION_FAILED", requestId: "split-test-0001" });
      expect(body.error.details[0].path).toBe("size");
      const missing = await fetch(`${procs.router.url}/v1/nothing`);
      expect(missing.status).toBe(404);
      expect(((await missing.json()) as any).error.code).toBe("NOT_FOUND");
    });

    test("tracking hits go through the router to the ingest service and are stored", async () => {
      const body = {
        v: 1, s: (boot as any).siteKey, vid: crypto.randomUUID(), sid: crypto.randomUUID(), c: { analytics: true, marketing: true },
        e: [{ id: crypto.randomUUID(), t: "pageview", ts: Date.now(), u: "http://localhost/split" }],
      };
      const res = await fetch(`${procs.router.url}/v1/collect`, {
        method: "POST",
        body: JSON.stringify(body),
        headers: { "content-type": "application/json", origin: "http://localhost", "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36" },
      });
      expect(res.status).toBe(202);
      expect(((await res.json()) as any).accepted).toBe(1);
      const status = (await (await api(`/api/v1/orgs/${boot.orgId}/sites/${boot.siteId}/status`)).json()) as any;
      expect(status).toMatchObject({ status: "receiving", hitsLast30Min: 1 });
      expect((await fetch(`${procs.router.url}/v1/script.js`)).status).toBe(200);
    });

    test("the query service's /healthz counts the sites it loaded and the bytes they hold, within the default budget", async () => {
      const health = async () => ((await (await fetch(`${procs.query.url}/healthz`)).json()) as any).analytics;
      expect(await health()).toEqual({ sites: 0, bytes: 0, budgetBytes: 512 * 2 ** 20, loads: 0, drops: 0 });
      const overview = await api(`/api/v1/orgs/${boot.orgId}/sites/${boot.siteId}/analytics/overview`);
      expect(overview.status).toBe(200);
      const after = await health();
      expect(after).toMatchObject({ sites: 1, loads: 1, drops: 0 });
      expect(after.bytes).toBeGreaterThan(1000);
      // The router does not forward it.
      expect(await (await fetch(`${procs.router.url}/healthz`)).json()).toEqual({ ok: true });
    });

    test("an inbound lead goes through the router to the hooks service", async () => {
      const hook = must(runAdmin(dataDir, ["integration", "create", "--site", boot.siteId, "--kind", "webhook_in"]));
      const send = (secret: string) =>
        fetch(`${procs.router.url}/v1/hooks/webhook_in/${boot.siteKey}`, {
          method: "POST",
          body: JSON.stringify({ externalId: "split-1", email: "split@example.com" }),
          headers: { "content-type": "application/json", "x-svc-secret": secret },
        });
      expect((await send(hook.secret)).status).toBe(201);
      expect((await send(hook.secret)).status).toBe(200);
      expect((await send("wrong")).status).toBe(401);
    });

    test("a page's lead goes through the router to the ingest service: 201, the same id 200, a refusal with CORS", async () => {
      const lead = { v: 1, s: boot.siteKey, id: crypto.randomUUID(), vid: crypto.randomUUID(), source: "newsletter", ref: "footer", fields: { email: "split@example.com" } };
      const send = (body: unknown, origin = "http://localhost") =>
        fetch(`${procs.router.url}/v1/leads`, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "text/plain", origin } });
      const first = await send(lead);
      expect(first.status).toBe(201);
      const { leadId } = (await first.json()) as any;
      const again = await send(lead);
      expect([again.status, ((await again.json()) as any).leadId]).toEqual([200, leadId]);
      const foreign = await send({ ...lead, id: crypto.randomUUID() }, "https://evil.test");
      expect(foreign.status).toBe(403);
      expect(foreign.headers.get("access-control-allow-origin")).toBe("https://evil.test");
    });

    test("the OpenAPI document is merged from the services over HTTP", async () => {
      const doc = (await (await fetch(`${procs.router.url}/api/v1/openapi.json`)).json()) as any;
      expect(doc.openapi).toMatch(/^3\.1\./);
      expect(Object.keys(doc.paths)).toContain("/api/v1/orgs/{orgId}/sites");
    });

    test("a service refuses requests that did not come through the router", async () => {
      const path = `/api/v1/orgs/${boot.orgId}/sites`;
      const direct = await fetch(procs.query.url + path, { headers: { authorization: `Bearer ${boot.key}` } });
      expect(direct.status).toBe(401);
      expect(((await direct.json()) as any).error.code).toBe("UNAUTHENTICATED");
      // A context signed with another secret is refused too.
      const payload = Buffer.from(
        JSON.stringify({ requestId: "forged-request-1", ip: "1.2.3.4", iat: Date.now(), auth: { keyId: "x", userId: "x", orgId: boot.orgId, byo: false, permissions: ["sites.read"], sites: [boot.siteId] } }),
      ).toString("base64url");
      const forged = await fetch(procs.query.url + path, {
        headers: { "x-tidemark-context": payload, "x-tidemark-signature": createHmac("sha256", "wrong-secret").update(payload).digest("hex") },
      });
      expect(forged.status).toBe(401);
      // The same context signed with the shared secret is accepted: the check is the signature.
      const genuine = await fetch(procs.query.url + path, {
        headers: { "x-tidemark-context": payload, "x-tidemark-signature": createHmac("sha256", SECRET).update(payload).digest("hex") },
      });
      expect(genuine.status).toBe(200);
      // The tracking endpoint too: 401 in the envelope, and a malformed request id is not echoed.
      const hit = await fetch(`${procs.ingest.url}/v1/collect`, { method: "POST", body: "{}", headers: { "content-type": "application/json", "x-request-id": "bad id <script>" } });
      expect(hit.status).toBe(401);
      const refused = (await hit.json()) as any;
      expect(refused.error.code).toBe("UNAUTHENTICATED");
      expect(refused.error.requestId).not.toBe("bad id <script>");
      expect(hit.headers.get("x-request-id")).toBe(refused.error.requestId);
    });

    test("a service that is down answers 503 UPSTREAM_UNAVAILABLE with Retry-After", async () => {
      await procs.query.kill();
      const res = await api(`/api/v1/orgs/${boot.orgId}/sites`);
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("5");
      expect(((await res.json()) as any).error.code).toBe("UPSTREAM_UNAVAILABLE");
    });
  });
}

describe("the compiled router alone (one process: the query and collect threads inside the binary)", () => {
  const dataDir = tempDir();
  let router: Proc;
  let boot: { orgId: string; siteId: string; siteKey: string; key: string };

  beforeAll(async () => {
    buildOnce();
    router = await spawnService([join(ROOT, "dist", "router")], { DATA_DIR: dataDir }, freePort(), 15_000, dataDir);
    boot = JSON.parse(readFileSync(join(dataDir, "bootstrap.json"), "utf8"));
  }, 90_000);

  afterAll(async () => {
    await router?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("a report from the query thread, and an export streamed from it, answer", async () => {
    const headers = { authorization: `Bearer ${boot.key}` };
    const site = `${router.url}/api/v1/orgs/${boot.orgId}/sites/${boot.siteId}`;
    expect((await fetch(`${site}/analytics/overview`, { headers })).status).toBe(200);
    const csv = await fetch(`${site}/reports/kpi_daily?from=2026-11-01&to=2026-11-03&format=csv`, { headers });
    expect(csv.status).toBe(200);
    // Decoded keeping the byte-order mark (Response.text() drops it).
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(await csv.arrayBuffer())).toBe("\uFEFFDate,Users,Sessions,Pageviews,Conversions\r\n2026-11-01,0,0,0,0\r\n2026-11-02,0,0,0,0\r\n2026-11-03,0,0,0,0\r\n");
  });
});
