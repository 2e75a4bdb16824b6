import { runService } from "../../lib/http/service-main.ts";
import { createQueryApp } from "./app.ts";

await runService("query", createQueryApp);
