import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";

/**
 * Builds the dashboard's single-page app (services/dashboard/web) into dist/dashboard-web: hashed
 * file names under /assets/, minified, linked source maps, a `.gz` and a `.br` beside each file
 * (compressed once here so a request never compresses), and manifest.json naming them.
 */

const ROOT = join(import.meta.dir, "..", "..");
/** A service compiled by `npm run build` runs from Bun's embedded file system, without the sources. */
const COMPILED = import.meta.dir.includes("$bunfs");
export const DASHBOARD_SOURCE = join(ROOT, "services", "dashboard", "web");
/** dist/dashboard-web in the project; for a compiled service, the `dashboard-web` folder beside its executable (dist/ again). */
export const DASHBOARD_DIST = COMPILED ? join(dirname(process.execPath), "dashboard-web") : join(ROOT, "dist", "dashboard-web");
/** Inputs whose change makes the build stale besides the source folder: the installed packages. */
const EXTRA_INPUTS = [join(ROOT, "package-lock.json"), join(import.meta.dir, "build.ts")];
export const MANIFEST = "manifest.json";
export const ASSET_PREFIX = "/assets/";

export interface BuiltFile {
  /** File name inside the build folder; served at /assets/<name> unless it is index.html. */
  name: string;
  bytes: number;
  gzip: number;
  brotli: number;
}

export interface DashboardManifest {
  builtAt: string;
  /** index.html plus every hashed file. */
  files: BuiltFile[];
  /** The JavaScript and CSS the first page loads (what index.html references). */
  firstPage: string[];
}

function compress(path: string): { gzip: number; brotli: number; bytes: number } {
  const raw = new Uint8Array(readFileSync(path));
  const gz = Bun.gzipSync(raw, { level: 9 });
  const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
  writeFileSync(`${path}.gz`, gz);
  writeFileSync(`${path}.br`, br);
  return { bytes: raw.length, gzip: gz.length, brotli: br.length };
}

/** The /assets/ files index.html loads (scripts and stylesheets). */
function firstPageFiles(html: string): string[] {
  const refs = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+)"/g)].map((m) => m[1]!);
  return [...new Set(refs)];
}

/**
 * Builds into a fresh folder beside `outDir`, then swaps it in, so a running server or a second
 * process starting at the same time never reads a half-written build.
 */
export async function buildDashboard(outDir = DASHBOARD_DIST): Promise<DashboardManifest> {
  const staging = `${outDir}.building-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  const result = await Bun.build({
    entrypoints: [join(DASHBOARD_SOURCE, "index.html")],
    outdir: staging,
    target: "browser",
    // Pages imported dynamically (web/lazy.tsx) become chunks of their own.
    splitting: true,
    minify: true,
    sourcemap: "linked",
    publicPath: ASSET_PREFIX,
    naming: { entry: "[name].[ext]", chunk: "[name]-[hash].[ext]", asset: "[name]-[hash].[ext]" },
    define: { "process.env.NODE_ENV": '"production"' },
    throw: false,
  });
  if (!result.success) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`dashboard build failed:\n${result.logs.map(String).join("\n")}`);
  }
  const files: BuiltFile[] = readdirSync(staging)
    .sort()
    .map((name) => ({ name, ...compress(join(staging, name)) }));
  const html = await Bun.file(join(staging, "index.html")).text();
  const manifest: DashboardManifest = { builtAt: new Date().toISOString(), files, firstPage: firstPageFiles(html) };
  writeFileSync(join(staging, MANIFEST), JSON.stringify(manifest, null, 2));
  mkdirSync(join(outDir, ".."), { recursive: true });
  const old = `${outDir}.old-${process.pid}`;
  if (existsSync(outDir)) renameSync(outDir, old);
  try {
    renameSync(staging, outDir);
  } catch (error) {
    // Another process (a second service, a parallel test) built the same sources and swapped
    // its build in between our two renames: theirs stands, ours goes.
    if (!dashboardIsFresh(outDir)) throw error;
    rmSync(staging, { recursive: true, force: true });
  }
  rmSync(old, { recursive: true, force: true });
  return manifest;
}

/** Latest modification time of a file or of any file under a folder. */
function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** True when `outDir` holds a build at least as new as every source. */
export function dashboardIsFresh(outDir = DASHBOARD_DIST): boolean {
  const manifest = join(outDir, MANIFEST);
  if (!existsSync(manifest)) return false;
  // A compiled executable ships without the sources: the build it finds is the one to serve.
  if (!existsSync(DASHBOARD_SOURCE)) return true;
  const sources = Math.max(newestMtime(DASHBOARD_SOURCE), ...EXTRA_INPUTS.filter(existsSync).map(newestMtime));
  return statSync(manifest).mtimeMs >= sources;
}

/**
 * What the dashboard service calls at start: builds when dist/dashboard-web is missing or older
 * than its sources; a stat walk of the source folder (a few ms) when it is fresh.
 */
export async function ensureDashboardBuilt(outDir = DASHBOARD_DIST): Promise<{ built: boolean; dir: string }> {
  if (dashboardIsFresh(outDir)) return { built: false, dir: outDir };
  if (!existsSync(DASHBOARD_SOURCE)) throw new Error(`no dashboard build in ${outDir} and no sources at ${DASHBOARD_SOURCE} to build it from`);
  await buildDashboard(outDir);
  return { built: true, dir: outDir };
}
