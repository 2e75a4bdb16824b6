import { runService } from "../../lib/http/service-main.ts";
import { createDashboardService } from "./app.ts";

await runService("dashboard", (platform) => createDashboardService(platform).app);
