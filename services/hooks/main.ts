import { runService } from "../../lib/http/service-main.ts";
import { createHooksService } from "./app.ts";

await runService("hooks", (platform) => {
  const hooks = createHooksService(platform);
  hooks.deliveries.start();
  return { handle: (request: Request) => hooks.app.handle(request), close: () => hooks.deliveries.stop() };
});
