import { useState } from "preact/hooks";
import type { PopupDetail, PopupList } from "../../../../lib/engagement/models.ts";
import type { PopupDefinition } from "../../../../lib/engagement/types.ts";
import { publicPopup } from "../../../../lib/engagement/public-views.ts";
import { renderPopup } from "../../../ingest/tracker/engage/popup.ts";
import { api } from "../api.ts";
import { rangeQuery, type Range } from "../dates.ts";
import { formatInteger, formatInterval, formatMoney, formatP, formatPercent, formatTime, formatUplift } from "../format.ts";
import { useLoad } from "../load.ts";
import { ENGAGEMENT_STATUS_LABELS, POPUP_LAYOUT_LABELS, TRIGGER_LABELS } from "../vocabulary.ts";
import { Table, type Column } from "../components/Table.tsx";
import { Await } from "../components/Failure.tsx";
import { Select } from "../components/Select.tsx";
import { EngagePreview } from "../components/EngagePreview.tsx";
import { EditedWith } from "../components/EditedWith.tsx";
import { Kpis } from "../components/Kpis.tsx";

type Item = PopupList["items"][number];
type Test = NonNullable<PopupDetail["test"]>;
type VariantRow = Test["variants"][number];
type HoldoutRow = NonNullable<Test["holdout"]>["arms"][number];

/** The site's popups (spec 2.13): each links to its detail over the page's range. */
export function PopupsPage({ base, range }: { base: string; range: Range }) {
  const url = `${base}/popups`;
  const list = useLoad(url, () => api<PopupList>(url));
  const columns: Column<Item>[] = [
    { label: "Name", value: (p) => p.name, href: (p) => `${base}/popups/${p.id}${rangeQuery(range)}` },
    { label: "Status", value: (p) => ENGAGEMENT_STATUS_LABELS[p.status] },
    { label: "Layout", value: (p) => POPUP_LAYOUT_LABELS[p.layout] },
    { label: "First trigger", value: (p) => TRIGGER_LABELS[p.trigger] },
    { label: "Lead form", value: (p) => (p.leadForm ? "Yes" : "No") },
    { label: "Views, last 28 days", value: (p) => formatInteger(p.views), numeric: true },
    { label: "Leads, last 28 days", value: (p) => formatInteger(p.leads), numeric: true },
    { label: "Updated", value: (p) => formatTime(p.updatedAt) },
  ];
  return (
    <Await state={list}>
      {(data) => (
        <>
          <Table caption="Popups, newest first" empty="This site has no popups yet." rows={data.items} columns={columns} />
          <EditedWith canManage={data.canManage} noun="popups" command="popup" />
        </>
      )}
    </Await>
  );
}

/** A popup over the page's range: its numbers, its A/B tests, and a preview. */
export function PopupDetailPage({ base, id, range, back }: { base: string; id: string; range: Range; back: string }) {
  const url = `${base}/popups/${id}?${new URLSearchParams({ from: range.from, to: range.to })}`;
  const detail = useLoad(url, () => api<PopupDetail>(url));
  return (
    <>
      <nav aria-label="Back" class="crumbs">
        <a href={back}>All popups</a>
      </nav>
      <Await state={detail}>
        {(d) => (
          <>
            <h2>
              {d.popup.name} <span class="site-name">· {ENGAGEMENT_STATUS_LABELS[d.popup.status]}</span>
            </h2>
            <Kpis
              label={`${d.popup.name}: ${d.from} to ${d.to}`}
              items={[
                ["views", "Views", formatInteger(d.views)],
                ["closes", "Closes", formatInteger(d.closes)],
                ["visitors", "Visitors who saw it", formatInteger(d.visitors)],
                ["leads", "Leads", formatInteger(d.leads)],
                ["conversionRate", "Lead rate", formatPercent(d.conversionRate)],
                ["downstreamVisitors", "Visitors who converted afterwards", formatInteger(d.downstream.visitors)],
                ["downstreamConversions", "Conversions afterwards", formatInteger(d.downstream.conversions)],
                ["downstreamRevenue", "Revenue afterwards", formatMoney(d.downstream.revenue, d.downstream.currency)],
              ]}
            />
            {d.test && <AbTest test={d.test} />}
            <PopupPreview detail={d} />
          </>
        )}
      </Await>
    </>
  );
}

function AbTest({ test }: { test: Test }) {
  const control = test.variants.find((v) => v.key === test.control);
  const nameOf = (key: string | null) => test.variants.find((v) => v.key === key)?.name ?? key ?? "";
  const variantColumns: Column<VariantRow>[] = [
    { label: "Variant", value: (v) => (v.key === test.control ? `${v.name} (control)` : v.name) },
    { label: "Weight", value: (v) => formatDecimalPercent(v.weight), numeric: true },
    { label: "Visitors", value: (v) => formatInteger(v.n), numeric: true },
    { label: "Leads", value: (v) => formatInteger(v.leads), numeric: true },
    { label: "Lead rate", value: (v) => formatPercent(v.rate), numeric: true },
    { label: "95 % interval", value: (v) => formatInterval(v.ci), numeric: true },
    { label: "Uplift", value: (v) => formatUplift(v.uplift), numeric: true },
    { label: "p-value", value: (v) => formatP(v.pValue), numeric: true },
    { label: "Holm-adjusted p", value: (v) => formatP(v.pAdjusted), numeric: true },
  ];
  const holdout = test.holdout;
  const holdoutColumns: Column<HoldoutRow>[] = [
    { label: "Arm", value: (a) => (a.key === "holdout" ? `${a.name} (baseline)` : a.name) },
    { label: "Visitors", value: (a) => formatInteger(a.n), numeric: true },
    { label: "Converted", value: (a) => formatInteger(a.converted), numeric: true },
    { label: "Conversion rate", value: (a) => formatPercent(a.rate), numeric: true },
    { label: "95 % interval", value: (a) => formatInterval(a.ci), numeric: true },
    { label: "Uplift", value: (a) => formatUplift(a.uplift), numeric: true },
    { label: "p-value", value: (a) => formatP(a.pValue), numeric: true },
    { label: "Holm-adjusted p", value: (a) => formatP(a.pAdjusted), numeric: true },
  ];
  const collecting = test.srm.mismatch
    ? "Collecting data: no verdict while the split is off."
    : `Collecting data: every arm needs at least ${formatInteger(test.minSample)} visitors, and enough of them converting, before a verdict.`;
  const leadVerdict =
    test.verdict === "collecting"
      ? collecting
      : test.verdict === "winner" && test.winner === test.control
        ? `${nameOf(test.winner)} (the control) wins: every other variant gets fewer leads.`
        : test.verdict === "winner"
          ? `${nameOf(test.winner)} wins: a higher lead rate than ${control?.name ?? "the control"}.`
          : "No difference yet: no variant's lead rate differs clearly from the control's.";
  const holdoutVerdict =
    holdout?.verdict === "collecting"
      ? collecting
      : holdout?.verdict === "winner"
        ? `Showing the popup raises conversions: ${holdout.arms.find((a) => a.key === holdout.winner)?.name ?? holdout.winner} converts better than the holdout.`
        : holdout?.verdict === "holdout_better"
          ? "Showing the popup lowers conversions: every arm converts less than the visitors shown nothing."
          : "No difference yet: showing the popup has not clearly changed how many visitors convert.";
  return (
    <section aria-labelledby="ab-title">
      <h2 id="ab-title">A/B test</h2>
      {test.srm.mismatch && (
        <p role="alert" class="error" data-srm="mismatch">
          Warning: the split is off. The arms' visitors are not in the configured shares (sample-ratio mismatch, p = {formatP(test.srm.pValue)}), so this
          test's numbers can't be trusted — look for a cause (a caching layer, a bot, a change of weights during the test).
        </p>
      )}
      {test.variants.length > 0 && (
        <>
          <h3>Lead rate by variant</h3>
          <p class="verdict" data-verdict={test.verdict ?? ""}>
            <strong>Verdict:</strong> {leadVerdict}
          </p>
          <Table caption="Lead rate by variant, the control first" rows={test.variants} columns={variantColumns} />
        </>
      )}
      {holdout && (
        <>
          <h3>Shown against held out</h3>
          <p>Visitors held out are shown nothing; does showing the popup change how many convert afterwards?</p>
          <p class="verdict" data-verdict={holdout.verdict}>
            <strong>Verdict:</strong> {holdoutVerdict}
          </p>
          <Table caption="Converted visitors, the holdout first" rows={holdout.arms} columns={holdoutColumns} />
        </>
      )}
    </section>
  );
}

/** A weight in percent as the API answers it (40 → "40 %"). */
const formatDecimalPercent = (n: number) => formatPercent(n / 100);

function PopupPreview({ detail }: { detail: PopupDetail }) {
  // The model types a trigger loosely (one object, optional fields); the answer is the stored definition the server checked into a `PopupDefinition`.
  const popup = publicPopup(detail.popup.definition as PopupDefinition, { id: detail.popup.id, updatedAt: Date.parse(detail.popup.updatedAt) });
  const variants = Object.fromEntries(popup.variants.map((v, i) => [v.key, i === 0 ? `${v.name} (control)` : v.name]));
  const [variant, setVariant] = useState<string>(popup.variants[0]?.key ?? "");
  return (
    <EngagePreview
      title={`Preview of ${detail.popup.name}${variant ? `, variant ${variants[variant] ?? variant}` : ""}`}
      drawKey={`${variant}/${detail.popup.updatedAt}`}
      draw={(body, onClose) => renderPopup(body, popup, variant || null, { onClose })}
    >
      {popup.variants.length > 0 && <Select label="Variant" value={variant} labels={variants} onChange={setVariant} />}
    </EngagePreview>
  );
}
