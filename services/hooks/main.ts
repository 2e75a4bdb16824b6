import { runService } from "../../lib/http/service-main.ts";
import { createHooksApp } from "./app.ts";

await runService("hooks", createHooksApp);
