import { runService } from "../../lib/http/service-main.ts";
import { createIngestApp } from "./app.ts";

await runService("ingest", createIngestApp);
