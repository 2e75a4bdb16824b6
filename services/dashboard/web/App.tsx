import { useEffect } from "preact/hooks";
import { match, navigate, route } from "./router.ts";
import { loadSession, refreshSession } from "./session.ts";
import { signedInSites, sitesOf } from "./sites.ts";
import { rangeOf } from "./dates.ts";
import { filtersOf } from "./filters.ts";
import { useLoad } from "./load.ts";
import { managesWorkspace, mayOpen, memberMay, Shell, SITE_PAGES, sitePath, WORKSPACE_PAGES, type SitePage, type WorkspacePage } from "./components/Shell.tsx";
import { Failure } from "./components/Failure.tsx";
import { Card, SecondFactor, SignIn } from "./pages/SignIn.tsx";
import { CheckEmail, VerifyEmail } from "./pages/Email.tsx";
import { OverviewPage } from "./pages/Overview.tsx";
import { lazyPage } from "./lazy.tsx";
import { rangeQuery } from "./dates.ts";

// The overview is the first page; every other page's code comes when it is first opened.
const RealtimePage = lazyPage("realtime", () => import("./pages/Reports.tsx").then((m) => m.RealtimePage));
const LocationsPage = lazyPage("locations", () => import("./pages/Reports.tsx").then((m) => m.LocationsPage));
const ReportPage = lazyPage("report", () => import("./pages/Reports.tsx").then((m) => m.ReportPage));
const ApiKeysPage = lazyPage("keys", () => import("./pages/ApiKeys.tsx").then((m) => m.ApiKeysPage));
const FunnelsPage = lazyPage("funnels", () => import("./pages/Funnels.tsx").then((m) => m.FunnelsPage));
const ExplorePage = lazyPage("explore", () => import("./pages/Explore.tsx").then((m) => m.ExplorePage));
const VisitorsPage = lazyPage("visitors", () => import("./pages/Visitors.tsx").then((m) => m.VisitorsPage));
const VisitorProfilePage = lazyPage("profile", () => import("./pages/VisitorProfile.tsx").then((m) => m.VisitorProfilePage));
const LeadsPage = lazyPage("leads", () => import("./pages/Leads.tsx").then((m) => m.LeadsPage));
const PopupsPage = lazyPage("popups", () => import("./pages/Popups.tsx").then((m) => m.PopupsPage));
const PopupDetailPage = lazyPage("popup", () => import("./pages/Popups.tsx").then((m) => m.PopupDetailPage));
const SpinsPage = lazyPage("spins", () => import("./pages/Spins.tsx").then((m) => m.SpinsPage));
const SpinDetailPage = lazyPage("spin", () => import("./pages/Spins.tsx").then((m) => m.SpinDetailPage));
const LinksPage = lazyPage("links", () => import("./pages/Links.tsx").then((m) => m.LinksPage));
const LinkDetailPage = lazyPage("link", () => import("./pages/Links.tsx").then((m) => m.LinkDetailPage));
const InsightsPage = lazyPage("insights", () => import("./pages/Insights.tsx").then((m) => m.InsightsPage));
const ConsentPage = lazyPage("consent", () => import("./pages/Consent.tsx").then((m) => m.ConsentPage));
const LibraryPage = lazyPage("library", () => import("./pages/Library.tsx").then((m) => m.LibraryPage));
const LibraryReportPage = lazyPage("library-report", () => import("./pages/Library.tsx").then((m) => m.LibraryReportPage));
const ActivityPage = lazyPage("activity", () => import("./pages/Activity.tsx").then((m) => m.ActivityPage));
const SitesPage = lazyPage("sites", () => import("./pages/Sites.tsx").then((m) => m.SitesPage));
const AccountPage = lazyPage("account", () => import("./pages/Account.tsx").then((m) => m.AccountPage));
const MembersPage = lazyPage("members", () => import("./pages/Members.tsx").then((m) => m.MembersPage));
const SettingsPage = lazyPage("settings", () => import("./pages/Settings.tsx").then((m) => m.SettingsPage));
const RecommendationsPage = lazyPage("recommendations", () => import("./pages/Recommendations.tsx").then((m) => m.RecommendationsPage));
const IntegrationsPage = lazyPage("integrations", () => import("./pages/Integrations.tsx").then((m) => m.IntegrationsPage));
const AcceptInvitation = lazyPage("accept-invitation", () => import("./pages/AcceptInvitation.tsx").then((m) => m.AcceptInvitation));

/** `/` and `/orgs/:org`: to the first site's overview of the first (or named) organisation. */
function Landing({ orgId }: { orgId?: string }) {
  const state = useLoad(orgId ?? "", async () => {
    const current = await loadSession();
    if (!current) return navigate("/sign-in", { replace: true });
    const org = orgId ?? current.orgs[0]?.id;
    if (!org) return "You are not a member of any organisation yet.";
    const sites = await sitesOf(org);
    if (!sites[0]) return "This organisation has no site yet: add one with `admin site create`.";
    navigate(`${sitePath(org, sites[0].id, "overview")}${route.value.query.toString() ? `?${route.value.query}` : ""}`, { replace: true });
  });
  if (state.error) return <Card title="Tidemark"><Failure error={state.error} /></Card>;
  return <Card title="Tidemark">{typeof state.data === "string" ? <p>{state.data}</p> : <p aria-busy="true">Loading…</p>}</Card>;
}

/** `itemId`: a visitor's profile, a popup's or a wheel's detail, a library report, under its page. */
function SitePages({ orgId, siteId, page, itemId }: { orgId: string; siteId: string; page: SitePage; itemId?: string }) {
  const sites = useLoad(orgId, () => signedInSites(orgId));
  if (sites.error) return <Card title="Tidemark"><Failure error={sites.error} /></Card>;
  if (!sites.data) return <Card title="Tidemark"><p aria-busy="true">Loading…</p></Card>;
  const site = sites.data.find((s) => s.id === siteId);
  if (!site) return <Card title="Not found"><p>No such site in this organisation. <a href="/">Go to the dashboard</a></p></Card>;
  const base = `/orgs/${orgId}/sites/${siteId}`;
  const range = rangeOf(route.value.query, site.timezone);
  return (
    <Shell orgId={orgId} site={site} sites={sites.data} page={page}>
      {page === "overview" ? (
        <OverviewPage base={base} range={range} filters={filtersOf(route.value.query)} currency={site.currency} timezone={site.timezone} />
      ) : page === "realtime" ? (
        <RealtimePage base={base} />
      ) : page === "funnels" ? (
        <FunnelsPage base={base} range={range} />
      ) : page === "explore" ? (
        <ExplorePage base={base} range={range} currency={site.currency} />
      ) : page === "locations" ? (
        <LocationsPage base={base} range={range} />
      ) : page === "visitors" && itemId ? (
        <VisitorProfilePage base={base} visitorId={itemId} back={`${base}/visitors${rangeQuery(range)}`} canManage={managesWorkspace(orgId)} />
      ) : page === "visitors" ? (
        <VisitorsPage base={base} range={range} readsContacts={memberMay(orgId, "analytics.pii.read")} />
      ) : page === "leads" ? (
        <LeadsPage base={base} range={range} />
      ) : page === "popups" && itemId ? (
        <PopupDetailPage base={base} id={itemId} range={range} back={`${base}/popups${rangeQuery(range)}`} />
      ) : page === "popups" ? (
        <PopupsPage base={base} range={range} />
      ) : page === "spins" && itemId ? (
        <SpinDetailPage base={base} id={itemId} range={range} back={`${base}/spins${rangeQuery(range)}`} />
      ) : page === "spins" ? (
        <SpinsPage base={base} range={range} />
      ) : page === "links" && itemId ? (
        <LinkDetailPage base={base} id={itemId} range={range} back={`${base}/links${rangeQuery(range)}`} />
      ) : page === "links" ? (
        <LinksPage base={base} range={range} canManage={memberMay(orgId, "shortlinks.manage")} />
      ) : page === "insights" ? (
        <InsightsPage base={base} siteId={siteId} range={range} />
      ) : page === "consent" ? (
        <ConsentPage base={base} siteId={siteId} />
      ) : page === "library" && itemId ? (
        <LibraryReportPage base={base} orgId={orgId} reportKey={itemId} range={range} timezone={site.timezone} back={`${base}/library${rangeQuery(range)}`} />
      ) : page === "library" ? (
        <LibraryPage base={base} orgId={orgId} range={range} timezone={site.timezone} />
      ) : page === "recommendations" ? (
        <RecommendationsPage base={base} orgId={orgId} timezone={site.timezone} />
      ) : page === "integrations" ? (
        <IntegrationsPage base={base} siteId={siteId} manages={managesWorkspace(orgId)} />
      ) : (
        <ReportPage base={base} report={page} range={range} />
      )}
    </Shell>
  );
}

const WORKSPACE_REFUSALS: Record<Exclude<WorkspacePage, "sites">, string> = {
  keys: "Only the organisation's owners and admins manage its API keys.",
  members: "Only the organisation's owners and admins manage its members.",
  activity: "Only the organisation's owners and admins read its activity log.",
  settings: "Only the organisation's owners and admins change its settings.",
};

/** Workspace → sites, activity log, members, API keys of an org; a page the member's role may not open says so (the server says no too). */
function WorkspacePages({ orgId, page }: { orgId: string; page: WorkspacePage }) {
  const sites = useLoad(orgId, () => signedInSites(orgId));
  if (sites.error) return <Card title="Tidemark"><Failure error={sites.error} /></Card>;
  if (!sites.data) return <Card title="Tidemark"><p aria-busy="true">Loading…</p></Card>;
  if (page !== "sites" && !mayOpen(orgId, page)) return <Card title="Not allowed"><p>{WORKSPACE_REFUSALS[page]} <a href="/">Go to the dashboard</a></p></Card>;
  return (
    <Shell orgId={orgId} sites={sites.data} page={page}>
      {page === "keys" ? (
        <ApiKeysPage orgId={orgId} sites={sites.data} />
      ) : page === "members" ? (
        <MembersPage orgId={orgId} />
      ) : page === "activity" ? (
        <ActivityPage orgId={orgId} />
      ) : page === "settings" ? (
        <SettingsPage orgId={orgId} />
      ) : (
        <SitesPage orgId={orgId} sites={sites.data} />
      )}
    </Shell>
  );
}

/** `/account`, framed by the first organisation's navigation (the user's own page, not an org's). */
function Account() {
  const state = useLoad("account", async () => {
    // Asked afresh: an org may have started requiring two-factor since the session was read.
    const current = await refreshSession();
    if (!current) return Promise.reject(navigate("/sign-in?next=%2Faccount", { replace: true }));
    // Required by an org but not set up: nothing else answers until it is (no sites to read).
    const enrolFirst = current.twoFactorRequired && !current.user.twoFactorEnabled;
    const orgId = enrolFirst ? undefined : current.orgs[0]?.id;
    return { orgId, enrolFirst, sites: orgId ? await sitesOf(orgId) : [] };
  });
  if (state.error) return <Card title="Tidemark"><Failure error={state.error} /></Card>;
  if (!state.data) return <Card title="Tidemark"><p aria-busy="true">Loading…</p></Card>;
  if (state.data.enrolFirst) return <Card title="Set up two-factor"><AccountPage enrolFirst /></Card>;
  if (!state.data.orgId) return <Card title="Account"><AccountPage /></Card>;
  return (
    <Shell orgId={state.data.orgId} sites={state.data.sites} page="account">
      <AccountPage />
    </Shell>
  );
}

/** Site pages with a page per item under them (`…/{page}/{id}`). */
const DETAIL_PAGES: readonly string[] = ["visitors", "popups", "spins", "links", "library"] satisfies SitePage[];

/** Picks the page for the path; each page fetches what it shows. */
export function App() {
  const { path } = route.value;
  useEffect(() => {
    document.getElementById("main")?.focus({ preventScroll: true });
  }, [path]);
  if (path === "/sign-in") return <SignIn />;
  if (path === "/sign-in/second-factor") return <SecondFactor />;
  if (path === "/verify-email") return <VerifyEmail />;
  if (path === "/check-email") return <CheckEmail />;
  if (path === "/accept-invitation") return <AcceptInvitation />;
  if (path === "/account") return <Account />;
  if (path === "/" || path === "") return <Landing />;
  const org = match("/orgs/:org", path);
  if (org) return <Landing orgId={org.org} />;
  const workspace = match("/orgs/:org/:page", path);
  if (workspace && WORKSPACE_PAGES.some((p) => p.key === workspace.page)) return <WorkspacePages orgId={workspace.org!} page={workspace.page as WorkspacePage} />;
  const page = match("/orgs/:org/sites/:site/:page", path);
  if (page && SITE_PAGES.some((p) => p.key === page.page)) return <SitePages orgId={page.org!} siteId={page.site!} page={page.page as SitePage} />;
  const item = match("/orgs/:org/sites/:site/:page/:item", path);
  if (item && DETAIL_PAGES.includes(item.page!)) return <SitePages orgId={item.org!} siteId={item.site!} page={item.page as SitePage} itemId={item.item!} />;
  return (
    <Card title="Page not found">
      <p>
        There is no page at {path}. <a href="/">Go to the dashboard</a>
      </p>
    </Card>
  );
}
