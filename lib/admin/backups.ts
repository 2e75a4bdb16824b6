import { resolve } from "node:path";
import type { Settings } from "../config.ts";
import { backupDataDir } from "../lifecycle/backup.ts";
import { restoreBackup } from "../lifecycle/restore.ts";
import { invalid } from "../errors.ts";
import { requireText } from "./validate.ts";

/** `backup --out DIR`: a consistent copy of DATA_DIR (docs/data-lifecycle.md "Backups and restore"). */
export function backupCommand(settings: Settings, input: { out?: unknown }) {
  const out = resolve(requireText(input.out, "--out", 4096));
  return backupDataDir(settings.dataDir, out);
}

/** `restore --from DIR --data-dir TARGET [--force]`: TARGET is named, never taken from DATA_DIR, as it may be replaced. */
export function restoreCommand(input: { from?: unknown; "data-dir"?: unknown; force?: unknown }) {
  const from = resolve(requireText(input.from, "--from", 4096));
  if (input["data-dir"] === undefined) throw invalid("--data-dir", "is required: the folder to restore into (DATA_DIR is not assumed, as it may be replaced)");
  const target = resolve(requireText(input["data-dir"], "--data-dir", 4096));
  return restoreBackup(from, target, input.force === true);
}
