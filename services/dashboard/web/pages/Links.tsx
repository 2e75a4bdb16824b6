import { useEffect, useState } from "preact/hooks";
import type { ShortLink, ShortLinkList } from "../../../../lib/shortlinks/models.ts";
import { UTM_KEYS, type UtmKey } from "../../../../lib/shortlinks/utm-keys.ts";
import type { ShortLinkStats } from "../../../../lib/shortlinks/stats.ts";
import { api, ApiFailure } from "../api.ts";
import { rangeQuery, type Range } from "../dates.ts";
import { countryName, formatInteger, formatMoney, formatTime, humanize } from "../format.ts";
import { useLoad } from "../load.ts";
import { route } from "../router.ts";
import { Table, type Column } from "../components/Table.tsx";
import { Await, Failure } from "../components/Failure.tsx";
import { Kpis } from "../components/Kpis.tsx";
import { Chart } from "../components/Chart.tsx";
import { QueryForm } from "../components/QueryForm.tsx";
import { Pager } from "../components/Pager.tsx";
import { DialogActions, FormDialog, useFormDialog } from "../components/FormDialog.tsx";
import { FieldProblem, invalidProps, problemsByField } from "../components/Problems.tsx";

const UTM_LABELS: Record<UtmKey, string> = { source: "UTM source", medium: "UTM medium", campaign: "UTM campaign", term: "UTM term", content: "UTM content" };

/** A link's state now, in words: a stopped, expired or used-up link sends its visitors to the fallback. */
export function linkState(link: ShortLink, now = Date.now()): string {
  if (!link.active) return "Inactive";
  if (link.expiresAt !== null && Date.parse(link.expiresAt) <= now) return "Expired";
  if (link.maxClicks !== null && link.clicks >= link.maxClicks) return "Click limit reached";
  return "Active";
}

/** Copies text (the clipboard API, or a selected text area where it is refused) and says so politely. */
function CopyButton({ text, label }: { text: string; label: string }) {
  const [said, setSaid] = useState("");
  async function copy() {
    let done = false;
    try {
      await navigator.clipboard.writeText(text);
      done = true;
    } catch {
      // No clipboard API (an insecure origin) or permission refused: the old way.
      const area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.append(area);
      area.select();
      done = document.execCommand("copy");
      area.remove();
    }
    setSaid(done ? "Copied" : "Could not copy: select the address and copy it");
  }
  // Said once; gone after a while so the cell reads as its address again.
  useEffect(() => {
    if (!said) return;
    const timer = setTimeout(() => setSaid(""), 5000);
    return () => clearTimeout(timer);
  }, [said]);
  return (
    <>
      <button type="button" onClick={() => void copy()} aria-label={label}>
        Copy
      </button>
      <span role="status" aria-live="polite" class="copy-status">
        {said}
      </span>
    </>
  );
}

/** The list's query from the URL (docs/dashboard.md): `q`, `tag`, `page`. */
function listQuery(): URLSearchParams {
  const query = new URLSearchParams();
  for (const name of ["q", "tag", "page"]) {
    const value = route.value.query.get(name);
    if (value) query.set(name, value);
  }
  return query;
}

/** The site's short links (docs/campaigns.md "Short links"): search, tag, paging in the URL; create and edit for `shortlinks.manage`. */
export function LinksPage({ base, range, canManage }: { base: string; range: Range; canManage: boolean }) {
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState<ShortLink | "new" | null>(null);
  const query = listQuery();
  const url = `${base}/shortlinks${query.size ? `?${query}` : ""}`;
  const list = useLoad(`${url}#${version}`, () => api<ShortLinkList>(url));
  const columns: Column<ShortLink>[] = [
    { label: "Short link", value: (l) => <a href={`${base}/links/${l.id}${rangeQuery(range)}`}>/l/{l.slug}</a> },
    {
      label: "Short URL",
      value: (l) => (
        <span class="copy-cell">
          <code>{l.shortUrl}</code> <CopyButton text={l.shortUrl} label={`Copy ${l.shortUrl}`} />
        </span>
      ),
    },
    { label: "Title", value: (l) => l.title || "—" },
    { label: "Target", value: (l) => <span class="wide-cell">{l.url}</span> },
    { label: "Tags", value: (l) => (l.tags.length ? l.tags.join(", ") : "—") },
    { label: "Clicks", value: (l) => formatInteger(l.clicks), numeric: true },
    { label: "State", value: (l) => linkState(l) },
    { label: "Created", value: (l) => formatTime(l.createdAt) },
  ];
  if (canManage) {
    columns.push({
      label: "Actions",
      value: (l) => (
        <button type="button" onClick={() => setEditing(l)} aria-label={`Edit /l/${l.slug}`}>
          Edit
        </button>
      ),
    });
  }
  return (
    <>
      {canManage && (
        <p>
          <button type="button" class="primary" onClick={() => setEditing("new")}>
            New link
          </button>
        </p>
      )}
      <Await state={list}>
        {(data) => (
          <>
            <QueryForm
              key={route.value.query.toString()}
              label="Filter the short links"
              fields={[
                { name: "q", label: "Search slugs, titles, targets", kind: "search", maxLength: 200 },
                { name: "tag", label: "Tag", kind: "select", options: [{ value: "", label: "All tags" }, ...data.tags.map((t) => ({ value: t, label: t }))] },
              ]}
            />
            <Table caption="Short links, newest first" empty={query.has("q") || query.has("tag") ? "No link matches these filters." : "This site has no short links yet."} rows={data.items} columns={columns} />
            <Pager page={data.page} pages={Math.max(1, Math.ceil(data.total / data.size))} total={data.total} noun="links" />
            {!canManage && <p class="note">The links are read-only here: an owner or admin of the organisation creates and edits them.</p>}
          </>
        )}
      </Await>
      {editing && (
        <LinkDialog
          base={base}
          link={editing === "new" ? null : editing}
          onClose={(changed) => {
            setEditing(null);
            if (changed) setVersion((v) => v + 1);
          }}
        />
      )}
    </>
  );
}

/** The form's fields as text, as the inputs hold them. */
interface Form {
  url: string;
  slug: string;
  title: string;
  tags: string;
  utm: Record<UtmKey, string>;
  expiresAt: string;
  maxClicks: string;
  fallbackUrl: string;
  active: boolean;
}

const pad = (n: number) => String(n).padStart(2, "0");
/** An instant as a `datetime-local` value in the browser's zone (to the minute). */
function localInput(iso: string | null): string {
  if (iso === null) return "";
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function formOf(link: ShortLink | null): Form {
  return {
    url: link?.url ?? "",
    slug: link?.slug ?? "",
    title: link?.title ?? "",
    tags: link?.tags.join(", ") ?? "",
    utm: Object.fromEntries(UTM_KEYS.map((k) => [k, link?.utm[k] ?? ""])) as Record<UtmKey, string>,
    expiresAt: localInput(link?.expiresAt ?? null),
    maxClicks: link?.maxClicks === null || link === null ? "" : String(link.maxClicks),
    fallbackUrl: link?.fallbackUrl ?? "",
    active: link?.active ?? true,
  };
}

/** The body the API takes: on create every field filled in; on edit only those changed (a stored past expiry stays untouched). */
function bodyOf(form: Form, initial: Form, creating: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const changed = <K extends keyof Form>(k: K) => creating || JSON.stringify(form[k]) !== JSON.stringify(initial[k]);
  if (changed("url")) body.url = form.url;
  if (changed("slug") && (form.slug.trim() || !creating)) body.slug = form.slug;
  if (changed("title")) body.title = form.title;
  if (changed("tags")) body.tags = form.tags.split(",").map((t) => t.trim()).filter((t) => t !== "");
  const utm = Object.fromEntries(UTM_KEYS.filter((k) => creating ? form.utm[k].trim() !== "" : form.utm[k] !== initial.utm[k]).map((k) => [k, form.utm[k]]));
  if (Object.keys(utm).length) body.utm = utm;
  if (changed("expiresAt") && (form.expiresAt || !creating)) body.expiresAt = form.expiresAt ? new Date(form.expiresAt).toISOString() : null;
  // Sent as typed: a number the API checks (1 to 10⁹), or what it refuses by name.
  if (changed("maxClicks") && (form.maxClicks.trim() || !creating)) body.maxClicks = form.maxClicks.trim() === "" ? null : Number(form.maxClicks);
  if (changed("fallbackUrl") && (form.fallbackUrl.trim() || !creating)) body.fallbackUrl = form.fallbackUrl.trim() === "" ? null : form.fallbackUrl;
  if (!creating && changed("active")) body.active = form.active;
  return body;
}

const FIELDS = ["url", "slug", "title", "tags", ...UTM_KEYS.map((k) => `utm.${k}`), "expiresAt", "maxClicks", "fallbackUrl"];

/** A refusal's details by field: 422's, and the 409 of a taken slug (its detail's path is `slug`); `tags.N` is the tags field's. */
const linkProblems = (error: ApiFailure | null) => problemsByField(error, FIELDS, (path) => (/^tags\.\d+$/.test(path) ? "tags" : path), [422, 409]);

/** "New link" (POST) and "Edit" (PATCH) in one dialog; the API's refusals beside their fields. */
function LinkDialog({ base, link, onClose }: { base: string; link: ShortLink | null; onClose: (changed: boolean) => void }) {
  const [initial] = useState(() => formOf(link));
  const [form, setForm] = useState(initial);
  const [error, setError] = useState<ApiFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const dialog = useFormDialog(onClose);
  const close = dialog.close;
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));
  const problems = linkProblems(error);
  async function save() {
    setBusy(true);
    setError(null);
    try {
      const body = bodyOf(form, initial, link === null);
      if (link === null) await api(`${base}/shortlinks`, { method: "POST", body });
      else await api(`${base}/shortlinks/${link.id}`, { method: "PATCH", body });
      close(true);
    } catch (failure) {
      setError(failure instanceof ApiFailure ? failure : new ApiFailure(0, "NETWORK", "The server could not be reached. Try again."));
    } finally {
      setBusy(false);
    }
  }
  const text = (field: string, label: string, value: string, onInput: (v: string) => void, extra: Record<string, unknown> = {}) => (
    <label>
      {label}
      <input name={field} value={value} onInput={(e) => onInput(e.currentTarget.value)} {...extra} {...invalidProps(field, problems.at(field))} />
      <FieldProblem field={field} message={problems.at(field)} />
    </label>
  );
  return (
    <FormDialog dialog={dialog} labelledBy="link-title" className="link-form" onSubmit={() => void save()}>
      <h2 id="link-title">{link ? `Edit /l/${link.slug}` : "New short link"}</h2>
      {text("url", "Target URL", form.url, (v) => set("url", v), { type: "url", required: true, maxLength: 2048 })}
      {text("slug", link ? "Slug" : "Slug (empty: 7 random characters)", form.slug, (v) => set("slug", v), { maxLength: 64, autocomplete: "off" })}
      {text("title", "Title", form.title, (v) => set("title", v), { maxLength: 200 })}
      {text("tags", "Tags, separated by commas", form.tags, (v) => set("tags", v))}
      <fieldset>
        <legend>UTM parameters, set on the target at each click</legend>
        {UTM_KEYS.map((k) => text(`utm.${k}`, UTM_LABELS[k], form.utm[k], (v) => set("utm", { ...form.utm, [k]: v }), { maxLength: 200 }))}
      </fieldset>
      {text("expiresAt", "Expires (your time zone; empty: never)", form.expiresAt, (v) => set("expiresAt", v), { type: "datetime-local" })}
      {text("maxClicks", "Click limit (empty: none)", form.maxClicks, (v) => set("maxClicks", v), { type: "number", inputMode: "numeric", min: 1, max: 1_000_000_000 })}
      {text("fallbackUrl", "Fallback URL, once inactive or expired (empty: a not-found page)", form.fallbackUrl, (v) => set("fallbackUrl", v), { type: "url", maxLength: 2048 })}
      {link && (
        <label class="check">
          <input type="checkbox" name="active" checked={form.active} onChange={(e) => set("active", e.currentTarget.checked)} /> Active (unchecked: visitors go to the fallback)
        </label>
      )}
      {error && !problems.claimed && <Failure error={error} />}
      <DialogActions busy={busy} submit={link ? "Save link" : "Create link"} onCancel={() => close(false)} />
    </FormDialog>
  );
}

type Day = ShortLinkStats["days"][number];

/** A link over the page's range: clicks by class and day, where they came from, what they became; its QR code. */
export function LinkDetailPage({ base, id, range, back }: { base: string; id: string; range: Range; back: string }) {
  const url = `${base}/shortlinks/${id}?${new URLSearchParams({ from: range.from, to: range.to })}`;
  const stats = useLoad(url, () => api<ShortLinkStats>(url));
  const files = `/api/v1${base}/shortlinks/${id}`;
  return (
    <>
      <nav aria-label="Back" class="crumbs">
        <a href={back}>All short links</a>
      </nav>
      <Await state={stats}>
        {(s) => (
          <>
            <h2>
              /l/{s.link.slug} <span class="site-name">· {linkState(s.link)}</span>
            </h2>
            <p class="copy-cell">
              <code>{s.link.shortUrl}</code> <CopyButton text={s.link.shortUrl} label={`Copy ${s.link.shortUrl}`} /> → <span class="wide-cell">{s.link.url}</span>
            </p>
            <Kpis
              label={`Clicks of /l/${s.link.slug}: ${s.period.from} to ${s.period.to}`}
              items={[
                ["human", "Human clicks", formatInteger(s.clicks.human)],
                ["qr", "QR scans", formatInteger(s.clicks.qr)],
                ["bot", "Bots", formatInteger(s.clicks.bot)],
                ["preview", "Link previews", formatInteger(s.clicks.preview)],
              ]}
            />
            <section aria-labelledby="clicks-daily">
              <h2 id="clicks-daily">Clicks per day</h2>
              <Chart
                title={`Clicks of /l/${s.link.slug} per day by class, ${s.period.from} to ${s.period.to}`}
                dates={s.days.map((d) => d.date)}
                series={[
                  { label: "Human", values: s.days.map((d) => d.human), colorVar: "--series-1" },
                  { label: "QR", values: s.days.map((d) => d.qr), colorVar: "--series-2" },
                  { label: "Bot", values: s.days.map((d) => d.bot), colorVar: "--series-3" },
                  { label: "Preview", values: s.days.map((d) => d.preview), colorVar: "--series-4" },
                ]}
              />
              <details>
                <summary>Daily numbers</summary>
                <Table<Day>
                  caption="Clicks per day"
                  rows={s.days}
                  columns={[
                    { label: "Date", value: (d) => d.date },
                    { label: "Human", value: (d) => formatInteger(d.human), numeric: true },
                    { label: "QR", value: (d) => formatInteger(d.qr), numeric: true },
                    { label: "Bot", value: (d) => formatInteger(d.bot), numeric: true },
                    { label: "Preview", value: (d) => formatInteger(d.preview), numeric: true },
                  ]}
                />
              </details>
            </section>
            <section aria-labelledby="outcomes-title">
              <h2 id="outcomes-title">What the clicks became</h2>
              <Kpis
                label="Sessions the clicks landed in, started in the range"
                items={[
                  ["sessions", "Sessions", formatInteger(s.outcomes.sessions)],
                  ["engagedSessions", "Engaged sessions", formatInteger(s.outcomes.engagedSessions)],
                  ["leads", "Leads", formatInteger(s.outcomes.leads)],
                  ["conversions", "Conversions", formatInteger(s.outcomes.conversions)],
                  ["revenue", "Revenue", formatMoney(s.outcomes.revenue, s.outcomes.currency)],
                ]}
              />
            </section>
            <Table caption="Countries (human clicks and QR scans)" empty="No clicks in this range." rows={s.countries} columns={[{ label: "Country", value: (c) => (c.country === "(unknown)" ? "Unknown" : countryName(c.country)) }, { label: "Clicks", value: (c) => formatInteger(c.clicks), numeric: true }]} />
            <Table caption="Devices (human clicks and QR scans)" empty="No clicks in this range." rows={s.devices} columns={[{ label: "Device", value: (d) => (d.device === "(unknown)" ? "Unknown" : humanize(d.device)) }, { label: "Clicks", value: (d) => formatInteger(d.clicks), numeric: true }]} />
            <Table caption="Referrers (human clicks and QR scans)" empty="No clicks in this range." rows={s.referrers} columns={[{ label: "Referrer", value: (r) => (r.host === "(direct)" ? "None (direct)" : r.host) }, { label: "Clicks", value: (r) => formatInteger(r.clicks), numeric: true }]} />
            <section aria-labelledby="qr-title">
              <h2 id="qr-title">QR code</h2>
              <p>It encodes {s.link.shortUrl}?qr=1, so its scans are counted apart.</p>
              <img class="qr" src={`${files}/qr.svg`} alt={`QR code of ${s.link.shortUrl}`} width={192} height={192} />
              <p>
                <a href={`${files}/qr.svg`} download={`${s.link.slug}.svg`}>
                  Download the QR code as SVG
                </a>{" "}
                ·{" "}
                <a href={`${files}/qr.png`} download={`${s.link.slug}.png`}>
                  Download the QR code as PNG (512 × 512)
                </a>
              </p>
            </section>
          </>
        )}
      </Await>
    </>
  );
}
