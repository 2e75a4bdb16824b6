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
import { CONSENT_FLAGS, PERSON_FLAGS, SCHEDULE_FLAGS, SHORTLINK_FLAGS } from "../lib/admin/flags.ts";

// Each command's module is loaded when the command runs: a start that loaded all of them cost
// about twice the CPU of one that loads only its own (the tests start the CLI hundreds of times).
const orgs = () => import("../lib/admin/orgs.ts");
const users = () => import("../lib/admin/users.ts");
const accounts = () => import("../lib/admin/accounts.ts");
const sites = () => import("../lib/admin/sites.ts");
const domains = () => import("../lib/admin/domains.ts");
const keys = () => import("../lib/admin/keys.ts");
const integrations = () => import("../lib/admin/integrations.ts");
const consent = () => import("../lib/admin/consent.ts");
const cookieScan = () => import("../lib/admin/cookie-scan.ts");
const funnels = () => import("../lib/admin/funnels.ts");
const spend = () => import("../lib/admin/spend.ts");
const engagement = () => import("../lib/admin/engagement.ts");
const cookies = () => import("../lib/admin/cookies.ts");
const shortLinks = () => import("../lib/admin/shortlinks.ts");
const schedules = () => import("../lib/admin/schedules.ts");
const retention = () => import("../lib/admin/retention.ts");
const recommendations = () => import("../lib/admin/recommendations.ts");
const demo = () => import("../lib/demo/seed.ts");
const person = () => import("../lib/admin/person.ts");
const backups = () => import("../lib/admin/backups.ts");
const recommendationStatus = () => import("../lib/admin/recommendation-status.ts");

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
  "org create": { flags: ["name", "industry", "db", "plan"], run: async (p, f) => (await orgs()).createOrg(p, f) },
  "org licence": { flags: ["org", "status"], run: async (p, f) => (await orgs()).setLicence(p, f) },
  "org plan": { flags: ["org", "plan"], run: async (p, f) => (await orgs()).setPlan(p, f) },
  "org feature": { flags: ["org", "enable", "disable"], run: async (p, f) => (await orgs()).setFeature(p, f) },
  "org two-factor": { flags: ["org", "require"], run: async (p, f) => (await orgs()).setRequireTwoFactor(p, f) },
  "org retention": { flags: ["org", "events-months", "delivery-days"], run: async (p, f) => (await retention()).orgRetentionCommand(p, f) },
  "org benchmarks": { flags: ["org", "industry"], booleans: ["opt-out", "opt-in"], run: async (p, f) => (await recommendations()).orgBenchmarksCommand(p, f) },
  "user create": { flags: ["org", "name", "email", "role"], run: async (p, f) => (await users()).createUser(p, f) },
  "user role": { flags: ["org", "user", "role"], run: async (p, f) => (await users()).setRole(p, f) },
  "user remove": { flags: ["org", "user"], run: async (p, f) => (await users()).removeMember(p, f) },
  "user set-password": { flags: ["email", "password"], run: async (p, f) => (await accounts()).setUserPassword(p, f) },
  "user reset-2fa": { flags: ["email"], run: async (p, f) => (await accounts()).resetTwoFactor(p, f) },
  "user unlock": { flags: ["email"], run: async (p, f) => (await accounts()).unlockUser(p, f) },
  "site create": { flags: ["org", "name", "domain", "timezone", "currency"], run: async (p, f) => (await sites()).createSite(p, f) },
  "site pause": { flags: ["site"], run: async (p, f) => (await sites()).setPaused(p, f, true) },
  "site resume": { flags: ["site"], run: async (p, f) => (await sites()).setPaused(p, f, false) },
  "site consent": { flags: CONSENT_FLAGS, run: async (p, f) => (await consent()).setConsent(p, f) },
  "domain add": { flags: ["site", "hostname"], booleans: ["include-subdomains", "primary"], run: async (p, f) => (await domains()).addDomain(p, { ...f, includeSubdomains: f["include-subdomains"] }) },
  "domain verify": { flags: ["site", "hostname"], booleans: ["force"], run: async (p, f) => (await domains()).verifyDomain(p, f) },
  "key create": { flags: ["org", "user", "perms", "sites", "expires", "name"], run: async (p, f) => (await keys()).createKey(p, f) },
  "key revoke": { flags: ["id"], run: async (p, f) => (await keys()).revokeKey(p, f) },
  "key rotate": { flags: ["id"], run: async (p, f) => (await keys()).rotateKey(p, f) },
  "integration create": { flags: ["site", "kind", "url"], run: async (p, f) => (await integrations()).createIntegration(p, f) },
  "integration enable": { flags: ["id"], run: async (p, f) => (await integrations()).enableIntegration(p, f) },
  "spend import": { flags: ["site", "file", "platform"], run: async (p, f) => (await spend()).importSpendCommand(p, f) },
  "funnel create": { flags: ["site", "file"], run: async (p, f) => (await funnels()).createFunnel(p, f) },
  "popup create": { flags: ["site", "file"], run: async (p, f) => (await engagement()).createPopupCommand(p, f) },
  "popup update": { flags: ["id", "file"], run: async (p, f) => (await engagement()).updatePopupCommand(p, f) },
  "popup pause": { flags: ["id"], run: async (p, f) => (await engagement()).statusCommand("popup", "paused")(p, f) },
  "popup activate": { flags: ["id"], run: async (p, f) => (await engagement()).statusCommand("popup", "active")(p, f) },
  "popup archive": { flags: ["id"], run: async (p, f) => (await engagement()).statusCommand("popup", "archived")(p, f) },
  "popup cap": { flags: ["site", "per-session"], run: async (p, f) => (await engagement()).popupCapCommand(p, f) },
  "spin create": { flags: ["site", "file"], run: async (p, f) => (await engagement()).createWheelCommand(p, f) },
  "spin update": { flags: ["id", "file"], run: async (p, f) => (await engagement()).updateWheelCommand(p, f) },
  "spin pause": { flags: ["id"], run: async (p, f) => (await engagement()).statusCommand("wheel", "paused")(p, f) },
  "spin activate": { flags: ["id"], run: async (p, f) => (await engagement()).statusCommand("wheel", "active")(p, f) },
  "spin archive": { flags: ["id"], run: async (p, f) => (await engagement()).statusCommand("wheel", "archived")(p, f) },
  "cookies scan": { flags: ["site"], run: async (p, f) => (await cookieScan()).scanCookiesCommand(p, f) },
  "cookies classify": { flags: ["site", "name", "category", "vendor", "purpose"], run: async (p, f) => (await cookies()).classifyCommand(p, f) },
  "cookies unclassify": { flags: ["site", "name"], run: async (p, f) => (await cookies()).unclassifyCommand(p, f) },
  "shortlink create": { flags: ["site", ...SHORTLINK_FLAGS], run: async (p, f) => (await shortLinks()).createShortLinkCommand(p, f) },
  "shortlink update": { flags: ["id", ...SHORTLINK_FLAGS, "active"], run: async (p, f) => (await shortLinks()).updateShortLinkCommand(p, f) },
  "schedule create": { flags: ["site", ...SCHEDULE_FLAGS, "owner"], run: async (p, f) => (await schedules()).createScheduleCommand(p, f) },
  "schedule update": { flags: ["id", ...SCHEDULE_FLAGS], run: async (p, f) => (await schedules()).updateScheduleCommand(p, f) },
  "schedule pause": { flags: ["id"], run: async (p, f) => (await schedules()).scheduleActiveCommand(false)(p, f) },
  "schedule resume": { flags: ["id"], run: async (p, f) => (await schedules()).scheduleActiveCommand(true)(p, f) },
  "schedule delete": { flags: ["id"], run: async (p, f) => (await schedules()).deleteScheduleCommand(p, f) },
  "schedule list": { flags: ["site"], run: async (p, f) => (await schedules()).listSchedulesCommand(p, f) },
  "person export": { flags: [...PERSON_FLAGS, "out"], run: async (p, f) => (await person()).exportPersonCommand(p, f) },
  "person erase": { flags: PERSON_FLAGS, run: async (p, f) => (await person()).erasePersonCommand(p, f) },
  "recommendations compute": { flags: ["site"], run: async (p, f) => (await recommendations()).computeRecommendationsCommand(p, f) },
  "recommendations status": { flags: ["site", "rule", "status", "until"], run: async (p, f) => (await recommendationStatus()).recommendationStatusCommand(p, f) },
  "demo seed": { flags: ["visitors", "days", "site", "seed"], run: async (p, f) => (await demo()).seedDemoCommand(p, f) },
  backup: { flags: ["out"], offline: async (s, f) => (await backups()).backupCommand(s, f) },
  restore: { flags: ["from", "data-dir"], booleans: ["force"], offline: async (_s, f) => (await backups()).restoreCommand(f) },
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
