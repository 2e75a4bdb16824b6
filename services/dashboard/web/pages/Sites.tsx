import { useState } from "preact/hooks";
import type { SiteStatus } from "../../../../lib/api/models.ts";
import { api } from "../api.ts";
import { formatInteger, formatTime as when, humanize } from "../format.ts";
import { useLoad } from "../load.ts";
import type { Site } from "../sites.ts";
import { Table } from "../components/Table.tsx";
import { Failure } from "../components/Failure.tsx";
import { sitePath } from "../components/Shell.tsx";

const STATUS_TEXT: Record<SiteStatus["status"], string> = {
  not_installed: "Not installed: no hit received yet",
  receiving: "Receiving hits",
  stale: "Stale: no hit lately",
  paused: "Paused",
};

/** The tracking snippet for a site, pointing at this server (docs/tracking.md). */
export const installSnippet = (siteKey: string) => `<script defer src="${window.location.origin}/v1/script.js" data-site="${siteKey}"></script>`;

/** The organisation's sites (spec 2.2, 2.3): each one's status, install snippet and domains. Read-only: no write route exists for them yet. */
export function SitesPage({ orgId, sites }: { orgId: string; sites: Site[] }) {
  if (sites.length === 0) return <p>This organisation has no site yet: add one with <code>admin site create</code>.</p>;
  return (
    <>
      {sites.map((site) => (
        <SiteCard orgId={orgId} site={site} />
      ))}
    </>
  );
}

function SiteCard({ orgId, site }: { orgId: string; site: Site }) {
  const url = `/orgs/${orgId}/sites/${site.id}/status`;
  const { data, error } = useLoad(url, () => api<SiteStatus>(url));
  const [copied, setCopied] = useState(false);
  const snippet = installSnippet(site.siteKey);
  const titleId = `site-${site.id}`;
  return (
    <section class="site-card" aria-labelledby={titleId} data-site={site.id}>
      <h2 id={titleId}>
        {site.name} <span class="site-name">· {site.domain}</span>
      </h2>
      <p>
        <a href={sitePath(orgId, site.id, "overview")}>Reports of {site.name}</a> · timezone {site.timezone} · currency {site.currency}
      </p>
      {error ? (
        <Failure error={error} />
      ) : !data ? (
        <p aria-busy="true">Loading status…</p>
      ) : (
        <>
          <dl class="facts">
            <dt>Status</dt>
            <dd data-field="status">{STATUS_TEXT[data.status]}</dd>
            <dt>Hits in the last 30 minutes</dt>
            <dd data-field="hitsLast30Min">{formatInteger(data.hitsLast30Min)}</dd>
            <dt>First hit</dt>
            <dd>{data.firstHitAt ? when(data.firstHitAt) : "—"}</dd>
            <dt>Latest hit</dt>
            <dd>{data.lastHitAt ? when(data.lastHitAt) : "—"}</dd>
          </dl>
          <h3>Install</h3>
          <p>Paste this into the &lt;head&gt; of every page of {site.domain}:</p>
          <code class="snippet" data-snippet>
            {snippet}
          </code>
          <div class="actions">
            <button type="button" onClick={() => navigator.clipboard.writeText(snippet).then(() => setCopied(true), () => setCopied(false))} aria-label={`Copy the snippet of ${site.name}`}>
              {copied ? "Copied" : "Copy the snippet"}
            </button>
          </div>
          <Table
            caption={`Domains of ${site.name}`}
            empty="No domain."
            rows={data.domains}
            columns={[
              { label: "Host", value: (d) => d.hostname },
              { label: "Primary", value: (d) => (d.isPrimary ? "Yes" : "No") },
              { label: "Subdomains", value: (d) => (d.includeSubdomains ? "Included" : "No") },
              { label: "Verification", value: (d) => `${humanize(d.status)}${d.status === "verified" ? (d.strong ? " (DNS record)" : " (set by the operator)") : ""}` },
              { label: "Method", value: (d) => d.method.toUpperCase() },
              { label: "DNS token", value: (d) => <code>{d.token}</code> },
              { label: "Verified", value: (d) => (d.verifiedAt ? when(d.verifiedAt) : "—") },
            ]}
          />
          <Table
            caption={`Hosts refused for ${site.name}`}
            empty="No refused host."
            rows={data.rejectedHosts}
            columns={[
              { label: "Host", value: (h) => h.host },
              { label: "Hits", value: (h) => formatInteger(h.hits), numeric: true },
              { label: "First", value: (h) => when(h.firstSeenAt) },
              { label: "Last", value: (h) => when(h.lastSeenAt) },
            ]}
          />
        </>
      )}
    </section>
  );
}
