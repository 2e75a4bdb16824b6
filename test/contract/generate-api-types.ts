import { writeFileSync } from "node:fs";
import { startStack } from "../helpers/stack.ts";
import { fetchDocument } from "../helpers/openapi.ts";
import { API_TYPES_FILE, apiTypesSource } from "./api-types-source.ts";

/** Writes api-types.ts from the document a fresh stack serves. */
const stack = await startStack();
try {
  writeFileSync(API_TYPES_FILE, await apiTypesSource(await fetchDocument(stack.url)));
  console.log(`wrote ${API_TYPES_FILE}`);
} finally {
  await stack.close();
}
