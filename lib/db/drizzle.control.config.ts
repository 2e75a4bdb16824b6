import { defineConfig } from "drizzle-kit";
export default defineConfig({ dialect: "sqlite", schema: "./lib/db/control-schema.ts", out: "./lib/db/migrations/control" });
