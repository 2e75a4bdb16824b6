import type { Static } from "elysia";
import { useState } from "preact/hooks";
import type { MemberList, MemberView } from "../../../../lib/api/workspace-models.ts";
import { ROLES, type Role } from "../../../../lib/auth/permissions.ts";
import { api } from "../api.ts";
import { useLoad } from "../load.ts";
import { session } from "../session.ts";
import { Table } from "../components/Table.tsx";
import { Await } from "../components/Failure.tsx";
import { useChange } from "../components/StepUp.tsx";
import { ChangeForm } from "../components/ChangeForm.tsx";

type Member = Static<typeof MemberView>;
const STATES: Record<Member["state"], string> = { active: "Active", invited: "Invited", invitation_expired: "Invitation expired" };

/** Workspace → Members: who is in the org with which role; invite, change a role, remove; the org's two-factor rule. */
export function MembersPage({ orgId }: { orgId: string }) {
  const { version, change, notice } = useChange();
  const list = useLoad(`${orgId}/${version}`, () => api<Static<typeof MemberList>>(`/orgs/${orgId}/members`));
  const [sent, setSent] = useState<string | null>(null);
  const me = session.value?.user.id;
  const myRole = session.value?.orgs.find((o) => o.id === orgId)?.role;
  /** Admins neither make owners nor change or remove them (the server says no too). */
  const assignable = ROLES.filter((r) => myRole === "owner" || r !== "owner");
  const mayChange = (m: Member) => myRole === "owner" || m.role !== "owner";

  const setRole = (m: Member, role: Role) =>
    change(() => api<Member>(`/orgs/${orgId}/members/${m.id}`, { method: "PATCH", body: { role } }).then(() => undefined));
  const remove = (m: Member) => {
    if (!window.confirm(`Remove ${m.name} from the organisation? Their API keys stop working and they are signed out.`)) return;
    return change(() => api<null>(`/orgs/${orgId}/members/${m.id}`, { method: "DELETE" }).then(() => undefined));
  };
  const requireTwoFactor = (required: boolean) =>
    change(() => api(`/orgs/${orgId}/two-factor-requirement`, { method: "PUT", body: { required } }).then(() => undefined));

  return (
    <>
      {notice}
      <Await state={list}>
        {(data) => (
          <>
            <Table
              caption="Members of this organisation"
              empty="No members."
              rows={data.members}
              columns={[
                { label: "Name", value: (m) => (m.id === me ? `${m.name} (you)` : m.name) },
                { label: "E-mail", value: (m) => m.email },
                {
                  label: "Role",
                  value: (m) =>
                    mayChange(m) ? (
                      <select aria-label={`Role of ${m.name}`} value={m.role} onChange={(e) => void setRole(m, e.currentTarget.value as Role)}>
                        {(assignable.includes(m.role) ? assignable : [m.role, ...assignable]).map((r) => (
                          <option value={r}>{r}</option>
                        ))}
                      </select>
                    ) : (
                      m.role
                    ),
                },
                { label: "Two-factor", value: (m) => (m.twoFactorEnabled ? "On" : "Off") },
                { label: "State", value: (m) => STATES[m.state] },
                { label: "Member since", value: (m) => new Date(m.memberSince).toLocaleDateString() },
                {
                  label: "Actions",
                  value: (m) =>
                    mayChange(m) ? (
                      <button type="button" onClick={() => remove(m)} aria-label={`Remove ${m.name}`}>
                        Remove
                      </button>
                    ) : (
                      "—"
                    ),
                },
              ]}
            />
            <section class="panel" aria-labelledby="require-title">
              <h2 id="require-title">Two-factor for everyone</h2>
              <p data-require-two-factor={data.requireTwoFactor ? "on" : "off"}>
                {data.requireTwoFactor
                  ? "Every member must sign in with two-factor; members without it are asked to set it up."
                  : "Members choose whether to use two-factor."}
              </p>
              <button type="button" onClick={() => void requireTwoFactor(!data.requireTwoFactor)}>
                {data.requireTwoFactor ? "Stop requiring two-factor" : "Require two-factor for every member"}
              </button>
            </section>
          </>
        )}
      </Await>
      <InviteForm
        roles={assignable}
        onSubmit={async (body) => {
          setSent(null);
          const ok = await change(() => api(`/orgs/${orgId}/members`, { body }).then(() => undefined));
          if (ok) setSent(body.email);
          return ok;
        }}
      />
      {sent && <p role="status">An invitation is on its way to {sent}.</p>}
    </>
  );
}

function InviteForm({ roles, onSubmit }: { roles: readonly Role[]; onSubmit: (body: { name: string; email: string; role: Role }) => Promise<boolean> }) {
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("viewer");
  return (
    <ChangeForm
      id="invite-title"
      title="Invite a member"
      submit="Send invitation"
      onSubmit={async () => {
        if (await onSubmit({ name: name.trim(), email: email.trim(), role })) {
          setName("");
          setEmail("");
        }
      }}
    >
      <label>
        Name
        <input name="name" required maxLength={200} value={name} onInput={(e) => setName(e.currentTarget.value)} />
      </label>
      <label>
        E-mail
        <input type="email" name="email" required maxLength={254} value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
      </label>
      <label>
        Role
        <select name="role" value={role} onChange={(e) => setRole(e.currentTarget.value as Role)}>
          {roles.map((r) => (
            <option value={r}>{r}</option>
          ))}
        </select>
      </label>
    </ChangeForm>
  );
}
