import { runService } from "../../lib/http/service-main.ts";
import { createHooksService } from "./app.ts";

await runService("hooks", (platform) => {
  const hooks = createHooksService(platform);
  hooks.deliveries.start();
  hooks.scans.start();
  hooks.schedules.start();
  hooks.retention.start();
  hooks.recommendations.start();
  return { handle: (request: Request) => hooks.app.handle(request), close: async () => void (await Promise.all([hooks.deliveries.stop(), hooks.scans.stop(), hooks.schedules.stop(), hooks.retention.stop(), hooks.recommendations.stop()])) };
});
