import { runService } from "../../lib/http/service-main.ts";
import { createHooksApp } from "./app.ts";

runService("hooks", createHooksApp);
