/**
 * The self-hoster's control surface: `bun run admin <noun> <verb> [--flag value]…` (or one word:
 * `backup`, `restore`).
 * Prints one JSON object on stdout and exits 0; bad input prints
 * `{ "error": { "code", "message", "details" } }` on stderr and exits 2.
 */
import { readSettings, type Settings } from "../lib/config.ts";
import { ApiError } from "../lib/errors.ts";
import { closePlatform, openPlatform, type Platform } from "../lib/platform.ts";
import { setLogging } from "../lib/log.ts";
import { createOrg, setFeature, setLicence, setPlan, setRequireTwoFactor } from "../lib/admin/orgs.ts";
import { createUser, removeMember, setRole } from "../lib/admin/users.ts";
import { resetTwoFactor, setUserPassword, unlockUser } from "../lib/admin/accounts.ts";
import { createSite, setPaused } from "../lib/admin/sites.ts";
import { addDomain, verifyDomain } from "../lib/admin/domains.ts";
import { createKey, revokeKey, rotateKey } from "../lib/admin/keys.ts";
import { createIntegration, enableIntegration } from "../lib/admin/integrations.ts";
import { CONSENT_FLAGS, setConsent } from "../lib/admin/consent.ts";
import { scanCookiesCommand } from "../lib/admin/cookie-scan.ts";
import { createFunnel } from "../lib/admin/funnels.ts";
import { importSpendCommand } from "../lib/admin/spend.ts";
import { createPopupCommand, createWheelCommand, popupCapCommand, statusCommand, updatePopupCommand, updateWheelCommand } from "../lib/admin/engagement.ts";
import { classifyCommand, unclassifyCommand } from "../lib/admin/cookies.ts";
import { createShortLinkCommand, SHORTLINK_FLAGS, updateShortLinkCommand } from "../lib/admin/shortlinks.ts";
import { createScheduleCommand, deleteScheduleCommand, listSchedulesCommand, scheduleActiveCommand, SCHEDULE_FLAGS, updateScheduleCommand } from "../lib/admin/schedules.ts";
import { orgRetentionCommand } from "../lib/admin/retention.ts";
import { computeRecommendationsCommand, orgBenchmarksCommand } from "../lib/admin/recommendations.ts";
import { seedDemoCommand } from "../lib/demo/seed.ts";
import { erasePersonCommand, exportPersonCommand, PERSON_FLAGS } from "../lib/admin/person.ts";
import { backupCommand, restoreCommand } from "../lib/admin/backups.ts";
import { recommendationStatusCommand } from "../lib/admin/recommendation-status.ts";

type Flags = Record<string, string | true>;
/**
 * Most commands work on the opened platform; `offline` ones must not open it: opening migrates
 * the control store and creates DATA_DIR's files, and a backup must leave DATA_DIR as it is, a
 * restore must not touch it at all.
 */
type Command = { flags: string[]; booleans?: string[] } & (
  | { run: (platform: Platform, flags: Flags) => Promise<object> }
  | { offline: (settings: Settings, flags: Flags) => Promise<object> }
);

const COMMANDS: Record<string, Command> = {
  "org create": { flags: ["name", "industry", "db", "plan"], run: (p, f) => createOrg(p, f) },
  "org licence": { flags: ["org", "status"], run: (p, f) => setLicence(p, f) },
  "org plan": { flags: ["org", "plan"], run: (p, f) => setPlan(p, f) },
  "org feature": { flags: ["org", "enable", "disable"], run: (p, f) => setFeature(p, f) },
  "org two-factor": { flags: ["org", "require"], run: (p, f) => setRequireTwoFactor(p, f) },
  "org retention": { flags: ["org", "events-months", "delivery-days"], run: (p, f) => orgRetentionCommand(p, f) },
  "org benchmarks": { flags: ["org", "industry"], booleans: ["opt-out", "opt-in"], run: (p, f) => orgBenchmarksCommand(p, f) },
  "user create": { flags: ["org", "name", "email", "role"], run: (p, f) => createUser(p, f) },
  "user role": { flags: ["org", "user", "role"], run: (p, f) => setRole(p, f) },
  "user remove": { flags: ["org", "user"], run: (p, f) => removeMember(p, f) },
  "user set-password": { flags: ["email", "password"], run: (p, f) => setUserPassword(p, f) },
  "user reset-2fa": { flags: ["email"], run: (p, f) => resetTwoFactor(p, f) },
  "user unlock": { flags: ["email"], run: (p, f) => unlockUser(p, f) },
  "site create": { flags: ["org", "name", "domain", "timezone", "currency"], run: (p, f) => createSite(p, f) },
  "site pause": { flags: ["site"], run: (p, f) => setPaused(p, f, true) },
  "site resume": { flags: ["site"], run: (p, f) => setPaused(p, f, false) },
  "site consent": { flags: CONSENT_FLAGS, run: (p, f) => setConsent(p, f) },
  "domain add": { flags: ["site", "hostname"], booleans: ["include-subdomains", "primary"], run: (p, f) => addDomain(p, { ...f, includeSubdomains: f["include-subdomains"] }) },
  "domain verify": { flags: ["site", "hostname"], booleans: ["force"], run: (p, f) => verifyDomain(p, f) },
  "key create": { flags: ["org", "user", "perms", "sites", "expires", "name"], run: (p, f) => createKey(p, f) },
  "key revoke": { flags: ["id"], run: (p, f) => revokeKey(p, f) },
  "key rotate": { flags: ["id"], run: (p, f) => rotateKey(p, f) },
  "integration create": { flags: ["site", "kind", "url"], run: (p, f) => createIntegration(p, f) },
  "integration enable": { flags: ["id"], run: (p, f) => enableIntegration(p, f) },
  "spend import": { flags: ["site", "file", "platform"], run: (p, f) => importSpendCommand(p, f) },
  "funnel create": { flags: ["site", "file"], run: (p, f) => createFunnel(p, f) },
  "popup create": { flags: ["site", "file"], run: (p, f) => createPopupCommand(p, f) },
  "popup update": { flags: ["id", "file"], run: (p, f) => updatePopupCommand(p, f) },
  "popup pause": { flags: ["id"], run: statusCommand("popup", "paused") },
  "popup activate": { flags: ["id"], run: statusCommand("popup", "active") },
  "popup archive": { flags: ["id"], run: statusCommand("popup", "archived") },
  "popup cap": { flags: ["site", "per-session"], run: (p, f) => popupCapCommand(p, f) },
  "spin create": { flags: ["site", "file"], run: (p, f) => createWheelCommand(p, f) },
  "spin update": { flags: ["id", "file"], run: (p, f) => updateWheelCommand(p, f) },
  "spin pause": { flags: ["id"], run: statusCommand("wheel", "paused") },
  "spin activate": { flags: ["id"], run: statusCommand("wheel", "active") },
  "spin archive": { flags: ["id"], run: statusCommand("wheel", "archived") },
  "cookies scan": { flags: ["site"], run: (p, f) => scanCookiesCommand(p, f) },
  "cookies classify": { flags: ["site", "name", "category", "vendor", "purpose"], run: (p, f) => classifyCommand(p, f) },
  "cookies unclassify": { flags: ["site", "name"], run: (p, f) => unclassifyCommand(p, f) },
  "shortlink create": { flags: ["site", ...SHORTLINK_FLAGS], run: (p, f) => createShortLinkCommand(p, f) },
  "shortlink update": { flags: ["id", ...SHORTLINK_FLAGS, "active"], run: (p, f) => updateShortLinkCommand(p, f) },
  "schedule create": { flags: ["site", ...SCHEDULE_FLAGS, "owner"], run: (p, f) => createScheduleCommand(p, f) },
  "schedule update": { flags: ["id", ...SCHEDULE_FLAGS], run: (p, f) => updateScheduleCommand(p, f) },
  "schedule pause": { flags: ["id"], run: scheduleActiveCommand(false) },
  "schedule resume": { flags: ["id"], run: scheduleActiveCommand(true) },
  "schedule delete": { flags: ["id"], run: (p, f) => deleteScheduleCommand(p, f) },
  "schedule list": { flags: ["site"], run: (p, f) => listSchedulesCommand(p, f) },
  "person export": { flags: [...PERSON_FLAGS, "out"], run: (p, f) => exportPersonCommand(p, f) },
  "person erase": { flags: PERSON_FLAGS, run: (p, f) => erasePersonCommand(p, f) },
  "recommendations compute": { flags: ["site"], run: (p, f) => computeRecommendationsCommand(p, f) },
  "recommendations status": { flags: ["site", "rule", "status", "until"], run: (p, f) => recommendationStatusCommand(p, f) },
  "demo seed": { flags: ["visitors", "days", "site", "seed"], run: (p, f) => seedDemoCommand(p, f) },
  backup: { flags: ["out"], offline: (s, f) => backupCommand(s, f) },
  restore: { flags: ["from", "data-dir"], booleans: ["force"], offline: (_s, f) => restoreCommand(f) },
};

class UsageError extends ApiError {}

function usage(): string {
  return `usage: bun run admin <noun> <verb> [--flag value]…\ncommands:\n${Object.entries(COMMANDS)
    .map(([name, c]) => `  ${name} ${[...c.flags.map((f) => `--${f} …`), ...(c.booleans ?? []).map((b) => `[--${b}]`)].join(" ")}`)
    .join("\n")}`;
}

export function parseArgs(argv: string[]): { name: string; command: Command; flags: Flags } {
  // Commands of one word (`backup`, `restore`) act on the whole installation, not on a noun.
  const single = argv[0] !== undefined && Object.hasOwn(COMMANDS, argv[0]);
  const [noun, verb, ...rest] = single ? [argv[0], "", ...argv.slice(1)] : argv;
  const name = single ? noun : `${noun ?? ""} ${verb ?? ""}`;
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) throw new UsageError("VALIDATION_FAILED", `unknown command "${name.trim()}"\n${usage()}`, [{ path: "command", message: "unknown command" }]);
  const flags: Flags = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (!arg.startsWith("--")) throw new UsageError("VALIDATION_FAILED", `unexpected argument "${arg}"`, [{ path: arg, message: "flags look like --name value" }]);
    const flag = arg.slice(2);
    if (command.booleans?.includes(flag)) {
      flags[flag] = true;
      continue;
    }
    if (!command.flags.includes(flag)) throw new UsageError("VALIDATION_FAILED", `unknown flag --${flag} for "${name}"`, [{ path: `--${flag}`, message: "unknown flag" }]);
    const value = rest[i + 1];
    if (value === undefined || value.startsWith("--")) throw new UsageError("VALIDATION_FAILED", `--${flag} needs a value`, [{ path: `--${flag}`, message: "needs a value" }]);
    if (flag in flags) throw new UsageError("VALIDATION_FAILED", `--${flag} given twice`, [{ path: `--${flag}`, message: "given twice" }]);
    flags[flag] = value;
    i++;
  }
  return { name, command, flags };
}

async function main(argv: string[]): Promise<number> {
  let platform: Platform | undefined;
  try {
    const { command, flags } = parseArgs(argv);
    setLogging(false);
    let result: object;
    if ("offline" in command) result = await command.offline(readSettings(), flags);
    else {
      platform = openPlatform(readSettings());
      result = await command.run(platform, flags);
    }
    process.stdout.write(JSON.stringify(result) + "\n");
    return 0;
  } catch (error) {
    const e = error instanceof ApiError ? error : new ApiError("INTERNAL", (error as Error)?.message ?? String(error));
    process.stderr.write(JSON.stringify({ error: { code: e.code, message: e.message, details: e.details } }) + "\n");
    return e.code === "INTERNAL" ? 1 : 2;
  } finally {
    if (platform) closePlatform(platform);
  }
}

if (import.meta.main) process.exit(await main(process.argv.slice(2)));
