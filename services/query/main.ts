import { runService } from "../../lib/http/service-main.ts";
import { saveSnapshots } from "../../lib/analytics/site-cache.ts";
import { createQueryApp } from "./app.ts";

await runService("query", (platform) => {
  const app = createQueryApp(platform);
  // A graceful stop leaves every loaded site's snapshot current: the next start reads no rows.
  return { handle: (request: Request) => app.handle(request), close: () => saveSnapshots(platform) };
});
