import { expect, test } from "bun:test";
import { serveApp } from "../../lib/http/serve.ts";

/**
 * The server's idle timeout is the setting's, not Bun's 10 s default: a request worked on for
 * 11 s — longer than Bun's default, as a cold site's first report can be — is answered under a
 * 15 s timeout and cut (the connection closes without an answer) under a 1 s one. Seconds are
 * Bun's unit (checked every few seconds), so the test waits that long.
 */
const slow = (ms: number) => async () => {
  await Bun.sleep(ms);
  return new Response("done");
};

test("a request busy for 11 s is answered under a 15 s idle timeout and cut under a 1 s one", async () => {
  const short = serveApp(slow(11_000), { port: 0, service: "test", idleTimeoutS: 1 });
  const long = serveApp(slow(11_000), { port: 0, service: "test", idleTimeoutS: 15 });
  try {
    const [cut, answered] = await Promise.allSettled([fetch(`http://127.0.0.1:${short.port}/`), fetch(`http://127.0.0.1:${long.port}/`)]);
    expect(cut.status).toBe("rejected");
    expect(answered.status).toBe("fulfilled");
    if (answered.status === "fulfilled") expect(await answered.value.text()).toBe("done");
  } finally {
    short.stop(true);
    long.stop(true);
  }
}, 30_000);
