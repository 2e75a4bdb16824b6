import { runService } from "../../lib/http/service-main.ts";
import { createIngestApp } from "./app.ts";

runService("ingest", createIngestApp);
