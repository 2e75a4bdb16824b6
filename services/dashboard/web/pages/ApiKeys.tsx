import type { Static } from "elysia";
import { useState } from "preact/hooks";
import type { ApiKeyView } from "../../../../lib/api/key-models.ts";
import { PERMISSIONS } from "../../../../lib/auth/permissions.ts";
import { api } from "../api.ts";
import { useLoad } from "../load.ts";
import type { Site } from "../sites.ts";
import { Table } from "../components/Table.tsx";
import { Await } from "../components/Failure.tsx";
import { useChange } from "../components/StepUp.tsx";
import { NewSecret } from "../components/NewSecret.tsx";
import { ChangeForm } from "../components/ChangeForm.tsx";

type ApiKey = Static<typeof ApiKeyView>;
const EXPIRIES = [
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
  { value: "365", label: "1 year" },
  { value: "", label: "Never" },
];

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "—");

function stateOf(key: ApiKey): string {
  if (key.revokedAt) return "Revoked";
  if (key.expiresAt && Date.parse(key.expiresAt) <= Date.now()) return "Expired";
  return "Active";
}

export function ApiKeysPage({ orgId, sites }: { orgId: string; sites: Site[] }) {
  const { version, change, notice } = useChange();
  const list = useLoad(`${orgId}/${version}`, () => api<{ keys: ApiKey[] }>(`/orgs/${orgId}/keys`).then((r) => r.keys));
  const [shown, setShown] = useState<{ name: string; secret: string } | null>(null);
  const siteName = new Map(sites.map((s) => [s.id, s.name]));

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
      {notice}
      {shown && (
        <NewSecret title={`The key “${shown.name}”`} secret={shown.secret} copyLabel="Copy the key" onClose={() => setShown(null)}>
          Send it as <code>Authorization: Bearer …</code>.
        </NewSecret>
      )}
      <Await state={list}>
        {(data) => (
          <Table
            caption="API keys of this organisation"
            empty="No API keys yet."
            rows={data}
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
      </Await>
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

function KeyForm({ sites, onSubmit }: { sites: Site[]; onSubmit: (body: KeyBody) => Promise<boolean> }) {
  const [name, setName] = useState("");
  const [all, setAll] = useState(false);
  const [perms, setPerms] = useState<Set<string>>(new Set(["sites.read", "analytics.read"]));
  const [allSites, setAllSites] = useState(true);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [expiry, setExpiry] = useState("90");
  const toggle = (set: Set<string>, value: string, on: boolean) => {
    const next = new Set(set);
    if (on) next.add(value);
    else next.delete(value);
    return next;
  };
  return (
    <ChangeForm
      id="new-key-title"
      title="Create a key"
      submit="Create key"
      onSubmit={() => onSubmit({ name: name.trim(), permissions: all ? ["*"] : [...perms], sites: allSites ? null : [...chosen], expiresInDays: expiry ? Number(expiry) : null })}
    >
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
    </ChangeForm>
  );
}
