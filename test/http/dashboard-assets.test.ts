import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Elysia } from "elysia";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { buildDashboard, ensureDashboardBuilt, MANIFEST, type DashboardManifest } from "../../lib/dashboard/build.ts";
import { chooseEncoding, dashboardAssets } from "../../lib/dashboard/assets.ts";

let dir: string;
let manifest: DashboardManifest;
let app: { handle: (request: Request) => Promise<Response> };

beforeAll(async () => {
  dir = join(mkdtempSync(join(tmpdir(), "tm-dash-")), "dashboard");
  manifest = await buildDashboard(dir);
  const serve = dashboardAssets(dir);
  // Mounted the way the dashboard service mounts it: before routing, null falls through.
  app = new Elysia().onRequest(({ request }) => serve(request) ?? undefined).get("/api/v1/ping", () => ({ pong: true }));
}, 60_000);

afterAll(() => rmSync(join(dir, ".."), { recursive: true, force: true }));

const get = (path: string, headers: Record<string, string> = {}, method = "GET") => app.handle(new Request(`http://localhost${path}`, { method, headers }));
const js = () => manifest.firstPage.find((f) => f.endsWith(".js"))!;
const css = () => manifest.firstPage.find((f) => f.endsWith(".css"))!;

describe("the build", () => {
  test("hashed names, a .gz and a .br beside each file, index.html loading the first page", () => {
    expect(js()).toMatch(/^index-[a-z0-9]{8}\.js$/);
    expect(css()).toMatch(/^index-[a-z0-9]{8}\.css$/);
    const html = readFileSync(join(dir, "index.html"), "utf8");
    expect(html).toContain(`src="/assets/${js()}"`);
    expect(html).toContain(`href="/assets/${css()}"`);
    for (const file of manifest.files) {
      const raw = readFileSync(join(dir, file.name));
      expect(raw.length).toBe(file.bytes);
      expect(gunzipSync(readFileSync(join(dir, `${file.name}.gz`))).equals(raw)).toBe(true);
      expect(brotliDecompressSync(readFileSync(join(dir, `${file.name}.br`))).equals(raw)).toBe(true);
    }
    // Source maps are linked from the minified script.
    expect(readFileSync(join(dir, js()), "utf8").endsWith(`sourceMappingURL=/assets/${js()}.map\n`)).toBe(true);
    expect(manifest.files.map((f) => f.name)).toContain(`${js()}.map`);
  });

  test("ensureDashboardBuilt is a no-op when fresh and rebuilds when older than the sources", async () => {
    const started = performance.now();
    expect((await ensureDashboardBuilt(dir)).built).toBe(false);
    expect(performance.now() - started).toBeLessThan(200);
    utimesSync(join(dir, MANIFEST), new Date(1000), new Date(1000));
    const rebuilt = await ensureDashboardBuilt(dir);
    expect(rebuilt.built).toBe(true);
    expect(statSync(join(dir, MANIFEST)).mtimeMs).toBeGreaterThan(Date.now() - 60_000);
    const missing = join(dir, "..", "fresh");
    expect((await ensureDashboardBuilt(missing)).built).toBe(true);
    expect(existsSync(join(missing, "index.html"))).toBe(true);
  }, 60_000);
});

describe("serving", () => {
  test("GET / and any app path answer index.html, not cached without revalidation", async () => {
    for (const path of ["/", "/sign-in", "/orgs/0123456789abcdef01234567/sites/0123456789abcdef01234567/overview?range=7d"]) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(await res.text()).toBe(readFileSync(join(dir, "index.html"), "utf8"));
    }
  });

  test("an asset: immutable, brotli before gzip before identity, with vary and its content type", async () => {
    const raw = readFileSync(join(dir, js()));
    const br = await get(`/assets/${js()}`, { "accept-encoding": "gzip, deflate, br" });
    expect(br.status).toBe(200);
    expect(br.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(br.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(br.headers.get("vary")).toBe("accept-encoding");
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).equals(raw)).toBe(true);

    const gz = await get(`/assets/${js()}`, { "accept-encoding": "gzip, br;q=0" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).equals(raw)).toBe(true);

    const plain = await get(`/assets/${js()}`, { "accept-encoding": "identity" });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toBe("accept-encoding");
    expect(Buffer.from(await plain.arrayBuffer()).equals(raw)).toBe(true);
    expect(plain.headers.get("content-length")).toBe(String(raw.length));

    const style = await get(`/assets/${css()}`);
    expect(style.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(style.headers.get("content-encoding")).toBeNull();
  });

  test("HEAD answers the headers without a body; a matching ETag is 304", async () => {
    const head = await get(`/assets/${js()}`, { "accept-encoding": "gzip" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("content-encoding")).toBe("gzip");
    expect(Number(head.headers.get("content-length"))).toBe(manifest.files.find((f) => f.name === js())!.gzip);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const etag = head.headers.get("etag")!;
    const again = await get(`/assets/${js()}`, { "if-none-match": etag });
    expect(again.status).toBe(304);
  });

  test("unknown assets, index.html, the manifest and traversal under /assets/ are 404 with the error envelope", async () => {
    for (const path of ["/assets/nope.js", "/assets/index.html", `/assets/${MANIFEST}`, "/assets/..%2F..%2Fpackage.json", "/assets/..%5Cpackage.json", "/assets/", "/assets/%E0%A4%A"]) {
      const res = await get(path);
      expect(`${path} ${res.status}`).toBe(`${path} 404`);
      const body = (await res.json()) as { error: { code: string; requestId: string } };
      expect(body.error.code).toBe("NOT_FOUND");
      expect(res.headers.get("x-request-id")).toBe(body.error.requestId);
    }
    // Dot segments are resolved by the URL parser before the handler sees the path: what is left
    // is an app path outside /assets/, answered with index.html, never the file it named.
    const dots = await get("/assets/%2e%2e/%2e%2e/package.json");
    expect(dots.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await dots.text()).toBe(readFileSync(join(dir, "index.html"), "utf8"));
  });

  test("/api/ and /v1/ paths and other methods are not the dashboard's", async () => {
    expect(await (await get("/api/v1/ping")).json()).toEqual({ pong: true });
    const v1 = await get("/v1/script.js");
    expect(v1.status).toBe(404);
    expect(v1.headers.get("content-type") ?? "").not.toContain("text/html");
    const post = await app.handle(new Request("http://localhost/", { method: "POST" }));
    expect(post.headers.get("content-type") ?? "").not.toContain("text/html");
  });
});

test("chooseEncoding follows the q values", () => {
  expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
  expect(chooseEncoding("gzip")).toBe("gzip");
  expect(chooseEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
  expect(chooseEncoding("*")).toBe("br");
  expect(chooseEncoding("*, br;q=0")).toBe("gzip");
  expect(chooseEncoding(null)).toBe("identity");
  expect(chooseEncoding("gzip;q=0, identity")).toBe("identity");
});
