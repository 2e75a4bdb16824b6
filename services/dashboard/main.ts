import { runService } from "../../lib/http/service-main.ts";
import { builtDashboardAssets } from "../../lib/dashboard/assets.ts";
import { createDashboardService } from "./app.ts";

await runService("dashboard", async (platform) => createDashboardService(platform, await builtDashboardAssets()).app);
