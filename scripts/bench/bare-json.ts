export {};

/** The baseline: a bare Bun.serve answering every request with the same JSON body. */
const body = await Bun.file(process.argv[2]).text();
const server = Bun.serve({
  port: Number(process.env.PORT ?? 0),
  fetch: (req) => (new URL(req.url).pathname === "/healthz" ? new Response("{}") : new Response(body, { headers: { "content-type": "application/json;charset=utf-8" } })),
});
console.log(JSON.stringify({ port: server.port }));
