import { runService } from "../../lib/http/service-main.ts";
import { createQueryService } from "./app.ts";

await runService("query", (platform) => {
  const query = createQueryService(platform);
  return { handle: (request: Request) => query.app.handle(request), listening: () => void query.warm(), close: query.close };
});
