export {};

/** The baseline for the ingest bench: parse the JSON body and answer 202 { ok: true }. */
const server = Bun.serve({
  port: Number(process.env.PORT ?? 0),
  async fetch(req) {
    if (new URL(req.url).pathname === "/healthz") return new Response("{}");
    const body = (await req.json()) as { e: unknown[] };
    return Response.json({ ok: true, accepted: body.e.length }, { status: 202 });
  },
});
console.log(JSON.stringify({ port: server.port }));
