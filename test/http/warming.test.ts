import { expect, test } from "bun:test";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ROOT, tempDir } from "../helpers/stack.ts";
import { freePort, spawnService, type Proc } from "../helpers/process.ts";
import { batch, ev, post } from "../helpers/hits.ts";

const MAIN = [process.execPath, join(ROOT, "services/router/main.ts")];
const ONE_PROCESS = { INGEST_URL: "", QUERY_URL: "", HOOKS_URL: "" };

/** The server's JSON log lines up to (and with) the first that `until` accepts. */
async function logUntil(server: Proc, until: (line: Record<string, unknown>) => boolean, timeoutMs = 30_000): Promise<Record<string, unknown>[]> {
  const reader = server.proc.stdout.getReader();
  const decoder = new TextDecoder();
  const lines: Record<string, unknown>[] = [];
  const deadline = Date.now() + timeoutMs;
  let rest = "";
  try {
    for (;;) {
      const read = await Promise.race([reader.read(), Bun.sleep(Math.max(0, deadline - Date.now())).then(() => null)]);
      if (!read) throw new Error(`no such log line within ${timeoutMs} ms; saw ${JSON.stringify(lines)}`);
      if (read.done) throw new Error(`the server exited; saw ${JSON.stringify(lines)}`);
      rest += decoder.decode(read.value, { stream: true });
      const complete = rest.split("\n");
      rest = complete.pop()!;
      for (const text of complete) {
        if (!text.startsWith("{")) continue;
        const line = JSON.parse(text) as Record<string, unknown>;
        lines.push(line);
        if (until(line)) return lines;
      }
    }
  } finally {
    reader.releaseLock();
  }
}

test("the sites read before a restart are loaded after it without a request; ANALYTICS_WARM_SITES=0 turns that off", async () => {
  const dataDir = tempDir();
  const servers: Proc[] = [];
  const spawn = async (cmd: string[], env: Record<string, string>) => {
    const server = await spawnService(cmd, env, freePort());
    servers.push(server);
    return server;
  };
  try {
    const env = { DATA_DIR: dataDir, ...ONE_PROCESS };
    const first = await spawn(MAIN, env);
    const boot = JSON.parse(readFileSync(join(dataDir, "bootstrap.json"), "utf8"));
    const auth = { headers: { authorization: `Bearer ${boot.key}` } };
    const overview = `/api/v1/orgs/${boot.orgId}/sites/${boot.siteId}/analytics/overview`;
    expect((await post(first.url, batch(boot.siteKey, [ev("pageview", Date.now())]))).status).toBe(202);
    const read = await fetch(first.url + overview, auth);
    expect(read.status).toBe(200);
    expect(((await read.json()) as { current: { sessions: number } }).current.sessions).toBe(1);
    await first.kill();
    // Written at the stop (a read is saved a second later, or when the server stops).
    expect(JSON.parse(readFileSync(join(dataDir, "recent-sites.json"), "utf8")).sites).toMatchObject([{ orgId: boot.orgId, siteId: boot.siteId }]);

    // Started again, asked nothing: the site is loaded in the background.
    const second = await spawn(MAIN, { ...env, LOG_REQUESTS: "1" });
    const lines = await logUntil(second, (line) => line.msg === "warming done");
    expect(lines.filter((l) => l.msg === "site warmed")).toMatchObject([{ orgId: boot.orgId, siteId: boot.siteId }]);
    expect(lines.at(-1)).toMatchObject({ msg: "warming done", warmed: 1 });
    // Nothing but the readiness probe asked the server for anything.
    expect(lines.filter((l) => typeof l.route === "string" && l.route !== "/healthz")).toEqual([]);
    await second.kill();

    // In split mode the query service, which holds the analytics data, is the one that warms.
    const query = await spawn([process.execPath, join(ROOT, "services/query/main.ts")], { DATA_DIR: dataDir, LOG_REQUESTS: "1" });
    const queryLines = await logUntil(query, (line) => line.msg === "warming done");
    expect(queryLines.filter((l) => l.msg === "site warmed")).toMatchObject([{ orgId: boot.orgId, siteId: boot.siteId }]);
    await query.kill();

    // Off: the same store, a report asked and answered, and no site loaded in the background.
    const off = await spawn(MAIN, { ...env, LOG_REQUESTS: "1", ANALYTICS_WARM_SITES: "0" });
    expect((await post(off.url, batch(boot.siteKey, [ev("pageview", Date.now())]))).status).toBe(202);
    const again = await fetch(off.url + overview, auth);
    expect(((await again.json()) as { current: { sessions: number } }).current.sessions).toBe(2);
    await off.kill();
    const out = (await off.output()).split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(out.some((l) => l.route === overview && l.status === 200)).toBe(true);
    expect(out.filter((l) => typeof l.msg === "string" && /warm/.test(l.msg))).toEqual([]);
  } finally {
    // A failed check leaves its server running otherwise.
    for (const server of servers) if (server.proc.exitCode === null) server.proc.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);

test("a graceful stop brings the site's column snapshot up to date; the next start maps it and reads only what came since", async () => {
  const dataDir = tempDir();
  const env = { DATA_DIR: dataDir, ...ONE_PROCESS, LOG_REQUESTS: "1", ANALYTICS_WARM_SITES: "0" };
  let server: Proc | null = null;
  try {
    server = await spawnService(MAIN, env, freePort());
    const boot = JSON.parse(readFileSync(join(dataDir, "bootstrap.json"), "utf8"));
    const auth = { headers: { authorization: `Bearer ${boot.key}` } };
    const overview = `/api/v1/orgs/${boot.orgId}/sites/${boot.siteId}/analytics/overview`;
    const sessions = async (url: string) => ((await (await fetch(url + overview, auth)).json()) as { current: { sessions: number } }).current.sessions;
    expect((await post(server.url, batch(boot.siteKey, [ev("pageview", Date.now())]))).status).toBe(202);
    expect(await sessions(server.url)).toBe(1);
    // Built from the store, then written (one kept event).
    expect((await logUntil(server, (l) => l.msg === "analytics snapshot written")).at(-1)).toMatchObject({ site: boot.siteId, events: 1 });
    expect((await post(server.url, batch(boot.siteKey, [ev("pageview", Date.now()), ev("pageview", Date.now() + 1)]))).status).toBe(202);
    expect(await sessions(server.url)).toBe(2);
    const stopping = logUntil(server, (l) => l.msg === "analytics snapshot written");
    await server.kill();
    expect((await stopping).at(-1)).toMatchObject({ site: boot.siteId, events: 3 });

    server = await spawnService(MAIN, env, freePort());
    expect(await sessions(server.url)).toBe(2);
    const lines = await logUntil(server, (l) => l.msg === "analytics site loaded");
    expect(lines.filter((l) => String(l.msg).startsWith("analytics snapshot"))).toMatchObject([{ msg: "analytics snapshot read", site: boot.siteId, events: 3 }]);
  } finally {
    await server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
