import { useEffect, useState } from "preact/hooks";
import type { CookieInventory, InventoryItem, ScanView } from "../../../../lib/consent/models.ts";
import type { ConsentSettings } from "../../../../lib/consent/settings.ts";
import type { Category } from "../../../../lib/consent/categories.ts";
import { api, ApiFailure } from "../api.ts";
import { route } from "../router.ts";
import { formatInteger, formatTime } from "../format.ts";
import { useLoad } from "../load.ts";
import {
  CATEGORIES_LIST,
  CATEGORY_LABELS,
  CONSENT_MODE_LABELS,
  HANDLING_LABELS,
  ITEM_KIND_LABELS,
  ITEM_KINDS_LIST,
  MATCH_LABELS,
  SCAN_STATUS_LABELS,
  SCAN_TRIGGER_LABELS,
} from "../vocabulary.ts";
import { Table, type Column } from "../components/Table.tsx";
import { Await, Failure } from "../components/Failure.tsx";
import { Kpis } from "../components/Kpis.tsx";
import { QueryForm } from "../components/QueryForm.tsx";
import { Pager } from "../components/Pager.tsx";
import { useChange } from "../components/StepUp.tsx";
import { FormDialog, useFormDialog } from "../components/FormDialog.tsx";
import { FieldProblem, invalidProps, problemsOf } from "../components/Problems.tsx";

type Removed = CookieInventory["removed"][number];

/** The inventory's filters, from the URL (docs/dashboard.md): an unknown word filters nothing. */
interface Filters {
  kind: InventoryItem["kind"] | null;
  category: Category | null;
  violations: boolean;
  q: string;
}

function filtersOf(query: URLSearchParams): Filters {
  const kind = query.get("kind");
  const category = query.get("category");
  return {
    kind: (ITEM_KINDS_LIST as string[]).includes(kind ?? "") ? (kind as Filters["kind"]) : null,
    category: (CATEGORIES_LIST as string[]).includes(category ?? "") ? (category as Category) : null,
    violations: query.get("violations") === "1",
    q: (query.get("q") ?? "").trim().toLowerCase(),
  };
}

/** The items the filters keep, in the API's order (violations first). */
function filtered(items: InventoryItem[], f: Filters): InventoryItem[] {
  return items.filter(
    (i) =>
      (f.kind === null || i.kind === f.kind) &&
      (f.category === null || i.category === f.category) &&
      (!f.violations || i.violation) &&
      (f.q === "" || [i.name, i.host, i.vendor, i.purpose].some((text) => text.toLowerCase().includes(f.q))),
  );
}

const consentWords = (c: { analytics: boolean; marketing: boolean }) =>
  c.analytics && c.marketing ? "everything granted" : c.analytics ? "analytics granted, marketing not" : c.marketing ? "marketing granted, analytics not" : "nothing granted";

/** Where and when it was first seen before consent, in words. */
export function evidenceText(e: NonNullable<InventoryItem["evidence"]>): string {
  return `${e.source === "visits" ? "A visit" : "The scanner"} saw it on ${e.page} at ${formatTime(e.at)}, ${consentWords(e.consent)}`;
}

function scannerNotes(i: InventoryItem): string {
  const notes = [i.change === "new" ? "New in the latest scan" : null, i.gated ? "Only after accepting all" : null, i.httpOnly === true ? "HttpOnly" : null].filter(Boolean);
  return notes.length ? notes.join("; ") : "—";
}

const ACTIVE: readonly ScanView["status"][] = ["queued", "running"];

/** After the status: who asked, when it started and finished, what a done scan read. */
function scanDetails(scan: ScanView): string {
  if (scan.status === "none") return ": the scanner has not visited this site yet.";
  const parts = [
    scan.trigger ? `requested by ${SCAN_TRIGGER_LABELS[scan.trigger]}` : null,
    scan.startedAt ? `started ${formatTime(scan.startedAt)}` : null,
    scan.finishedAt ? `finished ${formatTime(scan.finishedAt)}` : null,
    scan.status === "done" ? `${formatInteger(scan.pages)} pages read, ${formatInteger(scan.found)} items found` : null,
  ].filter(Boolean);
  return `: ${parts.join("; ")}.`;
}

/**
 * The site's cookie and tag inventory (docs/consent.md "Dashboard"): the summary, the scanner's
 * state with "Scan now", the items (violations first, with their evidence) filtered in the URL,
 * "Reclassify", the items gone since the previous scan, and the consent settings read-only.
 */
export function ConsentPage({ base, siteId }: { base: string; siteId: string }) {
  const { version, change, notice } = useChange();
  // While a scan is queued or running the page asks again every 5 s, until it ends.
  const [tick, setTick] = useState(0);
  const inventory = useLoad(`${base}/cookies/${version}/${tick}`, () => api<CookieInventory>(`${base}/cookies`));
  const scanning = inventory.data !== null && ACTIVE.includes(inventory.data.scan.status);
  useEffect(() => {
    if (!scanning) return;
    const timer = setTimeout(() => setTick((t) => t + 1), 5000);
    return () => clearTimeout(timer);
  }, [scanning, inventory.data]);
  const [editing, setEditing] = useState<InventoryItem | null>(null);

  return (
    <>
      {notice}
      <Await state={inventory}>
        {(data) => (
          <>
            <Summary data={data} />
            <Scan
              scan={data.scan}
              canManage={data.canManage}
              defaultUrl={data.defaultUrl}
              onScan={() => change(() => api(`${base}/cookies/scan`, { method: "POST" }).then(() => undefined))}
            />
            <Inventory data={data} onReclassify={setEditing} />
            <RemovedItems data={data} />
          </>
        )}
      </Await>
      {editing && (
        <ReclassifyDialog
          base={base}
          item={editing}
          onClose={(changed) => {
            setEditing(null);
            if (changed) setTick((t) => t + 1);
          }}
        />
      )}
      <Settings base={base} siteId={siteId} />
    </>
  );
}

/** A violation, marked "low evidence" when only a few visitors reported it (docs/consent.md "Low evidence"). */
function violationCell(i: InventoryItem) {
  if (!i.violation) return "No";
  if (!i.lowEvidence) return <strong class="error">Violation</strong>;
  return (
    <span data-low-evidence="">
      <strong class="error">Violation</strong>, <span title="Reported before consent by fewer than three visitors and not seen by the scanner: it may be forged. Run a scan to confirm.">low evidence</span>
    </span>
  );
}

function Summary({ data }: { data: CookieInventory }) {
  const { summary } = data;
  return (
    <Kpis
      label="Inventory summary"
      items={[
        ["total", "Items", formatInteger(summary.total)],
        ["violations", "Violations", formatInteger(summary.violations)],
        // Of them, those fewer than three visitors reported (one request can forge them): docs/consent.md "Low evidence".
        ["lowEvidence", "Low evidence", formatInteger(summary.lowEvidence)],
        // Only when the inventory was full: names past its limit were not kept.
        ...(summary.dropped > 0 ? [["dropped", "Not kept (inventory full)", formatInteger(summary.dropped)] as [string, string, string]] : []),
        ["unknown", "To classify", formatInteger(summary.unknown)],
        ...CATEGORIES_LIST.filter((c) => c !== "unknown").map((c): [string, string, string] => [c, CATEGORY_LABELS[c], formatInteger(summary.byCategory[c])]),
      ]}
    />
  );
}

function Scan({ scan, canManage, defaultUrl, onScan }: { scan: ScanView; canManage: boolean; defaultUrl: string; onScan: () => Promise<boolean> }) {
  const [busy, setBusy] = useState(false);
  const active = ACTIVE.includes(scan.status);
  return (
    <section aria-labelledby="scan-title" class="consent-scan">
      <h2 id="scan-title">Scanner</h2>
      <p data-scan-status={scan.status}>
        <strong>{SCAN_STATUS_LABELS[scan.status]}</strong>
        {scanDetails(scan)} The scanner starts at {defaultUrl}.
      </p>
      {scan.status === "failed" && scan.error && <p class="error">The scan failed: {scan.error}</p>}
      <p>
        {scan.itemsFrom
          ? `The scanner's items below are from the scan finished ${formatTime(scan.itemsFrom)}.`
          : "No finished scan yet: the items below are what visits reported."}
      </p>
      {canManage && (
        <button
          type="button"
          class="primary"
          disabled={busy || active}
          onClick={async () => {
            setBusy(true);
            try {
              await onScan();
            } finally {
              setBusy(false);
            }
          }}
        >
          {active ? "Scanning…" : "Scan now"}
        </button>
      )}
    </section>
  );
}

/** Rows a page: thousands of items are one answer, but a phone draws a hundred rows at a time. */
const PAGE_SIZE = 100;

function Inventory({ data, onReclassify }: { data: CookieInventory; onReclassify: (item: InventoryItem) => void }) {
  const rows = filtered(data.items, filtersOf(route.value.query));
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const page = Math.min(pages, Math.max(1, Number.parseInt(route.value.query.get("page") ?? "1", 10) || 1));
  const columns: Column<InventoryItem>[] = [
    { label: "Name", value: (i) => <code>{i.name}</code> },
    { label: "Kind", value: (i) => ITEM_KIND_LABELS[i.kind] },
    { label: "Category", value: (i) => CATEGORY_LABELS[i.category] },
    { label: "Vendor", value: (i) => i.vendor || "—" },
    { label: "Violation", value: violationCell },
    { label: "Seen before consent", value: (i) => (i.evidence ? <span class="wide-cell">{evidenceText(i.evidence)}</span> : "—") },
    { label: "Purpose", value: (i) => (i.purpose ? <span class="wide-cell">{i.purpose}</span> : "—") },
    { label: "Classified by", value: (i) => MATCH_LABELS[i.match] },
    { label: "Seen by", value: (i) => i.sources.map((s) => (s === "visits" ? "Visits" : "Scanner")).join(", ") },
    { label: "Host", value: (i) => i.host || "—" },
    { label: "Scanner notes", value: scannerNotes },
    { label: "Last seen", value: (i) => formatTime(i.lastSeenAt) },
  ];
  if (data.canManage) {
    columns.push({
      label: "Actions",
      value: (i) => (
        <button type="button" onClick={() => onReclassify(i)} aria-label={`Reclassify ${i.name}`}>
          Reclassify
        </button>
      ),
    });
  }
  return (
    <section aria-labelledby="inventory-title">
      <h2 id="inventory-title">Cookies, storage keys and hosts</h2>
      <QueryForm
        label="Filter the inventory"
        fields={[
          { name: "kind", label: "Kind", kind: "select", options: [{ value: "", label: "All kinds" }, ...ITEM_KINDS_LIST.map((k) => ({ value: k, label: ITEM_KIND_LABELS[k] }))] },
          { name: "category", label: "Category", kind: "select", options: [{ value: "", label: "All categories" }, ...CATEGORIES_LIST.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))] },
          { name: "violations", label: "Show", kind: "select", options: [{ value: "", label: "All items" }, { value: "1", label: "Violations only" }] },
          { name: "q", label: "Search names, hosts, vendors", kind: "search", maxLength: 200 },
        ]}
      />
      <Table
        caption={`Inventory, violations first: ${formatInteger(rows.length)} of ${formatInteger(data.items.length)} items`}
        empty={data.items.length === 0 ? "Nothing seen yet: items come from visits with the tracking script and from scans." : "No item matches these filters."}
        rows={rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)}
        columns={columns}
      />
      <Pager page={page} pages={pages} total={rows.length} noun={`items (${PAGE_SIZE} a page)`} />
      {!data.canManage && <p>The classifications are read-only here; an owner or admin of the organisation changes them.</p>}
    </section>
  );
}

function RemovedItems({ data }: { data: CookieInventory }) {
  if (data.scan.itemsFrom === null) return null;
  return (
    <section aria-labelledby="removed-title">
      <h2 id="removed-title">Gone since the previous scan</h2>
      <Table<Removed>
        caption="Found by the previous scan, not by the latest, and not seen by visits since"
        empty="Nothing is gone since the previous scan."
        rows={data.removed}
        columns={[
          { label: "Name", value: (r) => <code>{r.name}</code> },
          { label: "Kind", value: (r) => ITEM_KIND_LABELS[r.kind] },
          { label: "Host", value: (r) => r.host || "—" },
          { label: "Category", value: (r) => CATEGORY_LABELS[r.category] },
          { label: "Vendor", value: (r) => r.vendor || "—" },
        ]}
      />
    </section>
  );
}

const OVERRIDE_FIELDS = ["category", "vendor", "purpose"];

/** An owner's or admin's own class for a name (PUT / DELETE …/cookies/overrides/{name}), kept across rescans. */
function ReclassifyDialog({ base, item, onClose }: { base: string; item: InventoryItem; onClose: (changed: boolean) => void }) {
  const [category, setCategory] = useState<Category>(item.category);
  const [vendor, setVendor] = useState(item.vendor);
  const [purpose, setPurpose] = useState(item.purpose);
  const [error, setError] = useState<ApiFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const dialog = useFormDialog(onClose);
  const close = dialog.close;
  const url = `${base}/cookies/overrides/${encodeURIComponent(item.name)}`;
  const problems = problemsOf(error, "", (path) => OVERRIDE_FIELDS.includes(path));
  async function send(method: "PUT" | "DELETE") {
    setBusy(true);
    setError(null);
    try {
      await api(url, method === "PUT" ? { method, body: { category, vendor: vendor.trim(), purpose: purpose.trim() } } : { method });
      close(true);
    } catch (failure) {
      setError(failure instanceof ApiFailure ? failure : new ApiFailure(0, "NETWORK", "The server could not be reached. Try again."));
    } finally {
      setBusy(false);
    }
  }
  return (
    <FormDialog dialog={dialog} labelledBy="reclassify-title" className="reclassify" onSubmit={() => void send("PUT")}>
      <h2 id="reclassify-title">
        Reclassify <code>{item.name}</code>
      </h2>
      <p>
        This site's own classification of the name, first before the database and kept across rescans. Now: {CATEGORY_LABELS[item.category]} — {MATCH_LABELS[item.match]}.
      </p>
      <label>
        Category
        <select name="category" value={category} onChange={(e) => setCategory(e.currentTarget.value as Category)} {...invalidProps("category", problems.at("category"))}>
          {CATEGORIES_LIST.map((c) => (
            <option value={c}>{CATEGORY_LABELS[c]}</option>
          ))}
        </select>
        <FieldProblem field="category" message={problems.at("category")} />
      </label>
      <label>
        Vendor
        <input name="vendor" maxLength={200} value={vendor} onInput={(e) => setVendor(e.currentTarget.value)} {...invalidProps("vendor", problems.at("vendor"))} />
        <FieldProblem field="vendor" message={problems.at("vendor")} />
      </label>
      <label>
        Purpose
        <textarea name="purpose" maxLength={1000} rows={3} value={purpose} onInput={(e) => setPurpose(e.currentTarget.value)} {...invalidProps("purpose", problems.at("purpose"))} />
        <FieldProblem field="purpose" message={problems.at("purpose")} />
      </label>
      {error && (problems.rest.length > 0 || error.status !== 422) && <Failure error={error} />}
      <div class="actions">
        <button type="submit" class="primary" disabled={busy}>
          Save classification
        </button>
        {item.match === "override" && (
          <button type="button" disabled={busy} onClick={() => void send("DELETE")}>
            Remove this site's classification
          </button>
        )}
        <button type="button" onClick={() => close(false)}>
          Cancel
        </button>
      </div>
    </FormDialog>
  );
}

/** The consent settings as `GET …/consent` answers them, read-only, with the CLI command that changes them. */
function Settings({ base, siteId }: { base: string; siteId: string }) {
  const settings = useLoad(`${base}/consent`, () => api<ConsentSettings>(`${base}/consent`));
  return (
    <section aria-labelledby="settings-title">
      <h2 id="settings-title">Consent settings</h2>
      <Await state={settings}>
        {(s) => (
          <>
            <dl class="settings">
              <dt>Mode</dt>
              <dd>{CONSENT_MODE_LABELS[s.mode]}</dd>
              <dt>Categories the banner offers</dt>
              <dd>{s.categories.map((c) => CATEGORY_LABELS[c]).join(", ")}</dd>
              <dt>Do Not Track</dt>
              <dd>{HANDLING_LABELS[s.dnt]}</dd>
              <dt>Global Privacy Control</dt>
              <dd>{HANDLING_LABELS[s.gpc]}</dd>
              <dt>Privacy policy</dt>
              <dd>{s.policyUrl ?? "None linked"}</dd>
              <dt>The scanner starts at</dt>
              <dd>{s.defaultUrl ?? "The site's home page"}</dd>
              <dt>Banner languages</dt>
              <dd>
                {Object.keys(s.texts).join(", ")} (default {s.defaultLanguage})
              </dd>
            </dl>
            <p class="note">
              Change them with the admin CLI on the server, e.g. <code>bun run admin site consent --site {siteId} --mode opt-in --categories analytics,marketing</code> (every flag:{" "}
              <code>--dnt</code>, <code>--gpc</code>, <code>--policy-url</code>, <code>--default-url</code>, <code>--lang</code> with the banner's texts; docs/consent.md).
            </p>
          </>
        )}
      </Await>
    </section>
  );
}
