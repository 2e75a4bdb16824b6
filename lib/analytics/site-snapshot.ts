import { closeSync, existsSync, openSync, readSync } from "node:fs";
import { mkdir, open, readdir, rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { randomBytes } from "node:crypto";

/**
 * A site's columns saved in one file beside its store, so a restart maps them in one go
 * instead of rebuilding them from millions of rows. A cache, never a source of truth: the
 * file says which store rows it holds (the store's mark: the last event seq and that row's
 * values, the site's strings row), and each column carries its own hash (xxHash3, the
 * fastest of Bun's: about 50 ms a GB here, chained over 4 MiB chunks so a reader checks it
 * through one small buffer). A file that is missing, of another layout, another site or store,
 * stale beyond the store, short or damaged is refused with the reason, and the caller rebuilds
 * from the store.
 *
 * Layout: 8 bytes (the header's length and its CRC-32, u32 little-endian), the header as
 * JSON, then each column with its room to grow (written as a hole: sparse, no disk), every
 * part starting on an 8-byte boundary. Reading maps the file copy-on-write (`Bun.mmap`,
 * private), so the columns are views of the page cache outside the collected heap, a cold
 * site costs no copy, and new rows fill the room in place. A write goes to a temporary file
 * renamed over the old one: a process killed while writing leaves the previous snapshot (or
 * none), and a mapping of the old file stays valid after the rename.
 */

import { COLUMN_ARRAY, type ColumnKind, type TypedColumn } from "./columns.ts";

const BYTES_OF = (kind: ColumnKind) => COLUMN_ARRAY[kind].BYTES_PER_ELEMENT;

/** A typed column as the snapshot writes it: its first `count` values. */
export interface ColumnPart {
  name: string;
  kind: ColumnKind;
  count: number;
  array: TypedColumn;
}

/** Which store rows a snapshot holds: checked against the store before a snapshot is used. */
export interface StoreMark {
  /** The last event seq loaded. */
  eventSeq: number;
  /** That event row's session, site, type and time (null when no event was loaded yet). */
  event: [number, number, number, number] | null;
  /** The site's `strings` id and text. */
  siteRef: number;
  siteId: string;
  /**
   * The site's data generation the columns were built at (lib/lifecycle/generation.ts): a
   * snapshot from before a deletion is never restored. Absent in older snapshots: generation 0.
   */
  generation?: number;
}

interface Section {
  name: string;
  kind: ColumnKind;
  count: number;
  capacity: number;
  offset: number;
  hash: string;
}

interface Header<M> {
  magic: typeof MAGIC;
  layout: string;
  mark: StoreMark;
  meta: M;
  sections: Section[];
}

const MAGIC = "tidemark-site-columns";
/** The name prefix of columns beyond the layout (they are named by their writer, checked like the others). */
export const EXTRA = "derived:";
/** Bumped when what a column means changes without its name or kind changing. */
const FORMAT = 8;

const align8 = (n: number) => (n + 7) & ~7;
const bytesOf = (part: ColumnPart) => new Uint8Array(part.array.buffer, part.array.byteOffset, part.count * BYTES_OF(part.kind));
const hashOf = (bytes: Uint8Array) => Bun.hash.xxHash3(bytes).toString(16);
/** A column's bytes are hashed in chunks of this size, each chunk's hash seeding the next. */
const CHUNK = 4 << 20;
const chainedHash = (bytes: Uint8Array) => {
  let hash = 0n;
  for (let at = 0; at < bytes.length; at += CHUNK) hash = Bun.hash.xxHash3(bytes.subarray(at, at + CHUNK), hash);
  return hash.toString(16);
};

/** The layout's identity: the format and every column's name and kind, in order. */
export function layoutOf(parts: { name: string; kind: ColumnKind }[]): string {
  return hashOf(new TextEncoder().encode(`${FORMAT}|${parts.map((p) => `${p.name}:${p.kind}`).join(",")}`));
}

/**
 * Writes the columns (with their room: `array.length`) and `meta` (plain JSON) to `path`,
 * through a temporary file renamed over it. The caller keeps the columns unchanged until the
 * returned promise settles; it resolves to the file's size.
 */
export async function writeSnapshot<M>(path: string, mark: StoreMark, meta: M, parts: ColumnPart[]): Promise<number> {
  const sections: Section[] = parts.map((p) => ({ name: p.name, kind: p.kind, count: p.count, capacity: p.array.length, offset: 0, hash: chainedHash(bytesOf(p)) }));
  const layout = layoutOf(parts.filter((p) => !p.name.startsWith(EXTRA)));
  const headerOf = () => Buffer.from(JSON.stringify({ magic: MAGIC, layout, mark, meta, sections } satisfies Header<M>));
  // Offsets depend on the header's length, which depends on the offsets' digits: settle it.
  let header = headerOf();
  let size = 0;
  for (let settled = false; !settled; ) {
    let at = align8(8 + header.length);
    for (const section of sections) {
      section.offset = at;
      at = align8(at + section.capacity * BYTES_OF(section.kind));
    }
    size = at;
    const next = headerOf();
    settled = next.length === header.length;
    header = next;
  }
  await mkdir(dirname(path), { recursive: true });
  await removeLeftovers(path);
  const temporary = `${path}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
  const file = await open(temporary, "w", 0o600);
  try {
    const lead = Buffer.alloc(8);
    lead.writeUInt32LE(header.length, 0);
    lead.writeUInt32LE(Bun.hash.crc32(header), 4);
    await file.write(lead, 0, 8, 0);
    await file.write(header, 0, header.length, 8);
    for (let i = 0; i < parts.length; i++) {
      const bytes = bytesOf(parts[i]);
      if (bytes.length > 0) await file.write(bytes, 0, bytes.length, sections[i].offset);
    }
    await file.truncate(size);
    await file.close();
    await rename(temporary, path);
  } catch (error) {
    await file.close().catch(() => {});
    await rm(temporary, { force: true });
    throw error;
  }
  return size;
}

/** A snapshot mapped back: its mark, meta and columns (views with their room). */
export interface ReadSnapshot<M> {
  mark: StoreMark;
  meta: M;
  columns: Map<string, TypedColumn>;
}

/**
 * Maps a snapshot written with the same column layout, or says why it cannot be used. Each
 * column's bytes are checked against the hash they were written with, read from the file
 * through one buffer rather than through the mapping: touching every mapped page up front
 * costs a page fault per page (0.3–0.4 s a GB here, three times the read), while reports
 * fault in only the pages they read. Columns written after the layout's (named EXTRA…) are
 * returned too.
 */
export function readSnapshot<M>(path: string, layout: { name: string; kind: ColumnKind }[]): ReadSnapshot<M> | { problem: string } {
  if (!existsSync(path)) return { problem: "no snapshot" };
  let file: Uint8Array;
  let check: FileHashes;
  try {
    file = Bun.mmap(path, { shared: false });
    check = fileHashes(path);
  } catch (error) {
    return { problem: `cannot be mapped (${String(error)})` };
  }
  try {
    return checkedSnapshot<M>(file, check, layout);
  } finally {
    check.close();
  }
}

function checkedSnapshot<M>(file: Uint8Array, check: FileHashes, layout: { name: string; kind: ColumnKind }[]): ReadSnapshot<M> | { problem: string } {
  const size = file.length;
  const words = new DataView(file.buffer, file.byteOffset, Math.min(size, 8));
  if (size < 8) return { problem: "shorter than its header" };
  const headerLength = words.getUint32(0, true);
  if (headerLength > size - 8) return { problem: "header longer than the file" };
  const headerBytes = file.subarray(8, 8 + headerLength);
  if (Bun.hash.crc32(headerBytes) !== words.getUint32(4, true)) return { problem: "header is damaged" };
  let header: Header<M>;
  try {
    header = JSON.parse(new TextDecoder().decode(headerBytes)) as Header<M>;
  } catch {
    return { problem: "header is not JSON" };
  }
  if (header?.magic !== MAGIC) return { problem: "not a column snapshot" };
  if (header.layout !== layoutOf(layout) || !Array.isArray(header.sections) || header.sections.length < layout.length) return { problem: "written by another version" };
  const columns = new Map<string, TypedColumn>();
  // The layout's columns, in order; then any extra ones (derived indexes: `derived:` names).
  for (let i = 0; i < header.sections.length; i++) {
    const s = header.sections[i];
    const want = i < layout.length ? layout[i] : { name: String(s?.name), kind: s?.kind };
    if (i >= layout.length && (!want.name.startsWith(EXTRA) || !(want.kind in COLUMN_ARRAY))) return { problem: `column ${want.name} is not one this version keeps` };
    const width = BYTES_OF(want.kind);
    const fits = [s.count, s.capacity, s.offset].every((n) => Number.isSafeInteger(n) && n >= 0) && s.count <= s.capacity && s.offset % 8 === 0 && s.offset + s.capacity * width <= size;
    if (s.name !== want.name || s.kind !== want.kind || !fits) return { problem: `column ${want.name} is outside the file` };
    const array = new COLUMN_ARRAY[want.kind](file.buffer as ArrayBuffer, file.byteOffset + s.offset, s.capacity);
    if (check.hash(s.offset, s.count * width) !== s.hash) return { problem: `column ${want.name} is damaged` };
    columns.set(want.name, array);
  }
  return { mark: header.mark, meta: header.meta, columns };
}

interface FileHashes {
  hash(offset: number, length: number): string;
  close(): void;
}

/** Hashes byte ranges of a file as `chainedHash` does, read through one chunk-sized buffer. */
function fileHashes(path: string): FileHashes {
  const fd = openSync(path, "r");
  const buffer = new Uint8Array(CHUNK);
  return {
    hash(offset: number, length: number): string {
      let hash = 0n;
      for (let at = 0; at < length; ) {
        const read = readSync(fd, buffer, 0, Math.min(CHUNK, length - at), offset + at);
        if (read <= 0) return "short";
        hash = Bun.hash.xxHash3(buffer.subarray(0, read), hash);
        at += read;
      }
      return hash.toString(16);
    },
    close: () => closeSync(fd),
  };
}

/** Temporary files of this snapshot that a writer killed mid-write left behind (its process is gone). */
async function removeLeftovers(path: string): Promise<void> {
  const prefix = `${basename(path)}.`;
  for (const name of await readdir(dirname(path))) {
    const pid = Number(name.startsWith(prefix) && name.endsWith(".tmp") ? name.slice(prefix.length).split("-")[0] : NaN);
    if (!Number.isInteger(pid) || pid === process.pid || isRunning(pid)) continue;
    await rm(join(dirname(path), name), { force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === "EPERM";
  }
}

/** Removes a snapshot (refused, or its site's data is gone). */
export async function removeSnapshot(path: string): Promise<void> {
  await rm(path, { force: true });
}
