import { ApiError } from "../errors.ts";
import { digestsEqual, hashSecret } from "../auth/api-key.ts";
import { readRows, type StoreHandles } from "../db/statements.ts";

/**
 * The secret of an inbound integration (`webhook_in` leads, `ads_import` spend): stored hashed,
 * shown once, presented in X-Svc-Secret or as a bearer token.
 */

/** The site's active integrations of this kind (none → 404 naming `siteKey`). */
export async function activeIntegrations(store: StoreHandles, siteId: string, kind: "webhook_in" | "ads_import", missing: { what: string; detail: string }): Promise<{ id: string; secret_hash: string }[]> {
  const rows = (await readRows(store, "SELECT id, secret_hash FROM integrations WHERE site_id = ? AND kind = ? AND status = 'active' ORDER BY created_at, id", [siteId, kind], "objects")) as {
    id: string;
    secret_hash: string;
  }[];
  if (rows.length === 0) throw new ApiError("NOT_FOUND", `This site has no ${missing.what}`, [{ path: "siteKey", message: missing.detail }]);
  return rows;
}

/**
 * The integration whose secret every one of `secrets` is, or null. Every integration is
 * compared (no early exit), each in constant time.
 */
export function integrationPresenting(candidates: { id: string; secret_hash: string }[], secrets: string[]): string | null {
  const digests = secrets.map(hashSecret);
  let integration: string | null = null;
  for (const candidate of candidates) {
    let all = true;
    for (const digest of digests) all = digestsEqual(digest, candidate.secret_hash) && all;
    if (all && integration === null) integration = candidate.id;
  }
  return integration;
}
