/**
 * A full garbage collection now, for long exports. JavaScriptCore sizes its next collection by
 * the heap, which a loaded site's analytics columns make large: a million-row export's garbage
 * (rows read, cells, CSV text) would pile up to a gigabyte or more of resident memory before
 * the collector ran. Collecting every few thousand rows keeps it flat (docs/reports.md "Files").
 */
export function collectGarbage(): void {
  Bun.gc(true);
}
