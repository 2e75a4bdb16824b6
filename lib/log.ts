/** The process's JSON-line log (requests and diagnostics): a leaf module any layer may import. */
// On until an entry point applies Settings.logRequests (LOG_REQUESTS, read in lib/config.ts).
let enabled = true;

/** Turns request/diagnostic logging on or off for this process (tests keep stdout quiet). */
export function setLogging(on: boolean): void {
  enabled = on;
}

/** One JSON line on stdout. */
export function logLine(line: Record<string, unknown>): void {
  if (enabled) noticeLine(line);
}

/** One JSON line on stdout whatever LOG_REQUESTS says: rare lines an operator must see (a stop and how it went). */
export function noticeLine(line: Record<string, unknown>): void {
  process.stdout.write(JSON.stringify({ t: new Date().toISOString(), ...line }) + "\n");
}

export function isLogging(): boolean {
  return enabled;
}
