import openapiTS, { astToString } from "openapi-typescript";
import type { OpenApiDocument } from "../helpers/openapi.ts";

export const API_TYPES_FILE = new URL("./api-types.ts", import.meta.url).pathname;

/** TypeScript types for the served document (openapi-typescript), as committed in api-types.ts. */
export async function apiTypesSource(doc: OpenApiDocument): Promise<string> {
  const header = "// Generated from the served /api/v1/openapi.json by openapi-typescript: do not edit.\n// Regenerate with `npx bun test/contract/generate-api-types.ts`; typed-client.test.ts checks it is current.\n\n";
  return header + astToString(await openapiTS(doc as Parameters<typeof openapiTS>[0]));
}
