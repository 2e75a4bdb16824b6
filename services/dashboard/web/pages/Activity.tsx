import type { ActivityLog } from "../../../../lib/api/models.ts";
import { api } from "../api.ts";
import { formatInteger, formatTime as when } from "../format.ts";
import { useLoad } from "../load.ts";
import { route } from "../router.ts";
import { Table } from "../components/Table.tsx";
import { Failure } from "../components/Failure.tsx";
import { Pager } from "../components/Pager.tsx";
import { QueryForm } from "../components/QueryForm.tsx";

const DAYS = [
  { value: "", label: "All time" },
  { value: "1", label: "Last day" },
  { value: "7", label: "Last 7 days" },
  { value: "30", label: "Last 30 days" },
  { value: "90", label: "Last 90 days" },
];

/** The organisation's activity log (spec 4.4): search, action and days in the URL, newest first. */
export function ActivityPage({ orgId }: { orgId: string }) {
  const query = new URLSearchParams({ size: "25" });
  for (const name of ["q", "action", "days", "page"]) {
    const value = route.value.query.get(name);
    if (value) query.set(name, value);
  }
  const url = `/orgs/${orgId}/audit?${query}`;
  const { data, error } = useLoad(url, () => api<ActivityLog>(url));
  if (error) return <Failure error={error} />;
  if (!data) return <p aria-busy="true">Loading…</p>;
  return (
    <>
      <QueryForm
        key={route.value.query.toString()}
        label="Activity filters"
        fields={[
          { name: "q", label: "Search person, action or target", kind: "search" },
          { name: "action", label: "Action", kind: "select", options: [{ value: "", label: "Any action" }, ...data.actions.map((a) => ({ value: a, label: a }))] },
          { name: "days", label: "Period", kind: "select", options: DAYS },
        ]}
      />
      <Table
        caption="Activity, newest first"
        empty="Nothing matches."
        rows={data.rows}
        columns={[
          { label: "When", value: (r) => when(r.at) },
          { label: "Who", value: (r) => (r.actor.email ? `${r.actor.name} <${r.actor.email}>` : r.actor.name) },
          { label: "Action", value: (r) => <code>{r.action}</code> },
          { label: "What", value: (r) => r.label },
          { label: "Target", value: (r) => `${r.target.type} ${r.target.id}` },
        ]}
      />
      <Pager page={data.page} pages={data.pages} total={data.total} noun={`entries (${formatInteger(data.size)} a page)`} />
    </>
  );
}
