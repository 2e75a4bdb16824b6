import { expect, test } from "bun:test";
import { Elysia, t } from "elysia";
import { serviceBase } from "../../lib/http/service.ts";

// The shared service base that ingest, query and hooks stand on, with a JSON route of its own.
const app = new Elysia()
  .use(serviceBase({ name: "probe", secret: "s", requireAuth: false }))
  .post("/echo", ({ body }) => body, { body: t.Object({ name: t.String({ minLength: 1 }), steps: t.Array(t.Object({ value: t.String({ minLength: 1 }) }), { minItems: 2 }) }) })
  .get("/boom", () => {
    throw new Error("secret internals");
  });
const server = Bun.serve({ port: 0, fetch: (r) => app.handle(r) });
const url = `http://localhost:${server.port}`;
const post = (body: string, headers: Record<string, string> = {}) => fetch(`${url}/echo`, { method: "POST", body, headers: { "content-type": "application/json", ...headers } });

test("malformed JSON is 400 BAD_REQUEST in the envelope", async () => {
  const res = await post('{"name": ');
  expect(res.status).toBe(400);
  const body = (await res.json()) as any;
  expect(body.error.code).toBe("BAD_REQUEST");
  expect(body.error.requestId).toBe(res.headers.get("x-request-id")!);
});

test("a body over 256 KB without Content-Length is 400", async () => {
  const chunk = new TextEncoder().encode("x".repeat(65_536));
  let n = 0;
  const stream = new ReadableStream({ pull: (c) => (n++ < 5 ? c.enqueue(chunk) : c.close()) });
  const res = await fetch(`${url}/echo`, { method: "POST", body: stream, headers: { "content-type": "application/json" } });
  expect(res.status).toBe(400);
});

test("framework validation is 422 with a path per bad field", async () => {
  const res = await post(JSON.stringify({ name: "", steps: [{ value: "" }] }));
  expect(res.status).toBe(422);
  const body = (await res.json()) as any;
  expect(body.error.code).toBe("VALIDATION_FAILED");
  const paths = body.error.details.map((d: any) => d.path);
  expect(paths).toContain("name");
  expect(paths).toContain("steps");
});

test("unexpected errors are 500 INTERNAL without internals", async () => {
  const res = await fetch(`${url}/boom`);
  expect(res.status).toBe(500);
  const text = await res.text();
  expect(JSON.parse(text).error.code).toBe("INTERNAL");
  expect(text).not.toContain("secret internals");
});
