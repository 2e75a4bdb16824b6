import type { Static } from "elysia";
import type { PlatformState } from "../../../../lib/spend/models.ts";
import { AD_PLATFORM_LABELS } from "../vocabulary.ts";
import { formatTime } from "../format.ts";
import { Table } from "./Table.tsx";

type Platform = Static<typeof PlatformState>;

/** The six ad platforms' states: imported (with the last import or push) or not connected; there are no API connectors. */
export function AdPlatforms({ platforms }: { platforms: Platform[] }) {
  return (
    <Table
      caption="Ad platforms"
      rows={platforms}
      columns={[
        { label: "Platform", value: (p) => AD_PLATFORM_LABELS[p.platform] },
        { label: "State", value: (p) => (p.state === "import" ? "Imported" : "Not connected") },
        { label: "Last sync", value: (p) => (p.lastSyncAt ? formatTime(p.lastSyncAt) : "—") },
      ]}
    />
  );
}

/** How spend gets in, since no platform API is reachable: the CLI import or an ads_import push URL. */
export function HowToImport({ siteId }: { siteId: string }) {
  return (
    <p class="summary">
      Import a platform's export (a Google Ads or Meta Ads Manager campaign report by day, or GA4's cost data file) with{" "}
      <code>bun run admin spend import --site {siteId} --file F.csv</code>, or push rows as JSON to an ad spend push URL (add one on the
      Integrations page, or with <code>bun run admin integration create --site {siteId} --kind ads_import</code>).
    </p>
  );
}
