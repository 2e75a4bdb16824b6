import { readFileSync } from "node:fs";
import { ApiError, invalid } from "../errors.ts";
import { requireText } from "./validate.ts";

/** The largest definition file the CLI reads (a wheel with 10 000 codes per slice fits). */
const MAX_BYTES = 4 * 1024 * 1024;

/**
 * The JSON of a definition file named by `--file` (funnels, popups, wheels): unreadable, too
 * large or not JSON is 422 VALIDATION_FAILED naming `--file`; the content is the caller's to check.
 */
export function readJsonFile(value: unknown, what: string, maxBytes = MAX_BYTES): unknown {
  const text = readTextFile(value, maxBytes);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ApiError("VALIDATION_FAILED", `The ${what} file is not JSON`, [{ path: "--file", message: (error as Error).message }]);
  }
}

/** The text of the file named by `--file` (funnel and popup definitions, spend CSVs): unreadable or too large is 422 naming `--file`. */
export function readTextFile(value: unknown, maxBytes: number): string {
  const file = requireText(value, "--file", 4096);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw invalid("--file", `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  if (text.length > maxBytes) throw invalid("--file", `is larger than ${maxBytes / 1024} KB`);
  return text;
}
