import type { Static } from "elysia";
import { useState } from "preact/hooks";
import type { IntegrationList, OutboundIntegration } from "../../../../lib/integrations/model.ts";
import type { IntegrationCreated } from "../../../../lib/api/workspace-models.ts";
import { api } from "../api.ts";
import { useLoad } from "../load.ts";
import { Table } from "../components/Table.tsx";
import { Await } from "../components/Failure.tsx";
import { NewSecret } from "../components/NewSecret.tsx";
import { useChange } from "../components/StepUp.tsx";
import { ChangeForm } from "../components/ChangeForm.tsx";
import { AdPlatforms, HowToImport } from "../components/AdPlatforms.tsx";

/** A webhook or push URL; the ad platforms' state entries (kind "ads") have their own section. */
type Entry = IntegrationList["items"][number];
type Item = Exclude<Entry, { kind: "ads" }>;
type AdPlatform = Extract<Entry, { kind: "ads" }>;
type Outbound = Static<typeof OutboundIntegration>;
type Created = Static<typeof IntegrationCreated>;

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "—");
const where = (i: Item) => (i.kind === "webhook_out" ? i.targetUrl : i.webhookUrl);

/**
 * A site's integrations: read by everyone who may (the public GET …/integrations); owners and
 * admins add webhooks (the secret shown once) and enable a disabled endpoint again.
 */
export function IntegrationsPage({ base, siteId, manages }: { base: string; siteId: string; manages: boolean }) {
  const { version, change, notice } = useChange();
  const list = useLoad(`${base}/${version}`, () =>
    api<IntegrationList>(`${base}/integrations`).then((r) => ({
      items: r.items.filter((i): i is Item => i.kind !== "ads"),
      platforms: r.items.filter((i): i is AdPlatform => i.kind === "ads"),
    })),
  );
  const [created, setCreated] = useState<Created | null>(null);
  const enable = (i: Item) => change(() => api(`${base}/integrations/${i.id}/enable`, { method: "POST" }).then(() => undefined));

  return (
    <>
      {notice}
      {created?.kind === "webhook_out" && (
        <NewSecret title="The new webhook's signing secret" secret={created.signingSecret} copyLabel="Copy the secret" onClose={() => setCreated(null)}>
          Check the <code>X-Svc-Signature</code> header of each delivery with it.
        </NewSecret>
      )}
      {created?.kind === "webhook_in" && (
        <NewSecret title="The new inbound webhook's secret" secret={created.secret} copyLabel="Copy the secret" onClose={() => setCreated(null)}>
          Send leads to <code>{created.url}</code> with it in <code>X-Svc-Secret</code>.
        </NewSecret>
      )}
      {created?.kind === "ads_import" && (
        <NewSecret title="The new ad spend push URL's secret" secret={created.secret} copyLabel="Copy the secret" onClose={() => setCreated(null)}>
          POST spend rows as JSON to <code>{created.url}</code> with it in <code>X-Svc-Secret</code>.
        </NewSecret>
      )}
      <Await state={list}>
        {({ items: data, platforms }) => (
          <>
            <Table
              caption="Webhooks of this site"
              empty="No integrations yet."
              rows={data}
              columns={[
                { label: "Kind", value: (i) => (i.kind === "webhook_out" ? "Outbound (leads sent)" : i.kind === "ads_import" ? "Ad spend push" : "Inbound (leads received)") },
                { label: "Address", value: (i) => <code>{where(i)}</code> },
                { label: "State", value: (i) => (i.status === "active" ? "Active" : `Disabled${i.kind === "webhook_out" && i.disabledReason ? `: ${i.disabledReason}` : ""}`) },
                { label: "Last lead or push", value: (i) => when(i.lastSyncAt) },
                { label: "Created", value: (i) => when(i.createdAt) },
                {
                  label: "Actions",
                  value: (i) =>
                    manages && i.status !== "active" ? (
                      <button type="button" onClick={() => void enable(i)} aria-label={`Enable ${where(i)} again`}>
                        Enable again
                      </button>
                    ) : (
                      "—"
                    ),
                },
              ]}
            />
            {data.filter((i): i is Outbound => i.kind === "webhook_out").map((i) => (
              <Table
                caption={`Last deliveries to ${i.targetUrl}`}
                empty="Nothing delivered yet."
                rows={i.deliveries}
                columns={[
                  { label: "Created", value: (d) => when(d.createdAt) },
                  { label: "Lead", value: (d) => <code>{d.leadId}</code> },
                  { label: "Status", value: (d) => d.status },
                  { label: "Attempts", value: (d) => d.attempts, numeric: true },
                  { label: "Last answer", value: (d) => (d.lastStatus === null ? (d.lastError ?? "—") : `HTTP ${d.lastStatus}${d.lastError ? ` (${d.lastError})` : ""}`) },
                  { label: "Delivered", value: (d) => when(d.deliveredAt) },
                  { label: "Next attempt", value: (d) => when(d.nextAttemptAt) },
                ]}
              />
            ))}
            <h2>Ad spend</h2>
            <p class="summary">Tidemark reaches no ad platform's API: a platform is imported once its spend has been imported or pushed, and its last sync is the latest of those.</p>
            <AdPlatforms platforms={platforms} />
            <HowToImport siteId={siteId} />
          </>
        )}
      </Await>
      {manages && (
        <WebhookForm
          onSubmit={(body) =>
            change(async () => {
              setCreated(await api<Created>(`${base}/integrations`, { body }));
            })
          }
        />
      )}
    </>
  );
}

function WebhookForm({ onSubmit }: { onSubmit: (body: { kind: "webhook_out"; url: string } | { kind: "webhook_in" | "ads_import" }) => Promise<boolean> }) {
  const [kind, setKind] = useState<"webhook_out" | "webhook_in" | "ads_import">("webhook_out");
  const [url, setUrl] = useState("");
  return (
    <ChangeForm
      id="webhook-title"
      title="Add a webhook or push URL"
      submit={kind === "ads_import" ? "Add push URL" : "Add webhook"}
      onSubmit={async () => {
        if (await onSubmit(kind === "webhook_out" ? { kind, url: url.trim() } : { kind })) setUrl("");
      }}
    >
      <fieldset>
        <legend>Kind</legend>
        <label>
          <input type="radio" name="kind" checked={kind === "webhook_out"} onChange={() => setKind("webhook_out")} /> Outbound: send each new lead to my URL
        </label>
        <label>
          <input type="radio" name="kind" checked={kind === "webhook_in"} onChange={() => setKind("webhook_in")} /> Inbound: receive leads from another tool
        </label>
        <label>
          <input type="radio" name="kind" checked={kind === "ads_import"} onChange={() => setKind("ads_import")} /> Ad spend push: receive spend rows from a script or tool
        </label>
      </fieldset>
      {kind === "webhook_out" && (
        <label>
          Endpoint URL
          <input type="url" name="url" required maxLength={2000} placeholder="https://" value={url} onInput={(e) => setUrl(e.currentTarget.value)} />
        </label>
      )}
    </ChangeForm>
  );
}
