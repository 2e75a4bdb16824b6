export {};

/**
 * A customer's webhook endpoint for the leads bench: answers 200 to every POST and counts them
 * (`GET /count`). Run as its own process, as a real receiver would be.
 */
let received = 0;
const server = Bun.serve({
  port: Number(process.env.PORT ?? 0),
  async fetch(req) {
    const path = new URL(req.url).pathname;
    if (path === "/healthz") return new Response("{}");
    if (path === "/count") return Response.json({ received });
    await req.arrayBuffer();
    received++;
    return new Response("ok");
  },
});
console.log(JSON.stringify({ port: server.port }));
