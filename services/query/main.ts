import { runService } from "../../lib/http/service-main.ts";
import { createQueryApp } from "./app.ts";

runService("query", createQueryApp);
