import type { Static } from "elysia";
import { useState } from "preact/hooks";
import type { ApiKeyView } from "../../../../lib/api/key-models.ts";
import { PERMISSIONS } from "../../../../lib/auth/permissions.ts";
import { api } from "../api.ts";
import { useLoad } from "../load.ts";
import { formatTime } from "../format.ts";
import type { Site } from "../sites.ts";
import { Table } from "../components/Table.tsx";
import { Failure } from "../components/Failure.tsx";
import { stepUpRefusal, useStepUp } from "../components/StepUp.tsx";

type ApiKey = Static<typeof ApiKeyView>;
const EXPIRIES = [
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
  { value: "365", label: "1 year" },
  { value: "", label: "Never" },
];

const when = (iso: string | null) => (iso ? formatTime(iso) : "—");

function stateOf(key: ApiKey): string {
  if (key.revokedAt) return "Revoked";
  if (key.expiresAt && Date.parse(key.expiresAt) <= Date.now()) return "Expired";
  return "Active";
}

const problem = (error: unknown) => stepUpRefusal(error, "key changes need");

/** The secret of a new or rotated key: shown once, with a copy button. */
function NewSecret({ name, secret, onClose }: { name: string; secret: string; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <section class="new-secret" aria-labelledby="new-secret-title" role="status">
      <h2 id="new-secret-title">The key “{name}”</h2>
      <p>
        <strong>Copy it now: you will not see it again.</strong> Send it as <code>Authorization: Bearer …</code>.
      </p>
      <p>
        <code class="secret" data-secret>
          {secret}
        </code>
      </p>
      <div class="actions">
        <button
          type="button"
          class="primary"
          onClick={async () => {
            await navigator.clipboard.writeText(secret).then(() => setCopied(true), () => setCopied(false));
          }}
        >
          {copied ? "Copied" : "Copy the key"}
        </button>
        <button type="button" onClick={onClose}>
          I have stored it
        </button>
      </div>
    </section>
  );
}

export function ApiKeysPage({ orgId, sites }: { orgId: string; sites: Site[] }) {
  const [version, setVersion] = useState(0);
  const list = useLoad(`${orgId}/${version}`, () => api<{ keys: ApiKey[] }>(`/orgs/${orgId}/keys`).then((r) => r.keys));
  const [shown, setShown] = useState<{ name: string; secret: string } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const { run, dialog } = useStepUp();
  const siteName = new Map(sites.map((s) => [s.id, s.name]));

  const change = async (action: () => Promise<void>) => {
    setMessage(null);
    try {
      await run(action);
      setVersion((v) => v + 1);
    } catch (error) {
      setMessage(problem(error));
    }
  };
  const rotate = (key: ApiKey) => {
    if (!window.confirm(`Rotate “${key.name}”? Its current secret stops working at once.`)) return;
    return change(async () => {
      const answer = await api<{ key: ApiKey; secret: string }>(`/orgs/${orgId}/keys/${key.id}/rotate`, { method: "POST" });
      setShown({ name: answer.key.name, secret: answer.secret });
    });
  };
  const revoke = (key: ApiKey) => {
    if (!window.confirm(`Revoke “${key.name}”? It stops working at once; this cannot be undone.`)) return;
    return change(() => api<null>(`/orgs/${orgId}/keys/${key.id}`, { method: "DELETE" }).then(() => undefined));
  };

  return (
    <>
      {dialog}
      {shown && <NewSecret {...shown} onClose={() => setShown(null)} />}
      {message && (
        <p role="alert" class="error">
          {message}
        </p>
      )}
      {list.error ? (
        <Failure error={list.error} />
      ) : !list.data ? (
        <p aria-busy="true">Loading…</p>
      ) : (
        <Table
          caption="API keys of this organisation"
          empty="No API keys yet."
          rows={list.data}
          columns={[
            { label: "Name", value: (k) => k.name || "—" },
            { label: "Key", value: (k) => <code>{k.prefix}…</code> },
            { label: "Permissions", value: (k) => (k.permissions.includes("*") ? "All" : k.permissions.join(", ")) },
            { label: "Sites", value: (k) => (k.sites === null ? "All" : k.sites.map((id) => siteName.get(id) ?? id).join(", ")) },
            { label: "Created", value: (k) => `${when(k.createdAt)} by ${k.createdBy.name}` },
            { label: "Expires", value: (k) => (k.expiresAt ? when(k.expiresAt) : "Never") },
            { label: "Last use", value: (k) => (k.lastUsedAt ? `${when(k.lastUsedAt)} from ${k.lastUsedIp ?? "?"}` : "Never") },
            { label: "State", value: stateOf },
            {
              label: "Actions",
              value: (k) =>
                k.revokedAt ? (
                  "—"
                ) : (
                  <div class="actions">
                    <button type="button" onClick={() => rotate(k)} aria-label={`Rotate ${k.name}`}>
                      Rotate
                    </button>
                    <button type="button" onClick={() => revoke(k)} aria-label={`Revoke ${k.name}`}>
                      Revoke
                    </button>
                  </div>
                ),
            },
          ]}
        />
      )}
      <KeyForm
        sites={sites}
        onSubmit={(body) =>
          change(async () => {
            const answer = await api<{ key: ApiKey; secret: string }>(`/orgs/${orgId}/keys`, { body });
            setShown({ name: answer.key.name, secret: answer.secret });
          })
        }
      />
    </>
  );
}

interface KeyBody {
  name: string;
  permissions: string[];
  sites: string[] | null;
  expiresInDays: number | null;
}

function KeyForm({ sites, onSubmit }: { sites: Site[]; onSubmit: (body: KeyBody) => Promise<void> }) {
  const [name, setName] = useState("");
  const [all, setAll] = useState(false);
  const [perms, setPerms] = useState<Set<string>>(new Set(["sites.read", "analytics.read"]));
  const [allSites, setAllSites] = useState(true);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [expiry, setExpiry] = useState("90");
  const [busy, setBusy] = useState(false);
  const toggle = (set: Set<string>, value: string, on: boolean) => {
    const next = new Set(set);
    if (on) next.add(value);
    else next.delete(value);
    return next;
  };
  return (
    <form
      class="key-form"
      aria-labelledby="new-key-title"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        await onSubmit({ name: name.trim(), permissions: all ? ["*"] : [...perms], sites: allSites ? null : [...chosen], expiresInDays: expiry ? Number(expiry) : null });
        setBusy(false);
      }}
    >
      <h2 id="new-key-title">Create a key</h2>
      <label>
        Name
        <input name="name" required maxLength={100} value={name} onInput={(e) => setName(e.currentTarget.value)} />
      </label>
      <fieldset>
        <legend>Permissions</legend>
        <label>
          <input type="checkbox" name="all-permissions" checked={all} onChange={(e) => setAll(e.currentTarget.checked)} /> All permissions
        </label>
        {PERMISSIONS.map((p) => (
          <label>
            <input type="checkbox" name="permission" value={p} disabled={all} checked={all || perms.has(p)} onChange={(e) => setPerms(toggle(perms, p, e.currentTarget.checked))} /> {p}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Sites</legend>
        <label>
          <input type="radio" name="sites" checked={allSites} onChange={() => setAllSites(true)} /> All sites, present and future
        </label>
        <label>
          <input type="radio" name="sites" checked={!allSites} onChange={() => setAllSites(false)} /> Chosen sites
        </label>
        {!allSites &&
          sites.map((s) => (
            <label>
              <input type="checkbox" name="site" value={s.id} checked={chosen.has(s.id)} onChange={(e) => setChosen(toggle(chosen, s.id, e.currentTarget.checked))} /> {s.name}
            </label>
          ))}
      </fieldset>
      <label>
        Expires after
        <select name="expiry" value={expiry} onChange={(e) => setExpiry(e.currentTarget.value)}>
          {EXPIRIES.map((x) => (
            <option value={x.value}>{x.label}</option>
          ))}
        </select>
      </label>
      <button type="submit" class="primary" disabled={busy}>
        Create key
      </button>
    </form>
  );
}
