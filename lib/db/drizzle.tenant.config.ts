import { defineConfig } from "drizzle-kit";
export default defineConfig({ dialect: "sqlite", schema: "./lib/db/tenant-schema.ts", out: "./lib/db/migrations/tenant" });
