import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { navigate, route, withQuery } from "../router.ts";
import { PRESETS, rangeOf, type Range } from "../dates.ts";
import { FILTER_DIMENSIONS, filtersOf, removeFilter } from "../filters.ts";
import { humanize } from "../format.ts";
import { session, signOut } from "../session.ts";
import { setTheme, theme } from "../theme.ts";
import type { Site } from "../sites.ts";
import { ACCOUNT_PAGE, SITE_PAGES, UNDATED_PAGES, WORKSPACE_PAGES, type SitePage, type WorkspacePage } from "../site-pages.ts";
import { ROLE_PERMISSIONS, type Permission } from "../../../../lib/auth/permissions.ts";

export { SITE_PAGES, WORKSPACE_PAGES, type SitePage, type WorkspacePage };


/** What a link to another page or site keeps from the current query: the range and the filters. */
function keptQuery(): string {
  const kept = new URLSearchParams();
  for (const name of ["range", "from", "to", "f"]) for (const v of route.value.query.getAll(name)) kept.append(name, v);
  const text = kept.toString();
  return text ? `?${text}` : "";
}

export const sitePath = (orgId: string, siteId: string, page: string) => `/orgs/${orgId}/sites/${siteId}/${page}`;

function DatePicker({ range, timezone }: { range: Range; timezone: string }) {
  const [custom, setCustom] = useState(range.preset === "custom");
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const choose = (value: string) => {
    if (value === "custom") return setCustom(true);
    setCustom(false);
    navigate(withQuery({ range: value, from: null, to: null }));
  };
  return (
    <form
      class="date-picker"
      onSubmit={(e) => {
        e.preventDefault();
        navigate(withQuery({ range: null, from, to }));
      }}
    >
      <label>
        Date range
        <select value={custom ? "custom" : range.preset} onChange={(e) => choose(e.currentTarget.value)}>
          {PRESETS.map((p) => (
            <option value={p.key}>{p.label}</option>
          ))}
          <option value="custom">Custom range</option>
        </select>
      </label>
      {custom && (
        <>
          <label>
            From <input type="date" value={from} max={to} required onInput={(e) => setFrom(e.currentTarget.value)} />
          </label>
          <label>
            To <input type="date" value={to} min={from} required onInput={(e) => setTo(e.currentTarget.value)} />
          </label>
          <button type="submit">Apply</button>
        </>
      )}
      <span class="range-note">
        {range.from} – {range.to} · times in <strong>{timezone}</strong>
      </span>
    </form>
  );
}

function FilterChips() {
  const filters = filtersOf(route.value.query);
  if (filters.length === 0) return null;
  return (
    <ul class="chips" aria-label="Filters">
      {filters.map((f) => (
        <li class="chip">
          <span>
            {FILTER_DIMENSIONS[f.dim]}: <strong>{humanize(f.value)}</strong>
          </span>
          <a href={removeFilter(f.dim)} aria-label={`Remove filter ${FILTER_DIMENSIONS[f.dim]} is ${f.value}`}>
            ×
          </a>
        </li>
      ))}
    </ul>
  );
}

export function ThemeToggle() {
  const next = theme.value === "dark" ? "light" : "dark";
  return (
    <button type="button" class="theme-toggle" aria-pressed={theme.value === "dark"} onClick={() => setTheme(next)}>
      Dark theme
    </button>
  );
}


const roleIn = (orgId: string) => session.value?.orgs.find((o) => o.id === orgId)?.role;
export const managesWorkspace = (orgId: string) => roleIn(orgId) === "owner" || roleIn(orgId) === "admin";
/** What the member's role allows (DESIGN 3); the server checks it again on every call. */
export const memberMay = (orgId: string, permission: Permission) => {
  const role = roleIn(orgId);
  return role !== undefined && ROLE_PERMISSIONS[role].has(permission);
};

/** Pages that only some roles may open; the navigation shows each member theirs. */
const SITE_PAGE_PERMISSION: Partial<Record<SitePage, Permission>> = {
  insights: "analytics.read",
  leads: "leads.read",
  integrations: "integrations.read",
  popups: "popups.read",
  spins: "spinwheel.read",
  links: "shortlinks.read",
  consent: "consent.read",
  library: "reports.read",
  recommendations: "recommendations.read",
};
export function mayOpen(orgId: string, page: SitePage | WorkspacePage): boolean {
  if (page === "keys" || page === "members" || page === "settings") return managesWorkspace(orgId);
  if (page === "activity") return memberMay(orgId, "audit.read");
  const permission = SITE_PAGE_PERMISSION[page as SitePage];
  return permission === undefined || memberMay(orgId, permission);
}

interface ShellProps {
  orgId: string;
  /** A site page's site; a workspace page has none (no site picker, range or report links). */
  site?: Site;
  sites: Site[];
  page: SitePage | WorkspacePage | typeof ACCOUNT_PAGE.key;
  children: ComponentChildren;
}

/** The frame of every page after sign-in: banner (site, range, theme, sign-out), navigation, main. */
export function Shell({ orgId, site, sites, page, children }: ShellProps) {
  const range = site && rangeOf(route.value.query, site.timezone);
  const orgs = session.value?.orgs ?? [];
  const reportsSite = site ?? sites[0];
  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="banner">
        <a class="brand" href="/">
          Tidemark
        </a>
        {orgs.length > 1 && (
          <label>
            Organisation
            <select value={orgId} onChange={(e) => navigate(`/orgs/${e.currentTarget.value}`)}>
              {orgs.map((o) => (
                <option value={o.id}>{o.name}</option>
              ))}
            </select>
          </label>
        )}
        {site && range && !UNDATED_PAGES.includes(page) && (
          <>
            <label>
              Site
              <select value={site.id} onChange={(e) => navigate(sitePath(orgId, e.currentTarget.value, page) + keptQuery())}>
                {sites.map((s) => (
                  <option value={s.id}>{s.name}</option>
                ))}
              </select>
            </label>
            <a class="all-sites" href={`/orgs/${orgId}/sites`}>
              All sites
            </a>
            <DatePicker key={`${range.from}/${range.to}`} range={range} timezone={site.timezone} />
          </>
        )}
        <ThemeToggle />
        <a href="/account" aria-current={page === ACCOUNT_PAGE.key ? "page" : undefined}>
          {ACCOUNT_PAGE.label}
        </a>
        <button
          type="button"
          onClick={async () => {
            await signOut();
            navigate("/sign-in");
          }}
        >
          Sign out
        </button>
      </header>
      {reportsSite && (
        <nav aria-label="Reports" class="reports-nav">
          <ul>
            {SITE_PAGES.filter((p) => mayOpen(orgId, p.key)).map((p) => (
              <li>
                <a href={sitePath(orgId, reportsSite.id, p.key) + keptQuery()} aria-current={p.key === page ? "page" : undefined}>
                  {p.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <nav aria-label="Workspace" class="reports-nav">
        <ul>
          {WORKSPACE_PAGES.filter((p) => mayOpen(orgId, p.key)).map((p) => (
            <li>
              <a href={`/orgs/${orgId}/${p.key}`} aria-current={p.key === page ? "page" : undefined}>
                Workspace → {p.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" tabIndex={-1}>
        <h1>
          {[...SITE_PAGES, ...WORKSPACE_PAGES, ACCOUNT_PAGE].find((p) => p.key === page)?.label}{" "}
          <span class="site-name">· {page === ACCOUNT_PAGE.key ? session.value?.user.name : (site?.name ?? orgs.find((o) => o.id === orgId)?.name)}</span>
        </h1>
        {page === "overview" && <FilterChips />}
        {children}
      </main>
    </>
  );
}
