import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Folders made by `tempDir` in this test file: removed when it ends (test/setup.ts), whether or not a test cleaned up. */
const made = new Set<string>();

export function tempDir(prefix = "tidemark-test-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.add(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
  made.clear();
}
