import type { TenantStore } from "../../db/tenants.ts";
import { readRows, type Arg } from "../../db/statements.ts";
import { uuidOfHex } from "../../ids.ts";
import type { ReportRow, ReportRows } from "../report.ts";

/** Rows read a page at a time: an export of a million rows holds 2 000 of them at once. */
export const KEYSET_PAGE = 2_000;

/**
 * A report's stored rows in keyset pages (docs/reports.md "The reports"): `first` reads the
 * first page with `firstArgs`; `next` the page after a key, with `nextArgs` and then the key's
 * values. Both end in `LIMIT ?`. `keyOf` gives the key of a raw row (the order's columns, the
 * last one unique). `next` should bound the index range by the key alone on the side the pages
 * move towards, so each page starts where the last one ended instead of scanning past it.
 */
export interface KeysetQuery<Raw extends unknown[]> {
  first: string;
  firstArgs: Arg[];
  next: string;
  nextArgs: Arg[];
  keyOf: (raw: Raw) => Arg[];
  toRow: (raw: Raw) => ReportRow;
}

/**
 * The rows of a keyset query as `ReportData.rows`: each call starts again at the first page,
 * and pages are read as the iterator is pulled, so memory holds one page — synchronously on
 * bun:sqlite, asynchronously from a remote libSQL store.
 */
export async function keysetRows<Raw extends unknown[]>(store: TenantStore, query: KeysetQuery<Raw>): Promise<() => ReportRows> {
  const db = store.sqlite;
  if (db) {
    return function* () {
      let after: Arg[] | null = null;
      for (;;) {
        const page = (after === null ? db.query(query.first).values(...query.firstArgs, KEYSET_PAGE) : db.query(query.next).values(...query.nextArgs, ...after, KEYSET_PAGE)) as Raw[];
        for (const raw of page) yield query.toRow(raw);
        if (page.length < KEYSET_PAGE) return;
        after = query.keyOf(page[page.length - 1]);
      }
    };
  }
  return async function* () {
    let after: Arg[] | null = null;
    for (;;) {
      const page = (await readRows(store, after === null ? query.first : query.next, after === null ? [...query.firstArgs, KEYSET_PAGE] : [...query.nextArgs, ...after, KEYSET_PAGE])) as Raw[];
      for (const raw of page) yield query.toRow(raw);
      if (page.length < KEYSET_PAGE) return;
      after = query.keyOf(page[page.length - 1]);
    }
  };
}

/** A visitor's UUID from `nullif(lower(hex(visitor_rows.uid)), '')` (hex of NULL is empty), or null when the row has no visitor. */
export const visitorIdOf = (hex: string | null): string | null => (hex === null ? null : uuidOfHex(hex));
