import type { SpinDetail, SpinList } from "../../../../lib/engagement/models.ts";
import type { WheelDefinition } from "../../../../lib/engagement/types.ts";
import { publicWheel } from "../../../../lib/engagement/public-views.ts";
import { renderWheel } from "../../../ingest/tracker/engage/wheel.ts";
import { api } from "../api.ts";
import { rangeQuery, type Range } from "../dates.ts";
import { formatDecimal, formatInteger, formatTime } from "../format.ts";
import { useLoad } from "../load.ts";
import { ENGAGEMENT_STATUS_LABELS, PRIZE_LABELS } from "../vocabulary.ts";
import { Table, type Column } from "../components/Table.tsx";
import { Await } from "../components/Failure.tsx";
import { EngagePreview } from "../components/EngagePreview.tsx";
import { EditedWith } from "../components/EditedWith.tsx";
import { Kpis } from "../components/Kpis.tsx";

type Item = SpinList["items"][number];
type Prize = SpinDetail["prizes"][number];

/** The site's spin-to-win wheels (spec 2.14): each links to its detail over the page's range. */
export function SpinsPage({ base, range }: { base: string; range: Range }) {
  const url = `${base}/spins`;
  const list = useLoad(url, () => api<SpinList>(url));
  const columns: Column<Item>[] = [
    { label: "Name", value: (w) => w.name, href: (w) => `${base}/spins/${w.id}${rangeQuery(range)}` },
    { label: "Status", value: (w) => ENGAGEMENT_STATUS_LABELS[w.status] },
    { label: "Slices", value: (w) => formatInteger(w.slices), numeric: true },
    { label: "Spins, last 28 days", value: (w) => formatInteger(w.spins), numeric: true },
    { label: "Leads, last 28 days", value: (w) => formatInteger(w.leads), numeric: true },
    { label: "Updated", value: (w) => formatTime(w.updatedAt) },
  ];
  return (
    <Await state={list}>
      {(data) => (
        <>
          <Table caption="Spin wheels, newest first" empty="This site has no spin wheels yet." rows={data.items} columns={columns} />
          <EditedWith canManage={data.canManage} noun="wheels" command="spin" />
        </>
      )}
    </Await>
  );
}

const PRIZE_COLUMNS: Column<Prize>[] = [
  { label: "Slice", value: (p) => p.slice + 1, numeric: true },
  { label: "Label", value: (p) => p.label },
  { label: "Prize", value: (p) => PRIZE_LABELS[p.prize] },
  { label: "Weight", value: (p) => formatDecimal(p.weight), numeric: true },
  { label: "Awarded", value: (p) => formatInteger(p.awarded), numeric: true },
  { label: "Stock left", value: (p) => (p.stockLeft === null ? "Unlimited" : formatInteger(p.stockLeft)), numeric: true },
  { label: "Codes left", value: (p) => (p.codesLeft === null ? "—" : formatInteger(p.codesLeft)), numeric: true },
];

/** A wheel over the page's range: spins, leads, its prizes, and a preview. */
export function SpinDetailPage({ base, id, range, back }: { base: string; id: string; range: Range; back: string }) {
  const url = `${base}/spins/${id}?${new URLSearchParams({ from: range.from, to: range.to })}`;
  const detail = useLoad(url, () => api<SpinDetail>(url));
  return (
    <>
      <nav aria-label="Back" class="crumbs">
        <a href={back}>All spin wheels</a>
      </nav>
      <Await state={detail}>
        {(d) => {
          // As for popups: the model types a trigger loosely; the answer is the stored, checked `WheelDefinition`.
          const wheel = publicWheel(d.wheel.definition as WheelDefinition, { id: d.wheel.id, updatedAt: Date.parse(d.wheel.updatedAt) });
          return (
            <>
              <h2>
                {d.wheel.name} <span class="site-name">· {ENGAGEMENT_STATUS_LABELS[d.wheel.status]}</span>
              </h2>
              <Kpis
                label={`${d.wheel.name}: ${d.from} to ${d.to}`}
                items={[
                  ["spins", "Spins", formatInteger(d.spins)],
                  ["leads", "Leads", formatInteger(d.leads)],
                ]}
              />
              <Table caption={`Prizes, ${d.from} to ${d.to} (stock and codes left: now)`} rows={d.prizes} columns={PRIZE_COLUMNS} />
              <EngagePreview
                title={`Preview of ${d.wheel.name}`}
                drawKey={d.wheel.updatedAt}
                // The preview never spins for real: the form shows why instead of drawing a prize.
                draw={(body, onClose) => renderWheel(body, wheel, { onClose, onSpin: async () => ({ message: "This is a preview: spins are drawn on the site only.", fields: {} }) })}
              />
            </>
          );
        }}
      </Await>
    </>
  );
}
