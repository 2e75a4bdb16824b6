import { expect, test } from "bun:test";
import { drainServer, serveApp } from "../../lib/http/serve.ts";

/**
 * drainServer (docs/operations.md "Stopping"): the request in flight is answered before the
 * drain settles; a request that still arrives on an open connection is refused with 503
 * MAINTENANCE in the envelope (Connection: close); a new connection is not accepted.
 */
test("a drain answers the request in flight, refuses one that arrives meanwhile with 503, and accepts no new connection", async () => {
  const release = Promise.withResolvers<void>();
  const arrived = Promise.withResolvers<void>();
  const paths: string[] = [];
  const server = serveApp(
    async (request) => {
      paths.push(new URL(request.url).pathname);
      if (paths.length === 1) {
        arrived.resolve();
        await release.promise;
      }
      return new Response("done", { status: 202 });
    },
    { port: 0, service: "test", idleTimeoutS: 30 },
  );
  const port = server.port!;
  const slow = fetch(`http://127.0.0.1:${port}/slow`).then(async (r) => [r.status, await r.text()]);
  await arrived.promise;

  // A request whose headers are still arriving when the stop begins, finished after it.
  let received = "";
  const closed = Promise.withResolvers<void>();
  const socket = await Bun.connect({
    hostname: "127.0.0.1",
    port,
    socket: { data: (_socket, chunk) => void (received += chunk.toString()), close: () => closed.resolve() },
  });
  socket.write("POST /v1/collect HTTP/1.1\r\nHost: x\r\n");
  await Bun.sleep(50);

  let drained = false;
  const drain = drainServer(server).then(() => (drained = true));
  socket.write("Content-Length: 2\r\n\r\n{}");
  await closed.promise;
  // A new connection is not accepted while the drain waits for the request in flight.
  expect(await fetch(`http://127.0.0.1:${port}/other`).then((r) => r.status, () => "refused")).toBe("refused");
  expect(drained).toBe(false);

  release.resolve();
  expect(await slow).toEqual([202, "done"]);
  await drain;

  expect(received.startsWith("HTTP/1.1 503")).toBe(true);
  expect(received).toMatch(/\r\nretry-after: 5\r\n/i);
  expect(received).toMatch(/\r\nconnection: close\r\n/i);
  const body = JSON.parse(received.slice(received.indexOf("\r\n\r\n") + 4));
  expect(body).toEqual({ error: { code: "MAINTENANCE", message: "The service is stopping; try again shortly", details: [], requestId: expect.any(String) } });
  // The refused request never reached the app.
  expect(paths).toEqual(["/slow"]);
});
