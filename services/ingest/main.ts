import { runService } from "../../lib/http/service-main.ts";
import { createIngestService } from "./app.ts";

await runService("ingest", (platform) => {
  const ingest = createIngestService(platform);
  return { handle: (request: Request) => ingest.app.handle(request), ready: ingest.ready, ops: ingest.ops, close: async () => ingest.close() };
});
