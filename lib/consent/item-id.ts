/**
 * An inventory item's id (docs/consent.md "Read API"): `ck_` + the first 16 hex of SHA-256 of
 * `kind:name`, the same across scans and visits. Remembered, as the list hashes every item on
 * each read: the same names come back read after read (bounded: the oldest half goes at the cap).
 */
const idsByKind = new Map<string, Map<string, string>>();
const MAX_IDS = 100_000;

export function itemId(kind: string, name: string): string {
  let ids = idsByKind.get(kind);
  if (!ids) idsByKind.set(kind, (ids = new Map()));
  let id = ids.get(name);
  if (id === undefined) {
    if (ids.size >= MAX_IDS) for (const old of [...ids.keys()].slice(0, MAX_IDS / 2)) ids.delete(old);
    id = `ck_${Bun.SHA256.hash(`${kind}:${name}`, "hex").slice(0, 16)}`;
    ids.set(name, id);
  }
  return id;
}
