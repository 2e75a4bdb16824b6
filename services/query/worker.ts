/** The query thread's side (services/query/thread.ts): the query service, fed requests as plain data. */
import { serveCalls, streamOut } from "../../lib/threads/worker-calls.ts";
import { closePlatform, openPlatform, type Platform } from "../../lib/platform.ts";
import type { MetricsJson } from "../../lib/health/metrics.ts";
import { setLogging } from "../../lib/log.ts";
import { attachContext } from "../../lib/auth/context.ts";
import { attachBody, headerPairs } from "../../lib/http/request.ts";
import { createQueryService } from "./app.ts";
import type { QueryAnswer, QueryCall, QueryInit } from "./thread.ts";

let platform: Platform | null = null;
let service: ReturnType<typeof createQueryService> | null = null;
/** The router's clock less this thread's, as of the last request (tests move the router's). */
let clockOffset = 0;

serveCalls<QueryInit, QueryCall>({
  init({ settings }) {
    setLogging(settings.logRequests);
    platform = openPlatform(settings, { now: () => Date.now() + clockOffset });
    service = createQueryService(platform);
  },
  async call(call): Promise<QueryAnswer | MetricsJson | number | void> {
    const query = service!;
    if (call.kind === "metrics") return platform!.metrics.json();
    if (call.kind === "warm") return query.warm();
    if (call.kind === "close") {
      // Snapshots saved, then the thread's own stores closed (the process is stopping).
      await query.close();
      return closePlatform(platform!);
    }
    clockOffset = call.now - Date.now();
    const request = new Request(call.url, { method: call.method, headers: call.headers });
    if (call.ctx) attachContext(request, call.ctx);
    if (call.body) attachBody(request, call.body);
    const response = await query.app.handle(request);
    // A file (an export) streams across, so its size never sits whole in either thread's memory.
    if (response.body && response.headers.get("content-disposition")?.startsWith("attachment")) {
      return { status: response.status, headers: headerPairs(response.headers), body: null, stream: streamOut(response.body) };
    }
    return { status: response.status, headers: headerPairs(response.headers), body: await response.arrayBuffer(), stream: null };
  },
});
