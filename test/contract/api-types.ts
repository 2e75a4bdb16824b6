// Generated from the served /api/v1/openapi.json by openapi-typescript: do not edit.
// Regenerate with `npx bun test/contract/generate-api-types.ts`; typed-client.test.ts checks it is current.

export interface paths {
    "/api/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document (OpenAPI 3.1) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OpenAPI 3.1 document */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": Record<string, never>;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** API reference page (HTML) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description HTML */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/collect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record a batch of tracking events (public, no key; judged by Origin)
         * @description Answers 202 once the batch is committed. Unknown site key → 404; an Origin that is not a verified domain → 403 (the host is counted in the site's rejectedHosts); a paused site or a bot → 202 with nothing stored; a flood from one address → 429. The batch's own fields are checked as a whole (422 naming the field). Each event of `e` is checked on its own against its type's schema: invalid events are left out and listed in the 202 answer's `rejected` (index, path, message) while the others are stored; a batch in which no event is valid is 422 VALIDATION_FAILED.
         */
        post: operations["postV1Collect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/script.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tracking script (ETag, cacheable, gzip) */
        get: operations["getV1Script.js"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/engage.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The engagement chunk: popups, spin wheels, marked forms (ETag, cacheable, gzip; loaded by the tracking script) */
        get: operations["getV1Engage.js"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sites/{siteKey}/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Public settings the tracking script reads
         * @description Consent settings, and the popups and wheels to show. Cacheable for 60 s; the server reads a site's popups and wheels again at most every 30 s, so a change shows within 90 s.
         */
        get: operations["getV1SitesBySiteKeyConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sites/{siteKey}/visitor-context": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Targeting facts of the visitor the page cannot know (public, no key; judged by Origin; never cached)
         * @description Country from the request's IP, device from its User-Agent, channel and campaign from the session's referrer, UTM parameters and click ids — ingest's own enrichment. Nothing is stored. Unknown site key → 404; an Origin that is not a verified domain of the site → 403; more than RATE_LIMIT_PER_IP (600) public requests a minute from one address → 429 with Retry-After.
         */
        get: operations["getV1SitesBySiteKeyVisitor-context"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/leads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Leave a lead from a popup or a marked form of the site (public, no key; judged by Origin)
         * @description 201 with the lead's id once the lead and its webhook deliveries are committed; the same `id` again → 200 with the first lead's id, nothing new. Unknown site key → 404 at `s`; an Origin that is not a verified domain of the site → 403; more than 20 submissions a minute from one address to one site → 429 with Retry-After. 422 naming the field: a field the model does not have, a bad or disposable e-mail address (mailchecker), a popup's required field or consent missing, a filled honeypot `hp`. An unknown, another site's or inactive popup → 404 at `ref`. A popup's lead is counted for its variant and marks the visitor's exposure (`leadAt`).
         */
        post: operations["postV1Leads"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/spins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Spin a wheel: the server draws the prize (public, no key; judged by Origin)
         * @description 201 with the slice drawn, its prize and code once the draw, the spin and its lead (source spin, extra.prize) are committed together; the same `id` again with the same e-mail address and `vid` → 200 with the first answer, with another → 409 CONFLICT at `id` (no code). The draw uses crypto randomness over the weights of the slices that still have stock; nothing the page sends picks the prize (a field the model does not have is 422). Once per wheel per e-mail address (lower case, trimmed) and per browser (`vid`): 409 CONFLICT at `fields.email` or `vid`; a wheel with no prize left → 409 at `wheel`. Unknown, another site's or inactive wheel → 404 at `wheel`; Origin, rate limit, honeypot and the form's checks as for POST /v1/leads. A spin that passed every check counts against two hour-long windows per site: 5 per client network (an IPv4 address, an IPv6 /64; SPIN_RATE_PER_IP) and 20 per e-mail domain other than the public mailbox providers (SPIN_RATE_PER_DOMAIN, 429 at `fields.email`); past either → 429 RATE_LIMITED with Retry-After.
         */
        post: operations["postV1Spins"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the sites the key may access, with live status
         * @description Permission: `sites.read`.
         */
        get: operations["getApiV1OrgsByOrgIdSites"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Activity log, newest first
         * @description Permission: `audit.read`.
         */
        get: operations["getApiV1OrgsByOrgIdAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Installation status of a site
         * @description Permission: `sites.read`.
         */
        get: operations["getApiV1OrgsByOrgIdSitesBySiteIdStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/integrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Integrations of the site: inbound webhook URLs, outbound endpoints with their state and last deliveries
         * @description Permission: `integrations.read`.
         */
        get: operations["getApiV1OrgsByOrgIdSitesBySiteIdIntegrations"];
        put?: never;
        /**
         * Add a webhook or an ad spend push URL (session only)
         * @description `{ kind: "webhook_out", url }`: leads are POSTed to the URL, signed with the signing secret; `{ kind: "webhook_in" }`: leads are received at the returned URL with the secret; `{ kind: "ads_import" }`: ad spend rows are pushed to the returned URL with the secret (docs/campaigns.md). The secret is in this answer only (audited `integration.created`). A bad or missing URL → 422 (details path `url`); a site outside the org → 404. Owners and admins only (others 403 FORBIDDEN; not a member → 404). A sensitive change: needs a second factor from the last 15 minutes (403 STEP_UP_REQUIRED; a user without two-factor gets the same code with details path `twoFactor`: enable it first).
         */
        post: operations["postApiV1OrgsByOrgIdSitesBySiteIdIntegrations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/analytics/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Overview: KPIs against the previous period, daily series, top channels, pages, countries, devices (spec 2.6)
         * @description Permission: `analytics.read`.
         */
        get: operations["getApiV1OrgsByOrgIdSitesBySiteIdAnalyticsOverview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/analytics/acquisition": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Acquisition: channels and source / medium
         * @description Permission: `analytics.read`.
         */
        get: operations["getApiV1OrgsByOrgIdSitesBySiteIdAnalyticsAcquisition"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/analytics/pages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pages: views, users, entrances, exits and engaged time per path, with titles
         * @description Permission: `analytics.read`.
         */
        get: operations["getApiV1OrgsByOrgIdSitesBySiteIdAnalyticsPages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/analytics/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Events: custom events with counts, sessions, users and their top properties
         * @description Permission: `analytics.read`.
         */
        get: operations["getApiV1OrgsByOrgIdSitesBySiteIdAnalyticsEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/analytics/audience": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Audience: new vs returning, devices, browsers, operating systems, languages, screen sizes
         * @description Permission: `analytics.read`.
         */
        get: operations["getApiV1OrgsByOrgIdSitesBySiteIdAnalyticsAudience"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/analytics/campaigns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Campaigns: UTM campaign, source and medium with sessions, engagement, conversions, revenue
         * @description Permission: `analytics.read`.
         */
        get: operations["getApiV1OrgsByOrgIdSitesBySiteIdAnalyticsCampaigns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/analytics/locations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Locations: countries; country=XX its regions; country and region its cities
         * @description Permission: `analytics.read`.
         */
        get: operations["getApiV1OrgsByOrgIdSitesBySiteIdAnalyticsLocations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/analytics/behaviour": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Behaviour: landing and exit pages, scroll depth, outbound links, downloads, form submits, web vitals p75 per page
         * @description Permission: `analytics.read`.
         */
        get: operations["getApiV1OrgsByOrgIdSitesBySiteIdAnalyticsBehaviour"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/analytics/attribution": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Attribution: conversions and revenue per channel by first touch, last touch, last non-direct touch and linear
         * @description Permission: `analytics.read`.
         */
        get: operations["getApiV1OrgsByOrgIdSitesBySiteIdAnalyticsAttribution"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/analytics/conversions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Conversions by name, value and currency, with a daily series
         * @description Permission: `analytics.read`.
         */
        get: operations["getApiV1OrgsByOrgIdSitesBySiteIdAnalyticsConversions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/analytics/realtime": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Realtime: active visitors now, the last 30 minutes by minute, top pages, sources, countries (ignores from/to)
         * @description Permission: `analytics.realtime`.
         */
        get: operations["getApiV1OrgsByOrgIdSitesBySiteIdAnalyticsRealtime"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/funnels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Saved funnels of the site
         * @description Permission: `analytics.read`.
         */
        get: operations["getApiV1OrgsByOrgIdSitesBySiteIdFunnels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/funnels/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run an unsaved funnel definition
         * @description Permission: `analytics.read`.
         */
        post: operations["postApiV1OrgsByOrgIdSitesBySiteIdFunnelsPreview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/funnels/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Run a saved funnel
         * @description Permission: `analytics.read`.
         */
        get: operations["getApiV1OrgsByOrgIdSitesBySiteIdFunnelsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/explore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Explore: query (metrics by one dimension, filtered; spec 2.8), segments, retention cohorts or paths (spec 4.7)
         * @description Permission: `analytics.read`.
         */
        post: operations["postApiV1OrgsByOrgIdSitesBySiteIdExplore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/visitors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Visitors who consented to analytics, scored, filtered and paged
         * @description Permission: `analytics.read`.
         */
        get: operations["getApiV1OrgsByOrgIdSitesBySiteIdVisitors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/visitors/{visitorId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The person behind a visitor id: linked ids, sessions, campaigns, conversions, leads, score
         * @description Permission: `analytics.read`.
         */
        get: operations["getApiV1OrgsByOrgIdSitesBySiteIdVisitorsByVisitorId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/leads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Leads, newest first
         * @description Permission: `leads.read`.
         *
         *     With `format=csv`: every lead of the filtered list (no paging) as a CSV file (`Content-Disposition: attachment`), contact details masked as in the JSON answer, cells starting with =, +, -, @ prefixed with an apostrophe; audited as `report.exported`. Only a dashboard session of a user with two-factor on and a second factor from the last 15 minutes: an API key → 403 FORBIDDEN (details path `format`); two-factor off → 403 STEP_UP_REQUIRED (details path `twoFactor`); no recent second factor → 403 STEP_UP_REQUIRED.
         */
        get: operations["getApiV1OrgsByOrgIdSitesBySiteIdLeads"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/popups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Popups of the site with their last 28 days' views and leads
         * @description Permission: `popups.read`.
         */
        get: operations["getApiV1OrgsByOrgIdSitesBySiteIdPopups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/popups/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A popup: its definition, the period's views, leads and downstream conversions, and its A/B test
         * @description Permission: `popups.read`.
         */
        get: operations["getApiV1OrgsByOrgIdSitesBySiteIdPopupsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/spins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Spin-to-win wheels of the site with their last 28 days' spins and leads
         * @description Permission: `spinwheel.read`.
         */
        get: operations["getApiV1OrgsByOrgIdSitesBySiteIdSpins"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/spins/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A spin wheel: its definition (codes left out), the period's spins and leads, and each slice's prizes
         * @description Permission: `spinwheel.read`.
         */
        get: operations["getApiV1OrgsByOrgIdSitesBySiteIdSpinsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/cookies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The cookie and tag inventory: what visits and the scanner saw, classified, with violations and their evidence, and the latest scan
         * @description Permission: `consent.read`.
         */
        get: operations["getApiV1OrgsByOrgIdSitesBySiteIdCookies"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/consent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The site's consent settings: mode, categories, banner texts per language, DNT/GPC handling, policy link
         * @description Permission: `consent.read`.
         */
        get: operations["getApiV1OrgsByOrgIdSitesBySiteIdConsent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/insights/marketing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Ad spend by channel and campaign beside our own sessions, leads, conversions and revenue, with CPC, CPL, CPA and ROAS
         * @description Permission: `analytics.read`.
         */
        get: operations["getApiV1OrgsByOrgIdSitesBySiteIdInsightsMarketing"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/shortlinks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Short links of the site, newest first: paged, searched, filtered by tag
         * @description Permission: `shortlinks.read`.
         */
        get: operations["getApiV1OrgsByOrgIdSitesBySiteIdShortlinks"];
        put?: never;
        /**
         * Create a short link (a random 7-character slug when none is given)
         * @description Permission: `shortlinks.manage`.
         */
        post: operations["postApiV1OrgsByOrgIdSitesBySiteIdShortlinks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/shortlinks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A short link with its clicks by class and day, countries, devices, referrers, and the sessions, leads, conversions and revenue its clicks became
         * @description Permission: `shortlinks.read`.
         */
        get: operations["getApiV1OrgsByOrgIdSitesBySiteIdShortlinksById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Edit a short link: any subset of its fields
         * @description Permission: `shortlinks.manage`.
         */
        patch: operations["patchApiV1OrgsByOrgIdSitesBySiteIdShortlinksById"];
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/shortlinks/{id}/qr.svg": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The link's QR code as SVG
         * @description Permission: `shortlinks.read`.
         *
         *     The QR code of `shortUrl?qr=1` (scans are counted as `qr` clicks), as `attachment; filename="{slug}.svg"`.
         */
        get: operations["getApiV1OrgsByOrgIdSitesBySiteIdShortlinksByIdQr.svg"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/shortlinks/{id}/qr.png": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The link's QR code as PNG
         * @description Permission: `shortlinks.read`.
         *
         *     The QR code of `shortUrl?qr=1` (scans are counted as `qr` clicks), 512 pixels square, as `attachment; filename="{slug}.png"`.
         */
        get: operations["getApiV1OrgsByOrgIdSitesBySiteIdShortlinksByIdQr.png"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The report library: the 19 reports of the catalogue and the site's e-mail schedules
         * @description Permission: `reports.read`.
         */
        get: operations["getApiV1OrgsByOrgIdSitesBySiteIdReports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/reports/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A library report: its columns, the first 200 rows and the full count, or the whole report as a CSV or XLSX file
         * @description Permission: `reports.read`.
         *
         *     With `format=csv` or `format=xlsx`: the whole report as a file, `Content-Disposition: attachment; filename="{site}_{key}_{from}_{to}.{csv|xlsx}"`, audited as `report.exported`; needs `reports.export` (403 FORBIDDEN, details path `format`). A `pii` report's file holds personal data, so it follows the leads export's rule (spec 5.6): only a dashboard session of a user with two-factor on and a second factor from the last 15 minutes — an API key → 403 FORBIDDEN (details path `format`), two-factor off → 403 STEP_UP_REQUIRED (details path `twoFactor`), no recent second factor → 403 STEP_UP_REQUIRED. CSV: RFC 4180, UTF-8 with a byte-order mark, header of column labels, text cells starting with =, +, -, @, tab or carriage return prefixed with an apostrophe, numbers as they are. XLSX: typed cells; more than 200 000 rows → 422 VALIDATION_FAILED (details path `format`: use csv). The data's own read permission (`leads.read`, `popups.read`, …) and, for a `pii` report, `analytics.pii.read` → 403 FORBIDDEN (details path `key`), in JSON as in files (spec 4.8); its plan feature → 403 FEATURE_UNAVAILABLE; an unknown key → 404 NOT_FOUND naming the keys.
         */
        get: operations["getApiV1OrgsByOrgIdSitesBySiteIdReportsByKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/recommendations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Ranked advice for the site with its evidence, and the site beside its industry's benchmarks
         * @description Permission: `recommendations.read`.
         */
        get: operations["getApiV1OrgsByOrgIdSitesBySiteIdRecommendations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/hooks/webhook_in/{siteKey}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Push a lead in (inbound lead webhook; secret in X-Svc-Secret or as a bearer token)
         * @description Accepts the generic format of spec 4.13 and Google Ads lead form, Typeform and Tally webhooks, told apart by their shape (docs/leads.md). 201 for a new lead, 200 with duplicate true for a repeated externalId (or platform lead id). Unknown site key or no inbound integration → 404; missing or wrong secret → 401; an organization whose plan (or the operator) switched off leads or integrations → 403 FEATURE_UNAVAILABLE; a body without an e-mail, phone or name, or with an invalid field → 422 naming the field.
         */
        post: operations["postV1HooksWebhook_inBySiteKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/hooks/ads_import/{siteKey}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Push ad spend rows (ads_import integration; secret in X-Svc-Secret or as a bearer token)
         * @description Up to 256 KB (about 2 000 rows) a push. For each platform and account, every stored row of each day the push covers is replaced by its rows, in one transaction (docs/campaigns.md). Unknown site key or no ads_import integration → 404; missing or wrong secret → 401; a plan without integrations → 403 FEATURE_UNAVAILABLE; a body that does not fit this schema (or repeats a row) → 422 naming rows.i.field, nothing written.
         */
        post: operations["postV1HooksAds_importBySiteKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in user, their orgs and the session's deadlines (session only)
         * @description No cookie → 401 UNAUTHENTICATED; ended (idle 30 min, 12 h after sign-in) or revoked → 401 SESSION_EXPIRED.
         */
        get: operations["getApiV1Session"];
        put?: never;
        /**
         * Sign in with e-mail and password (session only)
         * @description Sets the `tm_session` cookie (HttpOnly, SameSite=Lax, Secure on https). A wrong e-mail or password → 401 UNAUTHENTICATED (the same answer for both). Both count toward the sign-in lock alike (docs/operations.md, Security): 10 in 15 minutes lock the address for sources it has not signed in from, 10 lock it from one source, 30 over any addresses lock the source; a lock lasts 15 minutes, doubling for each further lock within 24 hours up to 4 hours → 423 ACCOUNT_LOCKED with Retry-After, the password unchecked. Needs an Origin equal to PUBLIC_URL's (403 FORBIDDEN).
         */
        post: operations["postApiV1Session"];
        /**
         * Sign out (session only)
         * @description Revokes the session and clears the cookie.
         */
        delete: operations["deleteApiV1Session"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/session/second-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pass the second factor (sign-in, or a step-up) (session only)
         * @description `{ code }` from the authenticator app (each code works once) or `{ recoveryCode }` (each works once). A wrong one → 401 UNAUTHENTICATED with details path `code` or `recoveryCode`, counted toward the account lock. Sensitive changes are allowed for 15 minutes after (stepUpUntil).
         */
        post: operations["postApiV1SessionSecond-factor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/session/email-verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a new e-mail verification link (session only)
         * @description The link is `PUBLIC_URL/verify-email?token=…`, valid 24 hours; without SMTP_URL it is written to the log.
         */
        post: operations["postApiV1SessionEmail-verification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/email-verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify an e-mail address with the link's token (session only)
         * @description No session needed. An unknown, used or expired token → 422 with details path `token`.
         */
        post: operations["postApiV1Email-verification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change the password (session only)
         * @description A wrong current password → 401 (details path `currentPassword`, counted toward the lock). The new one needs 10+ characters, not among the common passwords, not the e-mail (422, details path `newPassword`). Ends the user's other sessions.
         */
        post: operations["postApiV1MePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/two-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start two-factor enrolment (session only)
         * @description `{ password }`: the account's password, proved again (a wrong one → 401 UNAUTHENTICATED, details path `password`, counted toward the lock). Returns a new TOTP secret, its otpauth:// URI and a QR code; confirm with a code to turn two-factor on. Already on → 409.
         */
        post: operations["postApiV1MeTwo-factor"];
        /**
         * Turn two-factor off (session only)
         * @description A sensitive change: needs a second factor from the last 15 minutes (403 STEP_UP_REQUIRED), then `{ password }`, the account's password proved again (a wrong one → 401 UNAUTHENTICATED, details path `password`, counted toward the lock).
         */
        delete: operations["deleteApiV1MeTwo-factor"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/two-factor/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm two-factor enrolment with a code (session only)
         * @description Turns two-factor on and returns ten recovery codes, shown once. The session is not asked for a second factor afterwards, but enrolling is no step-up (stepUpUntil stays as it was). A code that does not match → 422 (details path `code`).
         */
        post: operations["postApiV1MeTwo-factorConfirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The org's API keys (session only)
         * @description Every key of the org, newest first, with its last use; never the secret. Owners and admins only (others 403 FORBIDDEN; not a member → 404).
         */
        get: operations["getApiV1OrgsByOrgIdKeys"];
        put?: never;
        /**
         * Create an API key (session only)
         * @description The key acts for the signed-in user (never more than their role allows). The secret is in this answer only. A site outside the org → 422 (details path `sites`). Owners and admins only (others 403 FORBIDDEN; not a member → 404). A sensitive change: needs a second factor from the last 15 minutes (403 STEP_UP_REQUIRED; a user without two-factor gets the same code with details path `twoFactor`: enable it first).
         */
        post: operations["postApiV1OrgsByOrgIdKeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/keys/{keyId}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate an API key (session only)
         * @description A new secret (in this answer only); the old one stops working at once. Unknown key or another org's → 404; revoked → 409. Owners and admins only (others 403 FORBIDDEN; not a member → 404). A sensitive change: needs a second factor from the last 15 minutes (403 STEP_UP_REQUIRED; a user without two-factor gets the same code with details path `twoFactor`: enable it first).
         */
        post: operations["postApiV1OrgsByOrgIdKeysByKeyIdRotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/keys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key (session only)
         * @description The key stops working at once. Unknown key or another org's → 404; already revoked → 409. Owners and admins only (others 403 FORBIDDEN; not a member → 404). A sensitive change: needs a second factor from the last 15 minutes (403 STEP_UP_REQUIRED; a user without two-factor gets the same code with details path `twoFactor`: enable it first).
         */
        delete: operations["deleteApiV1OrgsByOrgIdKeysByKeyId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The org's members (session only)
         * @description Each member with role, two-factor and whether they have accepted their invitation; and whether the org requires two-factor. Owners and admins only (others 403 FORBIDDEN; not a member → 404).
         */
        get: operations["getApiV1OrgsByOrgIdMembers"];
        put?: never;
        /**
         * Invite a member (session only)
         * @description The person is a member with the role at once (audited `member.invited`). Someone new is mailed a link to set a password (`PUBLIC_URL/accept-invitation?token=…`, 7 days, once; without SMTP_URL it is logged); someone with an account is mailed a note to sign in. Already a member → 409 (details path `email`); the plan's seats full → 403 LIMIT_EXCEEDED. Only an owner invites an owner (403). Owners and admins only (others 403 FORBIDDEN; not a member → 404). A sensitive change: needs a second factor from the last 15 minutes (403 STEP_UP_REQUIRED; a user without two-factor gets the same code with details path `twoFactor`: enable it first).
         */
        post: operations["postApiV1OrgsByOrgIdMembers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a member (session only)
         * @description Their keys stop working and their dashboard sessions end (audited `member.removed`). Not a member → 404; the last owner → 409; only an owner removes an owner (403). Owners and admins only (others 403 FORBIDDEN; not a member → 404). A sensitive change: needs a second factor from the last 15 minutes (403 STEP_UP_REQUIRED; a user without two-factor gets the same code with details path `twoFactor`: enable it first).
         */
        delete: operations["deleteApiV1OrgsByOrgIdMembersByUserId"];
        options?: never;
        head?: never;
        /**
         * Change a member's role (session only)
         * @description Their keys narrow or widen with it at once (audited `member.role_changed`). Not a member → 404 (details path `userId`); the last owner → 409; only an owner changes an owner or makes one (403). Owners and admins only (others 403 FORBIDDEN; not a member → 404). A sensitive change: needs a second factor from the last 15 minutes (403 STEP_UP_REQUIRED; a user without two-factor gets the same code with details path `twoFactor`: enable it first).
         */
        patch: operations["patchApiV1OrgsByOrgIdMembersByUserId"];
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/two-factor-requirement": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Require two-factor for every member (session only)
         * @description Members without it are sent to enrolment at their next call (audited `org.two_factor_required`); the same as `admin org two-factor`. Owners and admins only (others 403 FORBIDDEN; not a member → 404). A sensitive change: needs a second factor from the last 15 minutes (403 STEP_UP_REQUIRED; a user without two-factor gets the same code with details path `twoFactor`: enable it first).
         */
        put: operations["putApiV1OrgsByOrgIdTwo-factor-requirement"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set the password of an invitation (session only)
         * @description No session needed. The password follows the rule of `POST /me/password` (422, details path `password`); the e-mail counts as verified. An unknown, used or expired token → 422 (details path `token`). Then sign in.
         */
        post: operations["postApiV1InvitationsAccept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/integrations/{integrationId}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enable a disabled webhook again (session only)
         * @description Its failure streak is cleared and its parked deliveries are sent within a minute (audited `integration.enabled`); an active one stays as it is. Another site's or org's integration → 404. Owners and admins only (others 403 FORBIDDEN; not a member → 404). A sensitive change: needs a second factor from the last 15 minutes (403 STEP_UP_REQUIRED; a user without two-factor gets the same code with details path `twoFactor`: enable it first).
         */
        post: operations["postApiV1OrgsByOrgIdSitesBySiteIdIntegrationsByIntegrationIdEnable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/settings/retention": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The org's data retention (session only)
         * @description Months of raw analytics and days of webhook bodies kept. Owners and admins only (others 403 FORBIDDEN; not a member → 404).
         */
        get: operations["getApiV1OrgsByOrgIdSettingsRetention"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the org's data retention (session only)
         * @description `eventsMonths` 1–120, `deliveryDays` 1–3650; either may be left out. The next daily purge deletes what falls outside (audited `org.retention_changed` with before and after); the same as `admin org retention`. Owners and admins only (others 403 FORBIDDEN; not a member → 404). A sensitive change: needs a second factor from the last 15 minutes (403 STEP_UP_REQUIRED; a user without two-factor gets the same code with details path `twoFactor`: enable it first).
         */
        patch: operations["patchApiV1OrgsByOrgIdSettingsRetention"];
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/cookies/scan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Scan the site's cookies now (session only)
         * @description Queues a scan of the site (docs/consent.md "Scans"), run by the hooks service; a site with a scan queued or running gets that one back, not a second (audited `cookie.scan_requested` either way). The answer is the scan (`status` queued or running); its outcome shows in `GET …/cookies` `scan`. Owners and admins only (others 403 FORBIDDEN; not a member → 404); a site outside the org → 404; an org without the consent feature → 403 FEATURE_UNAVAILABLE.
         */
        post: operations["postApiV1OrgsByOrgIdSitesBySiteIdCookiesScan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/cookies/overrides/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Classify a cookie, storage key or host (session only)
         * @description The site's override for that name, first in classification (`match: "override"`) and kept across rescans; a second call replaces it (audited `cookie.classified`). `category` one of necessary, analytics, marketing, personalization, unknown; `vendor` at most 200 characters and `purpose` at most 1000 (both trimmed, empty when left out); the name (URL-encoded in the path) 1–200 characters without control characters — else 422 with the field's path. Owners and admins only (others 403 FORBIDDEN; not a member, or a site outside the org → 404). No step-up: a classification changes what the inventory says, not who can reach data.
         */
        put: operations["putApiV1OrgsByOrgIdSitesBySiteIdCookiesOverridesByName"];
        post?: never;
        /**
         * Remove a classification override (session only)
         * @description The name is classified by the database again (audited `cookie.unclassified`). No override of that name → 404 (details path `name`). Owners and admins only (others 403 FORBIDDEN; not a member, or a site outside the org → 404). No step-up: a classification changes what the inventory says, not who can reach data.
         */
        delete: operations["deleteApiV1OrgsByOrgIdSitesBySiteIdCookiesOverridesByName"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/people/{visitorId}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export everything held about a person (session only)
         * @description The person is the visitor and every visitor id linked to them by identify() user ids (never by an e-mail or other value a visitor typed), with their leads, as `admin person --visitor` finds them (docs/data-lifecycle.md "A person"); no visitor of the site with that id → 404 (details path `visitorId`). Audited `person.exported` with counts only. Owners and admins only (others 403 FORBIDDEN; not a member → 404). A sensitive change: needs a second factor from the last 15 minutes (403 STEP_UP_REQUIRED; a user without two-factor gets the same code with details path `twoFactor`: enable it first).
         */
        post: operations["postApiV1OrgsByOrgIdSitesBySiteIdPeopleByVisitorIdExport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/people/{visitorId}/erase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Erase a person (session only)
         * @description Deletes every row held about the person in one transaction; reports count them no more. The person is the visitor and every visitor id linked to them by identify() user ids (never by an e-mail or other value a visitor typed), with their leads, as `admin person --visitor` finds them (docs/data-lifecycle.md "A person"); no visitor of the site with that id → 404 (details path `visitorId`). Audited `person.erased` with counts only. Owners and admins only (others 403 FORBIDDEN; not a member → 404). A sensitive change: needs a second factor from the last 15 minutes (403 STEP_UP_REQUIRED; a user without two-factor gets the same code with details path `twoFactor`: enable it first).
         */
        post: operations["postApiV1OrgsByOrgIdSitesBySiteIdPeopleByVisitorIdErase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/report-schedules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Schedule a library report (session only)
         * @description E-mails the report as CSV or XLSX at `at` in the site's timezone (daily, weekly on `weekday`, monthly on `day`); the signed-in user is its owner, whose permissions each send re-checks. A field that breaks a rule → 422 with its path (`recipients[1]` for the second address); no SMTP_URL → 422 (path `SMTP_URL`); an owner lacking what the report needs as a file → 403. Audited `report.schedule_created`. Members whose role holds `reports.export` (owners, admins, analysts; a viewer → 403 FORBIDDEN; not a member, a site outside the org or a schedule of another site → 404); an org without the reports feature → 403 FEATURE_UNAVAILABLE. No step-up: each send goes only to recipients who may read the report at that moment — members whose own role reads it, and, for a report without personal data, addresses their owners confirmed (docs/reports.md "Whose permissions").
         */
        post: operations["postApiV1OrgsByOrgIdSitesBySiteIdReport-schedules"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/report-schedules/{scheduleId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a report schedule (session only)
         * @description With its recipients and runs; audited `report.schedule_deleted`. Members whose role holds `reports.export` (owners, admins, analysts; a viewer → 403 FORBIDDEN; not a member, a site outside the org or a schedule of another site → 404); an org without the reports feature → 403 FEATURE_UNAVAILABLE. No step-up: each send goes only to recipients who may read the report at that moment — members whose own role reads it, and, for a report without personal data, addresses their owners confirmed (docs/reports.md "Whose permissions").
         */
        delete: operations["deleteApiV1OrgsByOrgIdSitesBySiteIdReport-schedulesByScheduleId"];
        options?: never;
        head?: never;
        /**
         * Change a report schedule (session only)
         * @description Any subset of the create fields; a new time computes the next send from now. 422 as on create. Audited `report.schedule_updated`. Members whose role holds `reports.export` (owners, admins, analysts; a viewer → 403 FORBIDDEN; not a member, a site outside the org or a schedule of another site → 404); an org without the reports feature → 403 FEATURE_UNAVAILABLE. No step-up: each send goes only to recipients who may read the report at that moment — members whose own role reads it, and, for a report without personal data, addresses their owners confirmed (docs/reports.md "Whose permissions").
         */
        patch: operations["patchApiV1OrgsByOrgIdSitesBySiteIdReport-schedulesByScheduleId"];
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/report-schedules/{scheduleId}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause a report schedule (session only)
         * @description Nothing is sent until it is resumed (`pausedReason` `paused`); pausing a paused one changes nothing. Audited `report.schedule_paused`. Members whose role holds `reports.export` (owners, admins, analysts; a viewer → 403 FORBIDDEN; not a member, a site outside the org or a schedule of another site → 404); an org without the reports feature → 403 FEATURE_UNAVAILABLE. No step-up: each send goes only to recipients who may read the report at that moment — members whose own role reads it, and, for a report without personal data, addresses their owners confirmed (docs/reports.md "Whose permissions").
         */
        post: operations["postApiV1OrgsByOrgIdSitesBySiteIdReport-schedulesByScheduleIdPause"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/report-schedules/{scheduleId}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume a report schedule (session only)
         * @description The next send is computed from now and earlier failures are forgotten; no SMTP_URL → 422 (path `SMTP_URL`). Audited `report.schedule_resumed`. Members whose role holds `reports.export` (owners, admins, analysts; a viewer → 403 FORBIDDEN; not a member, a site outside the org or a schedule of another site → 404); an org without the reports feature → 403 FEATURE_UNAVAILABLE. No step-up: each send goes only to recipients who may read the report at that moment — members whose own role reads it, and, for a report without personal data, addresses their owners confirmed (docs/reports.md "Whose permissions").
         */
        post: operations["postApiV1OrgsByOrgIdSitesBySiteIdReport-schedulesByScheduleIdResume"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/sites/{siteId}/recommendations/{ruleKey}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set a recommendation's status (session only)
         * @description open, dismissed, snoozed (with `until`) or done; the item as `GET …/recommendations` shows it afterwards (audited `recommendation.status_changed`). A dismissed or done item stays so across nightly runs while its evidence is materially the same. An item the site is not shown → 404 (details path `ruleKey`); `until` without a snooze, a snooze without it, a past day or more than 365 days ahead → 422 at `until`. Owners and admins only (others 403 FORBIDDEN; not a member, or a site outside the org → 404); an org without the recommendations feature → 403 FEATURE_UNAVAILABLE.
         */
        put: operations["putApiV1OrgsByOrgIdSitesBySiteIdRecommendationsByRuleKeyStatus"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orgs/{orgId}/settings/benchmarks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The org's industry benchmarks setting (session only)
         * @description Its industry (the peer group) and whether it opted out. Owners and admins only (others 403 FORBIDDEN; not a member → 404).
         */
        get: operations["getApiV1OrgsByOrgIdSettingsBenchmarks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the org's industry benchmarks setting (session only)
         * @description `industry` (1–60 characters, stored lower-case) and `optOut`; either may be left out. A change removes the aggregates the org sent, so it leaves its old group at once; the next nightly run contributes again unless opted out (audited `org.benchmarks` with before and after). The same as `admin org benchmarks`. Owners and admins only.
         */
        patch: operations["patchApiV1OrgsByOrgIdSettingsBenchmarks"];
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** ErrorEnvelope */
        ErrorEnvelope: {
            error: {
                /** @description Machine code from spec Part 7, e.g. VALIDATION_FAILED */
                code: string;
                message: string;
                details: ({
                    path?: string;
                    message: string;
                } & {
                    [key: string]: unknown;
                })[];
                /** @description Equals the x-request-id response header */
                requestId: string;
            };
        };
        /** PageviewEvent */
        PageviewEvent: {
            id: string;
            ts: number;
            u: string;
            ti?: string;
            /** @constant */
            t: "pageview";
        };
        /** EngagementEvent */
        EngagementEvent: {
            id: string;
            ts: number;
            u: string;
            ti?: string;
            /** @constant */
            t: "engagement";
            et: number;
        };
        /** EventEvent */
        EventEvent: {
            id: string;
            ts: number;
            u: string;
            ti?: string;
            /** @constant */
            t: "event";
            n: string;
            p?: {
                [key: string]: string | number | boolean | null;
            };
        };
        /** ConversionEvent */
        ConversionEvent: {
            id: string;
            ts: number;
            u: string;
            ti?: string;
            /** @constant */
            t: "conversion";
            n: string;
            val?: number;
            cur?: string;
            oid?: string;
        };
        /** IdentifyEvent */
        IdentifyEvent: {
            id: string;
            ts: number;
            u: string;
            ti?: string;
            /** @constant */
            t: "identify";
            uid: string;
        };
        /** ScrollEvent */
        ScrollEvent: {
            id: string;
            ts: number;
            u: string;
            ti?: string;
            /** @constant */
            t: "scroll";
            pct: 25 | 50 | 75 | 90;
        };
        /** OutboundEvent */
        OutboundEvent: {
            id: string;
            ts: number;
            u: string;
            ti?: string;
            /** @constant */
            t: "outbound";
            href: string;
        };
        /** DownloadEvent */
        DownloadEvent: {
            id: string;
            ts: number;
            u: string;
            ti?: string;
            /** @constant */
            t: "download";
            href: string;
        };
        /** FormSubmitEvent */
        FormSubmitEvent: {
            id: string;
            ts: number;
            u: string;
            ti?: string;
            /** @constant */
            t: "form_submit";
            form: string;
        };
        /** VitalEvent */
        VitalEvent: {
            id: string;
            ts: number;
            u: string;
            ti?: string;
            /** @constant */
            t: "vital";
            n: "LCP" | "INP" | "CLS" | "FCP" | "TTFB";
            val: number;
        };
        /** ConsentEvent */
        ConsentEvent: {
            id: string;
            ts: number;
            u: string;
            ti?: string;
            /** @constant */
            t: "consent";
            c: {
                analytics: boolean;
                marketing: boolean;
            };
        };
        /** PopupEvent */
        PopupEvent: {
            id: string;
            ts: number;
            u: string;
            ti?: string;
            /** @constant */
            t: "popup";
            n: string;
            a: string;
            p?: {
                [key: string]: string | number | boolean | null;
            };
        };
        /** SpinEvent */
        SpinEvent: {
            id: string;
            ts: number;
            u: string;
            ti?: string;
            /** @constant */
            t: "spin";
            n: string;
            a: string;
            p?: {
                [key: string]: string | number | boolean | null;
            };
        };
        /** InventoryEvent */
        InventoryEvent: {
            id: string;
            ts: number;
            u: string;
            ti?: string;
            /** @constant */
            t: "inventory";
            /** @description The consent state when the names were read; without it the batch's */
            c?: {
                analytics: boolean;
                marketing: boolean;
            };
            /** @description Cookie names from document.cookie (never values) */
            ck?: string[];
            /** @description localStorage and sessionStorage keys */
            st?: string[];
            /** @description Hosts of resource-timing entries other than the page's own */
            hs?: string[];
        };
        /** Session */
        Session: {
            user: {
                /** @description 24 lowercase hex */
                id: string;
                name: string;
                email: string;
                emailVerified: boolean;
                twoFactorEnabled: boolean;
            };
            orgs: {
                /** @description 24 lowercase hex */
                id: string;
                name: string;
                /**
                 * @default owner
                 * @enum {string}
                 */
                role: "owner" | "admin" | "analyst" | "viewer";
                requireTwoFactor: boolean;
            }[];
            /** @description 2FA is enabled (or required by an org) but not passed in this session */
            twoFactorRequired: boolean;
            /** @description Sensitive changes are allowed until then (second factor + 15 min) */
            stepUpUntil: string | null;
            /**
             * Format: date-time
             * @description ISO 8601, UTC
             */
            idleExpiresAt: string;
            /**
             * Format: date-time
             * @description ISO 8601, UTC
             */
            expiresAt: string;
        };
        /** ApiKeyView */
        ApiKeyView: {
            /** @description 24 lowercase hex */
            id: string;
            name: string;
            /** @description The first characters of the secret, to recognise it */
            prefix: string;
            /** @description Permission names, or ["*"] for all (never more than the creator's role) */
            permissions: string[];
            /** @description Site ids, or null for every site of the org */
            sites: string[] | null;
            /**
             * Format: date-time
             * @description ISO 8601, UTC
             */
            createdAt: string;
            expiresAt: string | null;
            lastUsedAt: string | null;
            lastUsedIp: string | null;
            revokedAt: string | null;
            rotatedAt: string | null;
            /** @description The member the key acts for */
            createdBy: {
                /** @description 24 lowercase hex */
                id: string;
                name: string;
            };
        };
        /** MemberView */
        MemberView: {
            /** @description 24 lowercase hex */
            id: string;
            name: string;
            email: string;
            /** @enum {string} */
            role: "owner" | "admin" | "analyst" | "viewer";
            twoFactorEnabled: boolean;
            emailVerified: boolean;
            /**
             * @description invited: no password yet, the link still works; invitation_expired: invite again after removing
             * @default active
             * @enum {string}
             */
            state: "active" | "invited" | "invitation_expired";
            /**
             * Format: date-time
             * @description ISO 8601, UTC
             */
            memberSince: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    postV1Collect: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Protocol version
                     * @constant
                     */
                    v: 1;
                    /** @description Site key */
                    s: string;
                    /** @description Visitor id */
                    vid: string;
                    /** @description Session id */
                    sid: string;
                    /** @description true when the script just created vid */
                    nv?: boolean;
                    c?: {
                        analytics: boolean;
                        marketing: boolean;
                    };
                    ctx?: {
                        ref?: string;
                        lang?: string;
                        tz?: string;
                        sw?: number;
                        sh?: number;
                        utm?: {
                            utm_source?: string;
                            utm_medium?: string;
                            utm_campaign?: string;
                            utm_term?: string;
                            utm_content?: string;
                        };
                    };
                    /** @description Events, each one of the event schemas (by `t`). Each is checked on its own: an invalid event (or one more than 72 hours old or 10 minutes ahead) is left out and listed in the answer's `rejected`, the others are stored; a batch with no valid event is 422 VALIDATION_FAILED. */
                    e: (components["schemas"]["PageviewEvent"] | components["schemas"]["EngagementEvent"] | components["schemas"]["EventEvent"] | components["schemas"]["ConversionEvent"] | components["schemas"]["IdentifyEvent"] | components["schemas"]["ScrollEvent"] | components["schemas"]["OutboundEvent"] | components["schemas"]["DownloadEvent"] | components["schemas"]["FormSubmitEvent"] | components["schemas"]["VitalEvent"] | components["schemas"]["ConsentEvent"] | components["schemas"]["PopupEvent"] | components["schemas"]["SpinEvent"] | components["schemas"]["InventoryEvent"])[];
                };
                "text/plain": {
                    /**
                     * @description Protocol version
                     * @constant
                     */
                    v: 1;
                    /** @description Site key */
                    s: string;
                    /** @description Visitor id */
                    vid: string;
                    /** @description Session id */
                    sid: string;
                    /** @description true when the script just created vid */
                    nv?: boolean;
                    c?: {
                        analytics: boolean;
                        marketing: boolean;
                    };
                    ctx?: {
                        ref?: string;
                        lang?: string;
                        tz?: string;
                        sw?: number;
                        sh?: number;
                        utm?: {
                            utm_source?: string;
                            utm_medium?: string;
                            utm_campaign?: string;
                            utm_term?: string;
                            utm_content?: string;
                        };
                    };
                    /** @description Events, each one of the event schemas (by `t`). Each is checked on its own: an invalid event (or one more than 72 hours old or 10 minutes ahead) is left out and listed in the answer's `rejected`, the others are stored; a batch with no valid event is 422 VALIDATION_FAILED. */
                    e: (components["schemas"]["PageviewEvent"] | components["schemas"]["EngagementEvent"] | components["schemas"]["EventEvent"] | components["schemas"]["ConversionEvent"] | components["schemas"]["IdentifyEvent"] | components["schemas"]["ScrollEvent"] | components["schemas"]["OutboundEvent"] | components["schemas"]["DownloadEvent"] | components["schemas"]["FormSubmitEvent"] | components["schemas"]["VitalEvent"] | components["schemas"]["ConsentEvent"] | components["schemas"]["PopupEvent"] | components["schemas"]["SpinEvent"] | components["schemas"]["InventoryEvent"])[];
                };
            };
        };
        responses: {
            /** @description Response for status 202 */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @description Events stored */
                        accepted: number;
                        /** @description Events already stored (same id), or conversions with an orderId already counted */
                        duplicates: number;
                        /** @description Events refused, by position in e */
                        rejected: {
                            index: number;
                            path: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "getV1Script.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The script */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/javascript": string;
                };
            };
            /** @description Not modified (If-None-Match matched the ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "getV1Engage.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The script */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/javascript": string;
                };
            };
            /** @description Not modified (If-None-Match matched the ETag) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getV1SitesBySiteKeyConfig: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                siteKey: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        siteKey: string;
                        /** PublicConsentSettings */
                        consent: {
                            /**
                             * @description opt-in: nothing persistent until accepted (the banner asks); opt-out: granted until declined (the banner informs); none: no banner, the page reports consent itself
                             * @enum {string}
                             */
                            mode: "opt-in" | "opt-out" | "none";
                            /** @description The categories the banner offers; one not offered is never granted by the banner */
                            categories: ("analytics" | "marketing")[];
                            /**
                             * @description respect: a Do-Not-Track browser is a refusal without a banner; ignore: it is not
                             * @enum {string}
                             */
                            dnt: "respect" | "ignore";
                            /**
                             * @description respect: a Global Privacy Control browser is a refusal without a banner; ignore: it is not
                             * @enum {string}
                             */
                            gpc: "respect" | "ignore";
                            /** @description The privacy policy the banner links to (http or https), or null */
                            policyUrl: string | null;
                            /** @description The language whose texts a browser gets when none of its languages has texts */
                            defaultLanguage: string;
                            /** @description Banner texts by lower-case BCP 47 language tag (at most 30); the banner uses the first of the browser's languages with texts, by full tag then primary subtag, else defaultLanguage */
                            texts: {
                                [key: string]: {
                                    /** @description The banner's heading */
                                    title: string;
                                    /** @description The banner's explanation */
                                    text: string;
                                    /** @description The accept-all button */
                                    accept: string;
                                    /** @description The decline button */
                                    reject: string;
                                    /** @description The button that opens the category choices */
                                    preferences: string;
                                    /** @description The button that saves the category choices */
                                    save: string;
                                    /** @description The analytics checkbox's label */
                                    analyticsLabel: string;
                                    /** @description The marketing checkbox's label */
                                    marketingLabel: string;
                                    /** @description The privacy policy link's text (shown when policyUrl is set) */
                                    policyLabel: string;
                                };
                            };
                        };
                        /** @description The site's active popups inside their schedule */
                        popups: {
                            id: string;
                            /** @enum {string} */
                            layout: "modal" | "slide_in" | "bar" | "fullscreen";
                            /**
                             * PopupContent
                             * @description Plain text (shown as text, never as HTML) and colours
                             */
                            content: {
                                title: string;
                                text: string;
                                /** @description https:// only */
                                imageUrl: string | null;
                                imageAlt: string;
                                button: string;
                                /** @description https:// or a path on the site */
                                buttonUrl: string | null;
                                colors: {
                                    /** @description #rrggbb */
                                    background: string;
                                    /** @description #rrggbb */
                                    text: string;
                                    /** @description #rrggbb */
                                    button: string;
                                    /** @description #rrggbb */
                                    buttonText: string;
                                };
                            };
                            /**
                             * LeadForm
                             * @description null: no form (the button links to buttonUrl, or closes)
                             */
                            form: {
                                /** @description Asked for, in order; email always among them */
                                fields: ("email" | "name" | "phone" | "company" | "message")[];
                                /** @description Of fields, the ones that must be filled; email always */
                                required: ("email" | "name" | "phone" | "company" | "message")[];
                                /** @description A consent checkbox; its text is stored with every lead that ticks it */
                                consent: {
                                    text: string;
                                    required: boolean;
                                } | null;
                                submitLabel: string;
                                successText: string;
                            } | null;
                            triggers: {
                                /** @enum {string} */
                                kind: "exit_intent" | "scroll" | "time_on_page" | "inactivity" | "pageviews" | "click" | "immediately";
                                /**
                                 * @description exit_intent: what stands for it without a pointer
                                 * @enum {string}
                                 */
                                mobile?: "scroll_up" | "none";
                                /** @description scroll */
                                percent?: number;
                                /** @description time_on_page, inactivity */
                                seconds?: number;
                                /** @description pageviews: in the tab's session, this one included */
                                count?: number;
                                /** @description click: a CSS selector */
                                selector?: string;
                            }[];
                            /**
                             * Targeting
                             * @description AND-ed; an empty list does not restrict
                             */
                            targeting: {
                                /** @description The page's path matches one of these (empty: any page) */
                                paths: {
                                    /** @enum {string} */
                                    match: "equals" | "starts_with" | "contains" | "regex";
                                    /** @description case-sensitive; regex at most 200 characters */
                                    value: string;
                                }[];
                                excludePaths: {
                                    /** @enum {string} */
                                    match: "equals" | "starts_with" | "contains" | "regex";
                                    /** @description case-sensitive; regex at most 200 characters */
                                    value: string;
                                }[];
                                devices: ("desktop" | "mobile" | "tablet")[];
                                /** @enum {string} */
                                visitor: "any" | "new" | "returning";
                                channels: string[];
                                campaigns: string[];
                                countries: string[];
                            };
                            frequency: {
                                /** @enum {string} */
                                show: "every_page" | "once_per_session" | "every_n_days";
                                /** @description every_n_days only */
                                days: number | null;
                                stopAfterClose: boolean;
                                stopAfterConvert: boolean;
                                maxViews: number | null;
                            };
                            /** Format: date-time */
                            endAt: string | null;
                            /** @description Empty: no test; otherwise 2 to 5 */
                            variants: {
                                /** @description Unique; holdout is reserved; the first variant is the control when there is no holdout */
                                key: string;
                                name: string;
                                weight: number;
                                /** @enum {string} */
                                layout?: "modal" | "slide_in" | "bar" | "fullscreen";
                                content?: {
                                    title?: string;
                                    text?: string;
                                    /** @description https:// only */
                                    imageUrl?: string | null;
                                    imageAlt?: string;
                                    button?: string;
                                    /** @description https:// or a path on the site */
                                    buttonUrl?: string | null;
                                    colors?: {
                                        /** @description #rrggbb */
                                        background: string;
                                        /** @description #rrggbb */
                                        text: string;
                                        /** @description #rrggbb */
                                        button: string;
                                        /** @description #rrggbb */
                                        buttonText: string;
                                    };
                                };
                            }[];
                            /** @description Percent of visitors shown nothing, kept as the baseline */
                            holdout: number;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            updatedAt: string;
                        }[];
                        /** @description The site's active spin wheels inside their schedule: labels and colours, no weights, stock or codes */
                        wheels: {
                            id: string;
                            title: string;
                            text: string;
                            slices: {
                                label: string;
                                /** @description #rrggbb */
                                color: string;
                            }[];
                            /** LeadForm */
                            form: {
                                /** @description Asked for, in order; email always among them */
                                fields: ("email" | "name" | "phone" | "company" | "message")[];
                                /** @description Of fields, the ones that must be filled; email always */
                                required: ("email" | "name" | "phone" | "company" | "message")[];
                                /** @description A consent checkbox; its text is stored with every lead that ticks it */
                                consent: {
                                    text: string;
                                    required: boolean;
                                } | null;
                                submitLabel: string;
                                successText: string;
                            };
                            triggers: {
                                /** @enum {string} */
                                kind: "exit_intent" | "scroll" | "time_on_page" | "inactivity" | "pageviews" | "click" | "immediately";
                                /**
                                 * @description exit_intent: what stands for it without a pointer
                                 * @enum {string}
                                 */
                                mobile?: "scroll_up" | "none";
                                /** @description scroll */
                                percent?: number;
                                /** @description time_on_page, inactivity */
                                seconds?: number;
                                /** @description pageviews: in the tab's session, this one included */
                                count?: number;
                                /** @description click: a CSS selector */
                                selector?: string;
                            }[];
                            /**
                             * Targeting
                             * @description AND-ed; an empty list does not restrict
                             */
                            targeting: {
                                /** @description The page's path matches one of these (empty: any page) */
                                paths: {
                                    /** @enum {string} */
                                    match: "equals" | "starts_with" | "contains" | "regex";
                                    /** @description case-sensitive; regex at most 200 characters */
                                    value: string;
                                }[];
                                excludePaths: {
                                    /** @enum {string} */
                                    match: "equals" | "starts_with" | "contains" | "regex";
                                    /** @description case-sensitive; regex at most 200 characters */
                                    value: string;
                                }[];
                                devices: ("desktop" | "mobile" | "tablet")[];
                                /** @enum {string} */
                                visitor: "any" | "new" | "returning";
                                channels: string[];
                                campaigns: string[];
                                countries: string[];
                            };
                            colors: {
                                /** @description #rrggbb */
                                background: string;
                                /** @description #rrggbb */
                                text: string;
                                /** @description #rrggbb */
                                button: string;
                                /** @description #rrggbb */
                                buttonText: string;
                            };
                            /** Format: date-time */
                            endAt: string | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            updatedAt: string;
                        }[];
                        /** @description How many different popups one session may see (default 1) */
                        popupsPerSession: number;
                        /** @description The engagement chunk's URL (/v1/engage.js?v=…) when there is a popup or wheel to show, else null */
                        engage: string | null;
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "getV1SitesBySiteKeyVisitor-context": {
        parameters: {
            query?: {
                ref?: string;
                utm_source?: string;
                utm_medium?: string;
                utm_campaign?: string;
                url?: string;
            };
            header?: never;
            path: {
                siteKey: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ISO 3166-1 alpha-2 of the request's IP; null when unknown */
                        country: string | null;
                        /** @description The session's channel (lib/channels names: organic_search, paid_social, direct…) */
                        channel: string;
                        /** @description utm_campaign, null without one */
                        campaign: string | null;
                        /** @description desktop | mobile | tablet | tv | console | wearable | other */
                        device: string;
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postV1Leads: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Protocol version
                     * @constant
                     */
                    v: 1;
                    /** @description Site key */
                    s: string;
                    /** @description The page's own id for this request: the same id again answers the first outcome */
                    id: string;
                    /** @description Visitor id (the tracking script's) */
                    vid: string;
                    /** @description Session id */
                    sid?: string;
                    /** @description The form's answers; blank counts as absent */
                    fields: {
                        email?: string;
                        name?: string;
                        phone?: string;
                        company?: string;
                        message?: string;
                    };
                    consent?: {
                        /** @description Whether the visitor ticked the consent box */
                        given: boolean;
                        /** @description The box's text as shown (a popup's or wheel's own text is stored instead) */
                        text?: string;
                    };
                    /** @description Honeypot: a field people do not see; anything in it refuses the request */
                    hp?: string;
                    /** @description The page's path */
                    path?: string;
                    /** @description popup: `ref` is the popup's id; form and newsletter: a marked form of the page */
                    source: "popup" | "form" | "newsletter";
                    /** @description The popup's id, or the form's name, id or action (empty for a form with none: the page's path names it) */
                    ref: string;
                    /** @description The popup's A/B variant the visitor saw */
                    variant?: string | null;
                };
                "text/plain": {
                    /**
                     * @description Protocol version
                     * @constant
                     */
                    v: 1;
                    /** @description Site key */
                    s: string;
                    /** @description The page's own id for this request: the same id again answers the first outcome */
                    id: string;
                    /** @description Visitor id (the tracking script's) */
                    vid: string;
                    /** @description Session id */
                    sid?: string;
                    /** @description The form's answers; blank counts as absent */
                    fields: {
                        email?: string;
                        name?: string;
                        phone?: string;
                        company?: string;
                        message?: string;
                    };
                    consent?: {
                        /** @description Whether the visitor ticked the consent box */
                        given: boolean;
                        /** @description The box's text as shown (a popup's or wheel's own text is stored instead) */
                        text?: string;
                    };
                    /** @description Honeypot: a field people do not see; anything in it refuses the request */
                    hp?: string;
                    /** @description The page's path */
                    path?: string;
                    /** @description popup: `ref` is the popup's id; form and newsletter: a marked form of the page */
                    source: "popup" | "form" | "newsletter";
                    /** @description The popup's id, or the form's name, id or action (empty for a form with none: the page's path names it) */
                    ref: string;
                    /** @description The popup's A/B variant the visitor saw */
                    variant?: string | null;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        leadId: string;
                    };
                };
            };
            /** @description Response for status 201 */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        leadId: string;
                    };
                };
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postV1Spins: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Protocol version
                     * @constant
                     */
                    v: 1;
                    /** @description Site key */
                    s: string;
                    /** @description The page's own id for this request: the same id again answers the first outcome */
                    id: string;
                    /** @description Visitor id (the tracking script's) */
                    vid: string;
                    /** @description Session id */
                    sid?: string;
                    /** @description The form's answers; blank counts as absent */
                    fields: {
                        email?: string;
                        name?: string;
                        phone?: string;
                        company?: string;
                        message?: string;
                    };
                    consent?: {
                        /** @description Whether the visitor ticked the consent box */
                        given: boolean;
                        /** @description The box's text as shown (a popup's or wheel's own text is stored instead) */
                        text?: string;
                    };
                    /** @description Honeypot: a field people do not see; anything in it refuses the request */
                    hp?: string;
                    /** @description The page's path */
                    path?: string;
                    /** @description The wheel's id */
                    wheel: string;
                };
                "text/plain": {
                    /**
                     * @description Protocol version
                     * @constant
                     */
                    v: 1;
                    /** @description Site key */
                    s: string;
                    /** @description The page's own id for this request: the same id again answers the first outcome */
                    id: string;
                    /** @description Visitor id (the tracking script's) */
                    vid: string;
                    /** @description Session id */
                    sid?: string;
                    /** @description The form's answers; blank counts as absent */
                    fields: {
                        email?: string;
                        name?: string;
                        phone?: string;
                        company?: string;
                        message?: string;
                    };
                    consent?: {
                        /** @description Whether the visitor ticked the consent box */
                        given: boolean;
                        /** @description The box's text as shown (a popup's or wheel's own text is stored instead) */
                        text?: string;
                    };
                    /** @description Honeypot: a field people do not see; anything in it refuses the request */
                    hp?: string;
                    /** @description The page's path */
                    path?: string;
                    /** @description The wheel's id */
                    wheel: string;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        spinId: string;
                        /** @description The index of the slice drawn (the page animates to it) */
                        slice: number;
                        label: string;
                        /** @enum {string} */
                        prize: "coupon_pool" | "static_code" | "none";
                        /** @description The coupon or static code won; null without a prize */
                        code: string | null;
                        /**
                         * Format: date-time
                         * @description When the code expires (the wheel's couponDays); null: never, or no code
                         */
                        expiresAt: string | null;
                    };
                };
            };
            /** @description Response for status 201 */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        spinId: string;
                        /** @description The index of the slice drawn (the page animates to it) */
                        slice: number;
                        label: string;
                        /** @enum {string} */
                        prize: "coupon_pool" | "static_code" | "none";
                        /** @description The coupon or static code won; null without a prize */
                        code: string | null;
                        /**
                         * Format: date-time
                         * @description When the code expires (the wheel's couponDays); null: never, or no code
                         */
                        expiresAt: string | null;
                    };
                };
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiV1OrgsByOrgIdSites: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            name: string;
                            /** @description Public site key used by the tracking script */
                            siteKey: string;
                            domain: string;
                            /** @description IANA timezone */
                            timezone: string;
                            currency: string;
                            /** @enum {string} */
                            status: "not_installed" | "receiving" | "stale" | "paused";
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            firstHitAt: string | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            lastHitAt: string | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            createdAt: string;
                        }[];
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiV1OrgsByOrgIdAudit: {
        parameters: {
            query?: {
                page?: number;
                size?: number;
                q?: string;
                action?: string;
                days?: number;
            };
            header?: never;
            path: {
                orgId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        rows: {
                            id: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            at: string;
                            actor: {
                                id: string;
                                name: string;
                                email: string;
                            };
                            /** @description Dotted machine name, e.g. key.created */
                            action: string;
                            label: string;
                            target: {
                                type: string;
                                id: string;
                            };
                            meta: {
                                [key: string]: unknown;
                            };
                            orgId: string;
                        }[];
                        total: number;
                        actions: string[];
                        page: number;
                        pages: number;
                        size: number;
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiV1OrgsByOrgIdSitesBySiteIdStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "not_installed" | "receiving" | "stale" | "paused";
                        /**
                         * Format: date-time
                         * @description ISO 8601, UTC
                         */
                        firstHitAt: string | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601, UTC
                         */
                        lastHitAt: string | null;
                        hitsLast30Min: number;
                        rejectedHosts: {
                            host: string;
                            hits: number;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            firstSeenAt: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            lastSeenAt: string;
                        }[];
                        domains: {
                            id: string;
                            hostname: string;
                            isPrimary: boolean;
                            includeSubdomains: boolean;
                            /** @description pending, verified or failed */
                            status: string;
                            /** @description dns */
                            method: string;
                            /** @description true when proven by the DNS record; false when an operator forced it */
                            strong: boolean;
                            token: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            verifiedAt: string | null;
                        }[];
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiV1OrgsByOrgIdSitesBySiteIdIntegrations: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: ({
                            id: string;
                            /** @description Connection state: active or disabled */
                            status: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            lastSyncAt: string | null;
                            /** @constant */
                            kind: "webhook_in";
                            /** @description Where to send leads; the secret is shown only when the integration is created */
                            webhookUrl: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            lastReceivedAt: string | null;
                        } | {
                            id: string;
                            /** @description Connection state: active or disabled */
                            status: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            lastSyncAt: string | null;
                            /** @constant */
                            kind: "webhook_out";
                            /** @description The endpoint's scheme, host and path (no credentials, no query); the signing secret is never shown */
                            targetUrl: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            lastSuccessAt: string | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            lastFailureAt: string | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            failingSince: string | null;
                            /** @description Why the endpoint was disabled */
                            disabledReason: string | null;
                            /** @description The last 10 deliveries, newest first */
                            deliveries: {
                                /** @description Also the X-Svc-Delivery header of every attempt */
                                id: string;
                                leadId: string;
                                /** @description pending, delivered, failed (gave up, or a 4xx answer) or refused (a private target) */
                                status: string;
                                attempts: number;
                                /** @description HTTP status of the last attempt; null when none came (timeout, network error) */
                                lastStatus: number | null;
                                /** @description Why the last attempt did not succeed */
                                lastError: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601, UTC
                                 */
                                createdAt: string;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601, UTC
                                 */
                                deliveredAt: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601, UTC
                                 */
                                nextAttemptAt: string | null;
                            }[];
                        } | {
                            id: string;
                            /** @description Connection state: active or disabled */
                            status: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            lastSyncAt: string | null;
                            /** @constant */
                            kind: "ads_import";
                            /** @description Where to send ad spend rows (docs/campaigns.md); the secret is shown only when the integration is created */
                            webhookUrl: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            lastReceivedAt: string | null;
                        } | {
                            /** @constant */
                            kind: "ads";
                            /**
                             * @default google_ads
                             * @enum {string}
                             */
                            platform: "google_ads" | "meta_ads" | "microsoft_ads" | "linkedin_ads" | "tiktok_ads" | "other";
                            /**
                             * @description import once any spend row of the platform was imported (CLI) or pushed
                             * @default not_connected
                             * @enum {string}
                             */
                            state: "not_connected" | "import";
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            lastSyncAt: string | null;
                        })[];
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postApiV1OrgsByOrgIdSitesBySiteIdIntegrations: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                siteId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    kind: "webhook_out" | "webhook_in" | "ads_import";
                    url?: string;
                };
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description 24 lowercase hex */
                        id: string;
                        /** @constant */
                        kind: "webhook_out";
                        /** @description whsec_…: signs every delivery (X-Svc-Signature); shown once */
                        signingSecret: string;
                    } | {
                        /** @description 24 lowercase hex */
                        id: string;
                        /** @constant */
                        kind: "webhook_in";
                        /** @description Where to POST leads */
                        url: string;
                        /** @description whin_…: send as X-Svc-Secret or a bearer token; shown once */
                        secret: string;
                    } | {
                        /** @description 24 lowercase hex */
                        id: string;
                        /** @constant */
                        kind: "ads_import";
                        /** @description Where to POST ad spend rows (docs/campaigns.md) */
                        url: string;
                        /** @description whads_…: send as X-Svc-Secret or a bearer token; shown once */
                        secret: string;
                    };
                };
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 423 */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiV1OrgsByOrgIdSitesBySiteIdAnalyticsOverview: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
            };
            header?: never;
            path: {
                orgId: string;
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description YYYY-MM-DD, site timezone */
                        from: string;
                        /** @description YYYY-MM-DD, site timezone */
                        to: string;
                        /** @description Site timezone */
                        tz: string;
                        currency: string;
                        current: {
                            sessions: number;
                            users: number;
                            /** @description Visitors whose first-ever session started in the period */
                            newUsers: number;
                            pageviews: number;
                            engagementRate: number;
                            avgEngagedSeconds: number;
                            pagesPerSession: number;
                            conversions: number;
                            /** @description In the site currency */
                            revenue: number;
                        };
                        previous: {
                            sessions: number;
                            users: number;
                            /** @description Visitors whose first-ever session started in the period */
                            newUsers: number;
                            pageviews: number;
                            engagementRate: number;
                            avgEngagedSeconds: number;
                            pagesPerSession: number;
                            conversions: number;
                            /** @description In the site currency */
                            revenue: number;
                        };
                        /** @description Every day of the period, days without sessions as zeros */
                        series: {
                            /** @description YYYY-MM-DD, site timezone */
                            date: string;
                            sessions: number;
                            users: number;
                            pageviews: number;
                            conversions: number;
                        }[];
                        channels: {
                            key: string;
                            sessions: number;
                            users: number;
                            engagementRate: number;
                            conversions: number;
                            revenue: number;
                            pageviews: number;
                        }[];
                        /** @description Top 10 by views */
                        pages: {
                            path: string;
                            title: string | null;
                            views: number;
                            users: number;
                        }[];
                        /** @description Top 10 by sessions */
                        countries: {
                            /** @description ISO alpha-2, or (not set) */
                            key: string;
                            sessions: number;
                            users: number;
                        }[];
                        devices: {
                            key: string;
                            sessions: number;
                            users: number;
                        }[];
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiV1OrgsByOrgIdSitesBySiteIdAnalyticsAcquisition: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
            };
            header?: never;
            path: {
                orgId: string;
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description YYYY-MM-DD, site timezone */
                        from: string;
                        /** @description YYYY-MM-DD, site timezone */
                        to: string;
                        /** @description Site timezone */
                        tz: string;
                        currency: string;
                        /** @description By channel (snake case GA4 default channel group), most sessions first */
                        channels: {
                            key: string;
                            users: number;
                            newUsers: number;
                            sessions: number;
                            pageviews: number;
                            engagementRate: number;
                            bounceRate: number;
                            avgEngagedSeconds: number;
                            pagesPerSession: number;
                            conversions: number;
                            conversionRate: number;
                            revenue: number;
                        }[];
                        /** @description By `source / medium`, most sessions first, top 100 */
                        sourceMedium: {
                            key: string;
                            users: number;
                            newUsers: number;
                            sessions: number;
                            pageviews: number;
                            engagementRate: number;
                            bounceRate: number;
                            avgEngagedSeconds: number;
                            pagesPerSession: number;
                            conversions: number;
                            conversionRate: number;
                            revenue: number;
                        }[];
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiV1OrgsByOrgIdSitesBySiteIdAnalyticsPages: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
            };
            header?: never;
            path: {
                orgId: string;
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description YYYY-MM-DD, site timezone */
                        from: string;
                        /** @description YYYY-MM-DD, site timezone */
                        to: string;
                        /** @description Site timezone */
                        tz: string;
                        currency: string;
                        /** @description Most views first, top 200 */
                        rows: {
                            path: string;
                            /** @description The latest title seen for the path */
                            title: string | null;
                            views: number;
                            users: number;
                            /** @description Sessions that landed on the path */
                            entrances: number;
                            /** @description Sessions whose last pageview was the path */
                            exits: number;
                            /** @description Engaged time while the path was shown */
                            engagedSeconds: number;
                            /** @description engagedSeconds / views */
                            avgEngagedSeconds: number;
                        }[];
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiV1OrgsByOrgIdSitesBySiteIdAnalyticsEvents: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
            };
            header?: never;
            path: {
                orgId: string;
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description YYYY-MM-DD, site timezone */
                        from: string;
                        /** @description YYYY-MM-DD, site timezone */
                        to: string;
                        /** @description Site timezone */
                        tz: string;
                        currency: string;
                        totals: {
                            /** @description Custom events of every name */
                            events: number;
                            /** @description Distinct visitors who sent any */
                            users: number;
                        };
                        /** @description Custom events (tidemark('event', name, props)) by name, most first, top 100 */
                        rows: {
                            name: string;
                            events: number;
                            /** @description Sessions with at least one */
                            sessions: number;
                            /** @description Distinct visitors */
                            users: number;
                            /** @description events / users, 2 decimals */
                            eventsPerUser: number;
                            /** @description Top 10 properties by events */
                            properties: {
                                key: string;
                                /** @description Events that carried the property */
                                events: number;
                                /** @description Top 10 */
                                values: {
                                    /** @description As text; null reads (not set) */
                                    value: string;
                                    events: number;
                                }[];
                            }[];
                        }[];
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiV1OrgsByOrgIdSitesBySiteIdAnalyticsAudience: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
            };
            header?: never;
            path: {
                orgId: string;
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description YYYY-MM-DD, site timezone */
                        from: string;
                        /** @description YYYY-MM-DD, site timezone */
                        to: string;
                        /** @description Site timezone */
                        tz: string;
                        currency: string;
                        /** @description `new` (the visitor's first session) and `returning` */
                        userTypes: {
                            key: string;
                            users: number;
                            newUsers: number;
                            sessions: number;
                            pageviews: number;
                            engagementRate: number;
                            bounceRate: number;
                            avgEngagedSeconds: number;
                            pagesPerSession: number;
                            conversions: number;
                            conversionRate: number;
                            revenue: number;
                        }[];
                        devices: {
                            key: string;
                            users: number;
                            newUsers: number;
                            sessions: number;
                            pageviews: number;
                            engagementRate: number;
                            bounceRate: number;
                            avgEngagedSeconds: number;
                            pagesPerSession: number;
                            conversions: number;
                            conversionRate: number;
                            revenue: number;
                        }[];
                        browsers: {
                            key: string;
                            users: number;
                            newUsers: number;
                            sessions: number;
                            pageviews: number;
                            engagementRate: number;
                            bounceRate: number;
                            avgEngagedSeconds: number;
                            pagesPerSession: number;
                            conversions: number;
                            conversionRate: number;
                            revenue: number;
                        }[];
                        operatingSystems: {
                            key: string;
                            users: number;
                            newUsers: number;
                            sessions: number;
                            pageviews: number;
                            engagementRate: number;
                            bounceRate: number;
                            avgEngagedSeconds: number;
                            pagesPerSession: number;
                            conversions: number;
                            conversionRate: number;
                            revenue: number;
                        }[];
                        /** @description Top 50 */
                        languages: {
                            key: string;
                            users: number;
                            newUsers: number;
                            sessions: number;
                            pageviews: number;
                            engagementRate: number;
                            bounceRate: number;
                            avgEngagedSeconds: number;
                            pagesPerSession: number;
                            conversions: number;
                            conversionRate: number;
                            revenue: number;
                        }[];
                        /** @description Width x height, top 50 */
                        screens: {
                            key: string;
                            users: number;
                            newUsers: number;
                            sessions: number;
                            pageviews: number;
                            engagementRate: number;
                            bounceRate: number;
                            avgEngagedSeconds: number;
                            pagesPerSession: number;
                            conversions: number;
                            conversionRate: number;
                            revenue: number;
                        }[];
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiV1OrgsByOrgIdSitesBySiteIdAnalyticsCampaigns: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
            };
            header?: never;
            path: {
                orgId: string;
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description YYYY-MM-DD, site timezone */
                        from: string;
                        /** @description YYYY-MM-DD, site timezone */
                        to: string;
                        /** @description Site timezone */
                        tz: string;
                        currency: string;
                        /** @description Per UTM campaign, source and medium (key joins the three with ' / '), most sessions first, top 200; sessions without a campaign are `(not set)` */
                        rows: {
                            key: string;
                            users: number;
                            newUsers: number;
                            sessions: number;
                            pageviews: number;
                            engagementRate: number;
                            bounceRate: number;
                            avgEngagedSeconds: number;
                            pagesPerSession: number;
                            conversions: number;
                            conversionRate: number;
                            revenue: number;
                            campaign: string;
                            source: string;
                            medium: string;
                        }[];
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiV1OrgsByOrgIdSitesBySiteIdAnalyticsLocations: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
                country?: string;
                region?: string;
            };
            header?: never;
            path: {
                orgId: string;
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description YYYY-MM-DD, site timezone */
                        from: string;
                        /** @description YYYY-MM-DD, site timezone */
                        to: string;
                        /** @description Site timezone */
                        tz: string;
                        currency: string;
                        /** @enum {string} */
                        level: "country" | "region" | "city";
                        country: string | null;
                        region: string | null;
                        /** @description Countries; with `country` its regions; with `country` and `region` its cities. Most sessions first */
                        rows: {
                            key: string;
                            users: number;
                            newUsers: number;
                            sessions: number;
                            pageviews: number;
                            engagementRate: number;
                            bounceRate: number;
                            avgEngagedSeconds: number;
                            pagesPerSession: number;
                            conversions: number;
                            conversionRate: number;
                            revenue: number;
                        }[];
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiV1OrgsByOrgIdSitesBySiteIdAnalyticsBehaviour: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
            };
            header?: never;
            path: {
                orgId: string;
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description YYYY-MM-DD, site timezone */
                        from: string;
                        /** @description YYYY-MM-DD, site timezone */
                        to: string;
                        /** @description Site timezone */
                        tz: string;
                        currency: string;
                        /** @description Sessions by the page they started on, most first, top 100 */
                        landingPages: {
                            key: string;
                            users: number;
                            newUsers: number;
                            sessions: number;
                            pageviews: number;
                            engagementRate: number;
                            bounceRate: number;
                            avgEngagedSeconds: number;
                            pagesPerSession: number;
                            conversions: number;
                            conversionRate: number;
                            revenue: number;
                        }[];
                        /** @description Most exits first, top 100; exitRate = exits / views */
                        exitPages: {
                            path: string;
                            /** @description Sessions whose last pageview was the path */
                            exits: number;
                            views: number;
                            exitRate: number;
                        }[];
                        scrollDepth: {
                            pageviews: number;
                            reached: {
                                percent: number;
                                /** @description Pageviews scrolled at least this far */
                                pageviews: number;
                                rate: number;
                            }[];
                            /** @description Most viewed first, top 50 */
                            pages: {
                                path: string;
                                views: number;
                                /** @description Share of the path's views scrolled to 25 % */
                                reached25: number;
                                /** @description Share of the path's views scrolled to 50 % */
                                reached50: number;
                                /** @description Share of the path's views scrolled to 75 % */
                                reached75: number;
                                /** @description Share of the path's views scrolled to 90 % */
                                reached90: number;
                            }[];
                        };
                        /** @description Most clicks first, top 100 */
                        outboundLinks: {
                            href: string;
                            /** @description Sessions with at least one */
                            sessions: number;
                            /** @description Distinct visitors */
                            users: number;
                            clicks: number;
                        }[];
                        /** @description Most downloads first, top 100 */
                        downloads: {
                            href: string;
                            /** @description Sessions with at least one */
                            sessions: number;
                            /** @description Distinct visitors */
                            users: number;
                            downloads: number;
                        }[];
                        /** @description Most submits first, top 100 */
                        forms: {
                            /** @description Form id, name or action */
                            form: string;
                            submits: number;
                            /** @description Sessions with at least one */
                            sessions: number;
                            /** @description Distinct visitors */
                            users: number;
                        }[];
                        webVitals: {
                            overall: {
                                samples: number;
                                LCP: {
                                    /** @description 75th percentile (nearest rank): ms, whole; CLS unitless, 3 decimals */
                                    p75: number;
                                    samples: number;
                                    /** @enum {string} */
                                    rating: "good" | "needs_improvement" | "poor";
                                } | null;
                                INP: {
                                    /** @description 75th percentile (nearest rank): ms, whole; CLS unitless, 3 decimals */
                                    p75: number;
                                    samples: number;
                                    /** @enum {string} */
                                    rating: "good" | "needs_improvement" | "poor";
                                } | null;
                                CLS: {
                                    /** @description 75th percentile (nearest rank): ms, whole; CLS unitless, 3 decimals */
                                    p75: number;
                                    samples: number;
                                    /** @enum {string} */
                                    rating: "good" | "needs_improvement" | "poor";
                                } | null;
                                FCP: {
                                    /** @description 75th percentile (nearest rank): ms, whole; CLS unitless, 3 decimals */
                                    p75: number;
                                    samples: number;
                                    /** @enum {string} */
                                    rating: "good" | "needs_improvement" | "poor";
                                } | null;
                                TTFB: {
                                    /** @description 75th percentile (nearest rank): ms, whole; CLS unitless, 3 decimals */
                                    p75: number;
                                    samples: number;
                                    /** @enum {string} */
                                    rating: "good" | "needs_improvement" | "poor";
                                } | null;
                            };
                            /** @description Most samples first, top 100 */
                            pages: {
                                path: string;
                                samples: number;
                                LCP: {
                                    /** @description 75th percentile (nearest rank): ms, whole; CLS unitless, 3 decimals */
                                    p75: number;
                                    samples: number;
                                    /** @enum {string} */
                                    rating: "good" | "needs_improvement" | "poor";
                                } | null;
                                INP: {
                                    /** @description 75th percentile (nearest rank): ms, whole; CLS unitless, 3 decimals */
                                    p75: number;
                                    samples: number;
                                    /** @enum {string} */
                                    rating: "good" | "needs_improvement" | "poor";
                                } | null;
                                CLS: {
                                    /** @description 75th percentile (nearest rank): ms, whole; CLS unitless, 3 decimals */
                                    p75: number;
                                    samples: number;
                                    /** @enum {string} */
                                    rating: "good" | "needs_improvement" | "poor";
                                } | null;
                                FCP: {
                                    /** @description 75th percentile (nearest rank): ms, whole; CLS unitless, 3 decimals */
                                    p75: number;
                                    samples: number;
                                    /** @enum {string} */
                                    rating: "good" | "needs_improvement" | "poor";
                                } | null;
                                TTFB: {
                                    /** @description 75th percentile (nearest rank): ms, whole; CLS unitless, 3 decimals */
                                    p75: number;
                                    samples: number;
                                    /** @enum {string} */
                                    rating: "good" | "needs_improvement" | "poor";
                                } | null;
                            }[];
                        };
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiV1OrgsByOrgIdSitesBySiteIdAnalyticsAttribution: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
            };
            header?: never;
            path: {
                orgId: string;
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description YYYY-MM-DD, site timezone */
                        from: string;
                        /** @description YYYY-MM-DD, site timezone */
                        to: string;
                        /** @description Site timezone */
                        tz: string;
                        currency: string;
                        /** @description Sessions up to this many days before a converting session count as its touches */
                        lookbackDays: number;
                        totals: {
                            /** @description Fractional under linear (2 decimals) */
                            conversions: number;
                            /** @description Site currency */
                            revenue: number;
                        };
                        /** @description Per channel that received credit under any model; most last-touch conversions first */
                        rows: {
                            /** @description Channel */
                            key: string;
                            firstTouch: {
                                /** @description Fractional under linear (2 decimals) */
                                conversions: number;
                                /** @description Site currency */
                                revenue: number;
                            };
                            lastTouch: {
                                /** @description Fractional under linear (2 decimals) */
                                conversions: number;
                                /** @description Site currency */
                                revenue: number;
                            };
                            lastNonDirect: {
                                /** @description Fractional under linear (2 decimals) */
                                conversions: number;
                                /** @description Site currency */
                                revenue: number;
                            };
                            linear: {
                                /** @description Fractional under linear (2 decimals) */
                                conversions: number;
                                /** @description Site currency */
                                revenue: number;
                            };
                        }[];
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiV1OrgsByOrgIdSitesBySiteIdAnalyticsConversions: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
            };
            header?: never;
            path: {
                orgId: string;
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description YYYY-MM-DD, site timezone */
                        from: string;
                        /** @description YYYY-MM-DD, site timezone */
                        to: string;
                        /** @description Site timezone */
                        tz: string;
                        currency: string;
                        totals: {
                            conversions: number;
                            /** @description Site currency only */
                            revenue: number;
                        };
                        /** @description Most conversions first */
                        byName: {
                            name: string;
                            conversions: number;
                            /** @description Site currency only */
                            revenue: number;
                            sessions: number;
                            users: number;
                        }[];
                        byCurrency: {
                            currency: string;
                            conversions: number;
                            /** @description In that currency */
                            value: number;
                        }[];
                        /** @description Every day of the period */
                        series: {
                            /** @description YYYY-MM-DD, site timezone */
                            date: string;
                            conversions: number;
                            revenue: number;
                        }[];
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiV1OrgsByOrgIdSitesBySiteIdAnalyticsRealtime: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description When the report was made (UTC)
                         */
                        at: string;
                        /** @description Distinct visitors with an event in the last 5 minutes */
                        activeVisitors: number;
                        /** @description Distinct visitors in the last 30 minutes */
                        visitors: number;
                        /** @description Pageviews in the last 30 minutes */
                        pageviews: number;
                        /** @description 30 minutes, oldest first, the current minute last */
                        series: {
                            /** Format: date-time */
                            minute: string;
                            /** @description Distinct visitors in the last 30 minutes */
                            visitors: number;
                            pageviews: number;
                        }[];
                        /** @description Top 10 by visitors */
                        pages: {
                            path: string;
                            /** @description Distinct visitors in the last 30 minutes */
                            visitors: number;
                            pageviews: number;
                        }[];
                        /** @description Top 10 traffic sources by visitors */
                        sources: {
                            key: string;
                            /** @description Distinct visitors in the last 30 minutes */
                            visitors: number;
                            pageviews: number;
                        }[];
                        /** @description Top 10 by visitors */
                        countries: {
                            key: string;
                            /** @description Distinct visitors in the last 30 minutes */
                            visitors: number;
                            pageviews: number;
                        }[];
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiV1OrgsByOrgIdSitesBySiteIdFunnels: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The site's saved funnels, newest first */
                        data: {
                            id: string;
                            name: string;
                            steps: ({
                                /** @enum {string} */
                                kind: "page" | "event";
                                /** @description Shown in results; may be empty (the value or name is shown then) */
                                label?: string;
                                /**
                                 * @description page: case-sensitive; regex: at most 200 characters, no exponential-time patterns
                                 * @enum {string}
                                 */
                                match?: "equals" | "starts_with" | "contains" | "regex";
                                /** @description page: the path, or the pattern */
                                value?: string;
                                /**
                                 * @description event: event (a custom event) or conversion
                                 * @enum {string}
                                 */
                                eventType?: "event" | "conversion";
                                /** @description event: the event's or conversion's name */
                                name?: string;
                            } & (unknown & unknown & unknown))[];
                            /** @enum {string} */
                            mode: "closed" | "open";
                            /** @enum {string} */
                            scope: "session" | "user";
                            /** Format: date-time */
                            createdAt: string;
                        }[];
                        /** @description The plan has room for another funnel and the key's creator may save one (owner, admin, analyst); funnels are saved with the admin CLI */
                        canSave: boolean;
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postApiV1OrgsByOrgIdSitesBySiteIdFunnelsPreview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                siteId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** FunnelDefinition */
                    def: {
                        /** @description 1 to 100 characters */
                        name: string;
                        /** @description 2 to 10 steps */
                        steps: ({
                            /** @enum {string} */
                            kind: "page" | "event";
                            /** @description Shown in results; may be empty (the value or name is shown then) */
                            label?: string;
                            /**
                             * @description page: case-sensitive; regex: at most 200 characters, no exponential-time patterns
                             * @enum {string}
                             */
                            match?: "equals" | "starts_with" | "contains" | "regex";
                            /** @description page: the path, or the pattern */
                            value?: string;
                            /**
                             * @description event: event (a custom event) or conversion
                             * @enum {string}
                             */
                            eventType?: "event" | "conversion";
                            /** @description event: the event's or conversion's name */
                            name?: string;
                        } & (unknown & unknown & unknown))[];
                        /**
                         * @description closed (enter at step 1, steps in order) or open (enter at any step)
                         * @enum {string}
                         */
                        mode: "closed" | "open";
                        /**
                         * @description session (all steps in one session) or user (across a visitor's sessions in the range)
                         * @enum {string}
                         */
                        scope: "session" | "user";
                    };
                    /**
                     * Format: date
                     * @description A calendar date YYYY-MM-DD (a date in the years 2000 to 2100)
                     */
                    from?: string;
                    /**
                     * Format: date
                     * @description A calendar date YYYY-MM-DD (a date in the years 2000 to 2100)
                     */
                    to?: string;
                    /**
                     * @description Default none
                     * @enum {string}
                     */
                    breakdown?: "none" | "channel" | "device" | "country" | "source" | "campaign";
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        units: "sessions" | "users";
                        range: {
                            /** @description YYYY-MM-DD, site timezone */
                            from: string;
                            /** @description YYYY-MM-DD, site timezone */
                            to: string;
                            tz: string;
                        };
                        steps: {
                            label: string;
                            /** @description Units that entered the funnel at this step (closed funnels: all at step 1) */
                            entered: number;
                            /** @description Units that reached this step */
                            count: number;
                            pctOfStart: number;
                            /** @description Units that reached this step and not the next (0 at the last step) */
                            dropOff: number;
                            dropOffPct: number;
                            /** @description Median time from the previous step; null on step 1 or when no unit came from the previous step */
                            medianSeconds: number | null;
                        }[];
                        /** @description Units that entered the funnel (closed: the count at step 1) */
                        started: number;
                        /** @description The count at the last step */
                        completed: number;
                        /** @description completed / started */
                        conversionRate: number;
                        /** @description null unless a breakdown was asked for */
                        breakdown: {
                            /** @description channel, device, country, source, campaign */
                            dimension: string;
                            /** @description Most started first, top 25 */
                            rows: {
                                /** @description The group of the session in which the unit entered the funnel; (not set) when missing */
                                key: string;
                                steps: {
                                    label: string;
                                    /** @description Units that entered the funnel at this step (closed funnels: all at step 1) */
                                    entered: number;
                                    /** @description Units that reached this step */
                                    count: number;
                                    pctOfStart: number;
                                    /** @description Units that reached this step and not the next (0 at the last step) */
                                    dropOff: number;
                                    dropOffPct: number;
                                    /** @description Median time from the previous step; null on step 1 or when no unit came from the previous step */
                                    medianSeconds: number | null;
                                }[];
                                /** @description Units that entered the funnel (closed: the count at step 1) */
                                started: number;
                                /** @description The count at the last step */
                                completed: number;
                                /** @description completed / started */
                                conversionRate: number;
                            }[];
                        } | null;
                        /** @description Always false: every unit is counted */
                        sampled: boolean;
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiV1OrgsByOrgIdSitesBySiteIdFunnelsById: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
                breakdown?: "none" | "channel" | "device" | "country" | "source" | "campaign";
            };
            header?: never;
            path: {
                orgId: string;
                siteId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        units: "sessions" | "users";
                        range: {
                            /** @description YYYY-MM-DD, site timezone */
                            from: string;
                            /** @description YYYY-MM-DD, site timezone */
                            to: string;
                            tz: string;
                        };
                        steps: {
                            label: string;
                            /** @description Units that entered the funnel at this step (closed funnels: all at step 1) */
                            entered: number;
                            /** @description Units that reached this step */
                            count: number;
                            pctOfStart: number;
                            /** @description Units that reached this step and not the next (0 at the last step) */
                            dropOff: number;
                            dropOffPct: number;
                            /** @description Median time from the previous step; null on step 1 or when no unit came from the previous step */
                            medianSeconds: number | null;
                        }[];
                        /** @description Units that entered the funnel (closed: the count at step 1) */
                        started: number;
                        /** @description The count at the last step */
                        completed: number;
                        /** @description completed / started */
                        conversionRate: number;
                        /** @description null unless a breakdown was asked for */
                        breakdown: {
                            /** @description channel, device, country, source, campaign */
                            dimension: string;
                            /** @description Most started first, top 25 */
                            rows: {
                                /** @description The group of the session in which the unit entered the funnel; (not set) when missing */
                                key: string;
                                steps: {
                                    label: string;
                                    /** @description Units that entered the funnel at this step (closed funnels: all at step 1) */
                                    entered: number;
                                    /** @description Units that reached this step */
                                    count: number;
                                    pctOfStart: number;
                                    /** @description Units that reached this step and not the next (0 at the last step) */
                                    dropOff: number;
                                    dropOffPct: number;
                                    /** @description Median time from the previous step; null on step 1 or when no unit came from the previous step */
                                    medianSeconds: number | null;
                                }[];
                                /** @description Units that entered the funnel (closed: the count at step 1) */
                                started: number;
                                /** @description The count at the last step */
                                completed: number;
                                /** @description completed / started */
                                conversionRate: number;
                            }[];
                        } | null;
                        /** @description Always false: every unit is counted */
                        sampled: boolean;
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postApiV1OrgsByOrgIdSitesBySiteIdExplore: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                siteId: string;
            };
            cookie?: never;
        };
        /** @description kind and the object named after it */
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    kind: "query" | "segments" | "retention" | "paths";
                    /**
                     * Format: date
                     * @description A calendar date YYYY-MM-DD (a date in the years 2000 to 2100)
                     */
                    from?: string;
                    /**
                     * Format: date
                     * @description A calendar date YYYY-MM-DD (a date in the years 2000 to 2100)
                     */
                    to?: string;
                    query?: {
                        /** @description One or more metrics; rows are sorted by the first */
                        metrics: ("users" | "newUsers" | "sessions" | "pageviews" | "engagementRate" | "bounceRate" | "avgEngagedSeconds" | "pagesPerSession" | "conversions" | "conversionRate" | "revenue")[];
                        /** @enum {string} */
                        dimension: "landing" | "channel" | "source" | "medium" | "campaign" | "term" | "content" | "browser" | "os" | "device" | "country" | "region" | "city" | "language" | "visitor" | "date";
                        filters?: ({
                            /** @enum {string} */
                            dim: "landing" | "channel" | "source" | "medium" | "campaign" | "term" | "content" | "browser" | "os" | "device" | "country" | "region" | "city" | "language" | "visitor" | "date";
                            /**
                             * @description is/is_not/in compare exactly; contains/not_contains/starts_with ignore case
                             * @enum {string}
                             */
                            op: "is" | "is_not" | "contains" | "not_contains" | "starts_with" | "in";
                            /** @description A string; a non-empty list of strings for `in` */
                            value: string | string[];
                        } & unknown)[];
                        /** @description Rows returned, default 50 */
                        limit?: number;
                    };
                    segments?: {
                        /** @description One or more metrics */
                        metrics: ("users" | "newUsers" | "sessions" | "pageviews" | "engagementRate" | "bounceRate" | "avgEngagedSeconds" | "pagesPerSession" | "conversions" | "conversionRate" | "revenue")[];
                        list: {
                            name: string;
                            filters?: ({
                                /** @enum {string} */
                                dim: "landing" | "channel" | "source" | "medium" | "campaign" | "term" | "content" | "browser" | "os" | "device" | "country" | "region" | "city" | "language" | "visitor" | "date";
                                /**
                                 * @description is/is_not/in compare exactly; contains/not_contains/starts_with ignore case
                                 * @enum {string}
                                 */
                                op: "is" | "is_not" | "contains" | "not_contains" | "starts_with" | "in";
                                /** @description A string; a non-empty list of strings for `in` */
                                value: string | string[];
                            } & unknown)[];
                        }[];
                    };
                    retention?: {
                        /**
                         * @description week (ISO, Monday first) or month
                         * @enum {string}
                         */
                        period: "week" | "month";
                        /** @description Periods per cohort; default 12 weeks or 6 months */
                        periods?: number;
                    };
                    paths?: {
                        /** FunnelStep */
                        start: {
                            /** @enum {string} */
                            kind: "page" | "event";
                            /** @description Shown in results; may be empty (the value or name is shown then) */
                            label?: string;
                            /**
                             * @description page: case-sensitive; regex: at most 200 characters, no exponential-time patterns
                             * @enum {string}
                             */
                            match?: "equals" | "starts_with" | "contains" | "regex";
                            /** @description page: the path, or the pattern */
                            value?: string;
                            /**
                             * @description event: event (a custom event) or conversion
                             * @enum {string}
                             */
                            eventType?: "event" | "conversion";
                            /** @description event: the event's or conversion's name */
                            name?: string;
                        } & (unknown & unknown & unknown);
                        /** @description Steps after the start */
                        depth: number;
                        /** @description Branches kept per node, default 5 */
                        branches?: number;
                    };
                } & (unknown & unknown & unknown & unknown);
            };
        };
        responses: {
            /** @description The shape of the requested kind */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description YYYY-MM-DD, site timezone */
                        from: string;
                        /** @description YYYY-MM-DD, site timezone */
                        to: string;
                        tz: string;
                        /** @description `key` plus one number per requested metric */
                        rows: ({
                            /** @description The row's value of the dimension */
                            key: string;
                        } & {
                            [key: string]: number;
                        })[];
                        /** @description One number per requested metric, over all rows (not only those returned) */
                        totals: {
                            [key: string]: number;
                        };
                    } | {
                        /** @description YYYY-MM-DD, site timezone */
                        from: string;
                        /** @description YYYY-MM-DD, site timezone */
                        to: string;
                        tz: string;
                        segments: {
                            name: string;
                            /** @description One number per requested metric */
                            totals: {
                                [key: string]: number;
                            };
                            /** @description Every day: `date` plus one number per metric */
                            series: ({
                                /** @description YYYY-MM-DD, site timezone */
                                date: string;
                            } & {
                                [key: string]: number;
                            })[];
                        }[];
                    } | {
                        /** @description YYYY-MM-DD, site timezone */
                        from: string;
                        /** @description YYYY-MM-DD, site timezone */
                        to: string;
                        tz: string;
                        /** @enum {string} */
                        period: "week" | "month";
                        /** @description Oldest first */
                        cohorts: {
                            /** @description YYYY-MM-DD, site timezone */
                            cohort: string;
                            /** @description Visitors whose first session started in the cohort's period (within from/to) */
                            size: number;
                            /** @description Periods that have begun, in order */
                            periods: {
                                /** @description 0: the cohort's own period */
                                period: number;
                                visitors: number;
                                rate: number;
                            }[];
                        }[];
                    } | {
                        /** @description YYYY-MM-DD, site timezone */
                        from: string;
                        /** @description YYYY-MM-DD, site timezone */
                        to: string;
                        tz: string;
                        start: {
                            label: string;
                            /** @description Sessions of the range with the start */
                            sessions: number;
                        };
                        tree: {
                            /** @description A page path, (exit) or (other) */
                            step: string;
                            sessions: number;
                            /** @description The biggest branches, then (other) */
                            children: {
                                /** @description A page path, (exit) or (other) */
                                step: string;
                                sessions: number;
                                /** @description The biggest branches, then (other) */
                                children: {
                                    /** @description A page path, (exit) or (other) */
                                    step: string;
                                    sessions: number;
                                    /** @description The biggest branches, then (other) */
                                    children: {
                                        /** @description A page path, (exit) or (other) */
                                        step: string;
                                        sessions: number;
                                        /** @description The biggest branches, then (other) */
                                        children: {
                                            /** @description A page path, (exit) or (other) */
                                            step: string;
                                            sessions: number;
                                            /** @description The biggest branches, then (other) */
                                            children: unknown[];
                                        }[];
                                    }[];
                                }[];
                            }[];
                        }[];
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiV1OrgsByOrgIdSitesBySiteIdVisitors: {
        parameters: {
            query?: {
                view?: "recent" | "hot" | "identified" | "customers";
                tier?: "cold" | "warm" | "hot" | "very_hot";
                stage?: "anonymous" | "engaged" | "lead" | "customer";
                channel?: string;
                campaign?: string;
                minScore?: number;
                q?: string;
                from?: string;
                to?: string;
                page?: number;
            };
            header?: never;
            path: {
                orgId: string;
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** Format: uuid */
                            visitorId: string;
                            /** @description From the visitor's latest lead; masked without analytics.pii.read */
                            name: string | null;
                            /** @description From the visitor's latest lead; masked (first character, then ***) without analytics.pii.read */
                            email: string | null;
                            leadScore: number;
                            /** @enum {string} */
                            tier: "cold" | "warm" | "hot" | "very_hot";
                            /** @enum {string} */
                            stage: "anonymous" | "engaged" | "lead" | "customer";
                            sessions: number;
                            pageviews: number;
                            conversions: number;
                            /** @description Site currency */
                            revenue: number;
                            /** @description ISO alpha-2 of the latest session */
                            country: string | null;
                            /** @description Of the latest session */
                            device: string | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            firstSeenAt: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            lastSeenAt: string;
                            /** @description (direct) and (not set) stand for no source and no campaign */
                            firstTouch: {
                                channel: string;
                                source: string;
                                campaign: string;
                            };
                            /** @description (direct) and (not set) stand for no source and no campaign */
                            lastTouch: {
                                channel: string;
                                source: string;
                                campaign: string;
                            };
                        }[];
                        total: number;
                        page: number;
                        pages: number;
                        /** @description Visitors per tier, over the list filtered by everything but tier */
                        tiers: {
                            cold: number;
                            warm: number;
                            hot: number;
                            very_hot: number;
                        };
                        /** @description Visitors per stage, over the list filtered by everything but stage */
                        stages: {
                            anonymous: number;
                            engaged: number;
                            lead: number;
                            customer: number;
                        };
                        currency: string;
                        /** @description False for API keys: exporting people needs an interactive two-factor session */
                        canExport: boolean;
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiV1OrgsByOrgIdSitesBySiteIdVisitorsByVisitorId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                siteId: string;
                visitorId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        visitorId: string;
                        /** @description Every visitor id linked to the same person by identify() user ids (a lead's e-mail links no visitor); this one first */
                        visitorIds: string[];
                        /** @description The identify() user id */
                        userId: string | null;
                        /** @description From the person's latest lead; masked without analytics.pii.read */
                        name: string | null;
                        /** @description Masked without analytics.pii.read */
                        email: string | null;
                        leadScore: number;
                        tier: string;
                        stage: string;
                        /** @description What the score is made of (docs/people.md) */
                        reasons: {
                            factor: string;
                            points: number;
                            detail: string;
                        }[];
                        /** @description The score as each session ended, oldest first */
                        scoreHistory: {
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            at: string;
                            score: number;
                            tier: string;
                        }[];
                        /**
                         * Format: date-time
                         * @description ISO 8601, UTC
                         */
                        firstSeenAt: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601, UTC
                         */
                        lastSeenAt: string;
                        totals: {
                            sessions: number;
                            pageviews: number;
                            engagedSeconds: number;
                            conversions: number;
                            revenue: number;
                        };
                        currency: string;
                        /** @description Newest first, the latest 100 */
                        sessions: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            visitorId: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            startedAt: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            lastAt: string;
                            pageviews: number;
                            engagedSeconds: number;
                            engaged: boolean;
                            conversions: number;
                            revenue: number;
                            channel: string;
                            /** @description Without marketing consent only the channel is kept */
                            source: string | null;
                            medium: string | null;
                            campaign: string | null;
                            /** @description Referrer host */
                            referrer: string | null;
                            landing: string | null;
                            exit: string | null;
                            device: string | null;
                            browser: string | null;
                            os: string | null;
                            country: string | null;
                            region: string | null;
                            city: string | null;
                            /** @description Pageviews in time order */
                            pages: {
                                path: string;
                                title: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601, UTC
                                 */
                                at: string;
                            }[];
                        }[];
                        campaigns: {
                            campaign: string;
                            source: string;
                            medium: string;
                            sessions: number;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            firstAt: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            lastAt: string;
                        }[];
                        /** @description Newest first */
                        conversions: {
                            name: string;
                            value: number;
                            currency: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            at: string;
                            /** Format: uuid */
                            sessionId: string;
                        }[];
                        /** @description Newest first */
                        leads: {
                            id: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            createdAt: string;
                            /** @enum {string} */
                            source: "popup" | "spin" | "form" | "newsletter" | "onetap" | "api" | "connector";
                            sourceName: string;
                            /** @description Masked without analytics.pii.read */
                            name: string | null;
                            /** @description Masked without analytics.pii.read */
                            email: string | null;
                            /** @description Masked without analytics.pii.read */
                            phone: string | null;
                            /** @description Masked without analytics.pii.read */
                            company: string | null;
                            /** @description [hidden] without analytics.pii.read */
                            message: string | null;
                            /** @description Page path */
                            path: string | null;
                            /** @description ISO alpha-2 */
                            country: string | null;
                            channel: string | null;
                            campaign: string | null;
                            /** @description source / medium */
                            sourceMedium: string | null;
                        }[];
                        /** @description True when unmasked contact details are included */
                        pii: boolean;
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiV1OrgsByOrgIdSitesBySiteIdLeads: {
        parameters: {
            query?: {
                source?: "popup" | "spin" | "form" | "newsletter" | "onetap" | "api" | "connector";
                campaign?: string;
                q?: string;
                from?: string;
                to?: string;
                page?: number;
                format?: "json" | "csv";
            };
            header?: never;
            path: {
                orgId: string;
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    /** @description `attachment; filename=…` on the file answer */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            createdAt: string;
                            /** @enum {string} */
                            source: "popup" | "spin" | "form" | "newsletter" | "onetap" | "api" | "connector";
                            sourceName: string;
                            /** @description Masked without analytics.pii.read */
                            name: string | null;
                            /** @description Masked without analytics.pii.read */
                            email: string | null;
                            /** @description Masked without analytics.pii.read */
                            phone: string | null;
                            /** @description Masked without analytics.pii.read */
                            company: string | null;
                            /** @description [hidden] without analytics.pii.read */
                            message: string | null;
                            /** @description Page path */
                            path: string | null;
                            /** @description ISO alpha-2 */
                            country: string | null;
                            channel: string | null;
                            campaign: string | null;
                            /** @description source / medium */
                            sourceMedium: string | null;
                        }[];
                        total: number;
                        page: number;
                        pages: number;
                        /** @description Leads per source present, over the list filtered by everything but source */
                        bySource: {
                            [key: string]: number;
                        };
                        /** @description True when unmasked contact details are included */
                        pii: boolean;
                        /** @description False for API keys */
                        canExport: boolean;
                    };
                    "text/csv": string;
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiV1OrgsByOrgIdSitesBySiteIdPopups: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description true for a dashboard session of an owner or admin (they change popups and wheels with the admin CLI); always false for an API key */
                        canManage: boolean;
                        /** @description Newest first, archived ones included */
                        items: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            status: "draft" | "active" | "paused" | "archived";
                            /** @enum {string} */
                            layout: "modal" | "slide_in" | "bar" | "fullscreen";
                            /**
                             * @description The first trigger's kind
                             * @enum {string}
                             */
                            trigger: "exit_intent" | "scroll" | "time_on_page" | "inactivity" | "pageviews" | "click" | "immediately";
                            /** @description It asks for a lead */
                            leadForm: boolean;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            updatedAt: string;
                            /** @description Views in the last 28 days (site timezone) */
                            views: number;
                            /** @description Visitors who became its leads in the last 28 days */
                            leads: number;
                        }[];
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiV1OrgsByOrgIdSitesBySiteIdPopupsById: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
            };
            header?: never;
            path: {
                orgId: string;
                siteId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        popup: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            status: "draft" | "active" | "paused" | "archived";
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            updatedAt: string;
                            /** PopupDefinition */
                            definition: {
                                name: string;
                                /** @enum {string} */
                                layout: "modal" | "slide_in" | "bar" | "fullscreen";
                                /**
                                 * PopupContent
                                 * @description Plain text (shown as text, never as HTML) and colours
                                 */
                                content: {
                                    title: string;
                                    text: string;
                                    /** @description https:// only */
                                    imageUrl: string | null;
                                    imageAlt: string;
                                    button: string;
                                    /** @description https:// or a path on the site */
                                    buttonUrl: string | null;
                                    colors: {
                                        /** @description #rrggbb */
                                        background: string;
                                        /** @description #rrggbb */
                                        text: string;
                                        /** @description #rrggbb */
                                        button: string;
                                        /** @description #rrggbb */
                                        buttonText: string;
                                    };
                                };
                                /**
                                 * LeadForm
                                 * @description null: no form (the button links to buttonUrl, or closes)
                                 */
                                form: {
                                    /** @description Asked for, in order; email always among them */
                                    fields: ("email" | "name" | "phone" | "company" | "message")[];
                                    /** @description Of fields, the ones that must be filled; email always */
                                    required: ("email" | "name" | "phone" | "company" | "message")[];
                                    /** @description A consent checkbox; its text is stored with every lead that ticks it */
                                    consent: {
                                        text: string;
                                        required: boolean;
                                    } | null;
                                    submitLabel: string;
                                    successText: string;
                                } | null;
                                triggers: {
                                    /** @enum {string} */
                                    kind: "exit_intent" | "scroll" | "time_on_page" | "inactivity" | "pageviews" | "click" | "immediately";
                                    /**
                                     * @description exit_intent: what stands for it without a pointer
                                     * @enum {string}
                                     */
                                    mobile?: "scroll_up" | "none";
                                    /** @description scroll */
                                    percent?: number;
                                    /** @description time_on_page, inactivity */
                                    seconds?: number;
                                    /** @description pageviews: in the tab's session, this one included */
                                    count?: number;
                                    /** @description click: a CSS selector */
                                    selector?: string;
                                }[];
                                /**
                                 * Targeting
                                 * @description AND-ed; an empty list does not restrict
                                 */
                                targeting: {
                                    /** @description The page's path matches one of these (empty: any page) */
                                    paths: {
                                        /** @enum {string} */
                                        match: "equals" | "starts_with" | "contains" | "regex";
                                        /** @description case-sensitive; regex at most 200 characters */
                                        value: string;
                                    }[];
                                    excludePaths: {
                                        /** @enum {string} */
                                        match: "equals" | "starts_with" | "contains" | "regex";
                                        /** @description case-sensitive; regex at most 200 characters */
                                        value: string;
                                    }[];
                                    devices: ("desktop" | "mobile" | "tablet")[];
                                    /** @enum {string} */
                                    visitor: "any" | "new" | "returning";
                                    channels: string[];
                                    campaigns: string[];
                                    countries: string[];
                                };
                                frequency: {
                                    /** @enum {string} */
                                    show: "every_page" | "once_per_session" | "every_n_days";
                                    /** @description every_n_days only */
                                    days: number | null;
                                    stopAfterClose: boolean;
                                    stopAfterConvert: boolean;
                                    maxViews: number | null;
                                };
                                /** Format: date-time */
                                startAt: string | null;
                                /** Format: date-time */
                                endAt: string | null;
                                /** @description Empty: no test; otherwise 2 to 5 */
                                variants: {
                                    /** @description Unique; holdout is reserved; the first variant is the control when there is no holdout */
                                    key: string;
                                    name: string;
                                    weight: number;
                                    /** @enum {string} */
                                    layout?: "modal" | "slide_in" | "bar" | "fullscreen";
                                    content?: {
                                        title?: string;
                                        text?: string;
                                        /** @description https:// only */
                                        imageUrl?: string | null;
                                        imageAlt?: string;
                                        button?: string;
                                        /** @description https:// or a path on the site */
                                        buttonUrl?: string | null;
                                        colors?: {
                                            /** @description #rrggbb */
                                            background: string;
                                            /** @description #rrggbb */
                                            text: string;
                                            /** @description #rrggbb */
                                            button: string;
                                            /** @description #rrggbb */
                                            buttonText: string;
                                        };
                                    };
                                }[];
                                /** @description Percent of visitors shown nothing, kept as the baseline */
                                holdout: number;
                            };
                        };
                        /** @description YYYY-MM-DD, site timezone */
                        from: string;
                        /** @description YYYY-MM-DD, site timezone */
                        to: string;
                        /** @description Views in the period (held-out visitors see nothing) */
                        views: number;
                        closes: number;
                        /** @description Of `visitors`, those who became its lead before the period ended */
                        leads: number;
                        /** @description Visitors who first saw it in the period */
                        visitors: number;
                        /** @description leads / visitors */
                        conversionRate: number;
                        /** @description Conversions and revenue of the visitors who saw it, from their first view on (the session of the view counts from the view), within the period */
                        downstream: {
                            /** @description Of `visitors`, those with a conversion from their first view on, within the period */
                            visitors: number;
                            conversions: number;
                            /** @description In the site currency */
                            revenue: number;
                            currency: string;
                        };
                        /**
                         * AbTest
                         * @description null without variants or holdout
                         */
                        test: {
                            /** @description The lead-rate test's control, the first variant; null without variants */
                            control: string | null;
                            /** @description Visitors every arm needs before a verdict */
                            minSample: number;
                            /** @description The lead-rate test: the variants only (held-out visitors cannot become leads), the control first; empty without variants */
                            variants: {
                                /** @description Variant key */
                                key: string;
                                name: string;
                                /** @description The variant's configured share of all the popup's visitors (holdout included), in percent */
                                weight: number;
                                n: number;
                                leads: number;
                                rate: number;
                                /** @description Wilson score 95 % interval of the rate */
                                ci: number[];
                                /** @description Relative to the control's rate; null for the control itself, or when its rate is 0 */
                                uplift: number | null;
                                /** @description Pooled two-proportion z-test against the control, two-sided; null for the control */
                                pValue: number | null;
                                /** @description Holm-corrected over the comparisons with the control; null for the control */
                                pAdjusted: number | null;
                            }[];
                            /** @description Over every arm, holdout included, against the configured shares */
                            srm: {
                                pValue: number;
                                /** @description Sample-ratio mismatch (chi-square p < 0.001): no verdict is trusted */
                                mismatch: boolean;
                            };
                            /**
                             * @description The lead-rate test's; null without variants
                             * @enum {string|null}
                             */
                            verdict: "collecting" | "winner" | "no_difference" | null;
                            winner: string | null;
                            /**
                             * HoldoutTest
                             * @description Does showing the popup change how many visitors convert afterwards? Converted visitors against the held-out ones
                             */
                            holdout: {
                                /** @description The holdout (the baseline) first */
                                arms: {
                                    /** @description holdout, then each variant's key, or shown for a popup without variants */
                                    key: string;
                                    name: string;
                                    /** @description Visitors first assigned to the arm in the period (held out, or shown it) */
                                    n: number;
                                    /** @description Of `n`, those with a conversion from their first assignment on, within the period */
                                    converted: number;
                                    rate: number;
                                    /** @description Wilson score 95 % interval of the rate */
                                    ci: number[];
                                    /** @description Relative to the holdout's rate; null for the holdout itself, or when its rate is 0 */
                                    uplift: number | null;
                                    /** @description Pooled two-proportion z-test against the holdout, two-sided; null for the holdout */
                                    pValue: number | null;
                                    /** @description Holm-corrected over the comparisons with the holdout; null for the holdout */
                                    pAdjusted: number | null;
                                }[];
                                /**
                                 * @description winner: an arm converts better than the holdout; holdout_better: every arm converts worse than it
                                 * @enum {string}
                                 */
                                verdict: "collecting" | "winner" | "no_difference" | "holdout_better";
                                /** @description The arm that converts best, when better than the holdout */
                                winner: string | null;
                            } | null;
                        } | null;
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiV1OrgsByOrgIdSitesBySiteIdSpins: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description true for a dashboard session of an owner or admin (they change popups and wheels with the admin CLI); always false for an API key */
                        canManage: boolean;
                        /** @description Newest first, archived ones included */
                        items: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            status: "draft" | "active" | "paused" | "archived";
                            slices: number;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            updatedAt: string;
                            /** @description Spins in the last 28 days */
                            spins: number;
                            /** @description Leads its spins made in the last 28 days */
                            leads: number;
                        }[];
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiV1OrgsByOrgIdSitesBySiteIdSpinsById: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
            };
            header?: never;
            path: {
                orgId: string;
                siteId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        wheel: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            status: "draft" | "active" | "paused" | "archived";
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            updatedAt: string;
                            /** WheelDefinition */
                            definition: {
                                name: string;
                                title: string;
                                text: string;
                                /** @description Coupon-pool codes are never shown */
                                slices: {
                                    label: string;
                                    /** @enum {string} */
                                    prize: "coupon_pool" | "static_code" | "none";
                                    /** @description static_code: the code every winner of the slice gets */
                                    code: string | null;
                                    /** @description Relative, among the slices that still have stock */
                                    weight: number;
                                    /** @description How many times it can be won; null: unlimited */
                                    stock: number | null;
                                    /** @description #rrggbb */
                                    color: string;
                                }[];
                                /** LeadForm */
                                form: {
                                    /** @description Asked for, in order; email always among them */
                                    fields: ("email" | "name" | "phone" | "company" | "message")[];
                                    /** @description Of fields, the ones that must be filled; email always */
                                    required: ("email" | "name" | "phone" | "company" | "message")[];
                                    /** @description A consent checkbox; its text is stored with every lead that ticks it */
                                    consent: {
                                        text: string;
                                        required: boolean;
                                    } | null;
                                    submitLabel: string;
                                    successText: string;
                                };
                                /** @description Days a won code stays valid; null: no expiry */
                                couponDays: number | null;
                                triggers: {
                                    /** @enum {string} */
                                    kind: "exit_intent" | "scroll" | "time_on_page" | "inactivity" | "pageviews" | "click" | "immediately";
                                    /**
                                     * @description exit_intent: what stands for it without a pointer
                                     * @enum {string}
                                     */
                                    mobile?: "scroll_up" | "none";
                                    /** @description scroll */
                                    percent?: number;
                                    /** @description time_on_page, inactivity */
                                    seconds?: number;
                                    /** @description pageviews: in the tab's session, this one included */
                                    count?: number;
                                    /** @description click: a CSS selector */
                                    selector?: string;
                                }[];
                                /**
                                 * Targeting
                                 * @description AND-ed; an empty list does not restrict
                                 */
                                targeting: {
                                    /** @description The page's path matches one of these (empty: any page) */
                                    paths: {
                                        /** @enum {string} */
                                        match: "equals" | "starts_with" | "contains" | "regex";
                                        /** @description case-sensitive; regex at most 200 characters */
                                        value: string;
                                    }[];
                                    excludePaths: {
                                        /** @enum {string} */
                                        match: "equals" | "starts_with" | "contains" | "regex";
                                        /** @description case-sensitive; regex at most 200 characters */
                                        value: string;
                                    }[];
                                    devices: ("desktop" | "mobile" | "tablet")[];
                                    /** @enum {string} */
                                    visitor: "any" | "new" | "returning";
                                    channels: string[];
                                    campaigns: string[];
                                    countries: string[];
                                };
                                colors: {
                                    /** @description #rrggbb */
                                    background: string;
                                    /** @description #rrggbb */
                                    text: string;
                                    /** @description #rrggbb */
                                    button: string;
                                    /** @description #rrggbb */
                                    buttonText: string;
                                };
                                /** Format: date-time */
                                startAt: string | null;
                                /** Format: date-time */
                                endAt: string | null;
                            };
                        };
                        /** @description YYYY-MM-DD, site timezone */
                        from: string;
                        /** @description YYYY-MM-DD, site timezone */
                        to: string;
                        spins: number;
                        leads: number;
                        /** @description One per slice, in the wheel's order */
                        prizes: {
                            slice: number;
                            label: string;
                            /** @enum {string} */
                            prize: "coupon_pool" | "static_code" | "none";
                            weight: number;
                            /** @description Spins that landed on it in the period */
                            awarded: number;
                            /** @description Now; null: unlimited */
                            stockLeft: number | null;
                            /** @description coupon_pool: free codes now; null for other prizes */
                            codesLeft: number | null;
                        }[];
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiV1OrgsByOrgIdSitesBySiteIdCookies: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Violations first (low-evidence ones after the others), then marketing, analytics, personalization, unknown, necessary; then by name */
                        items: {
                            /** @description ck_ + 16 hex of SHA-256 of kind:name; stable across scans */
                            id: string;
                            name: string;
                            /** @enum {string} */
                            kind: "cookie" | "storage" | "host";
                            host: string;
                            /** @enum {string} */
                            category: "necessary" | "analytics" | "marketing" | "personalization" | "unknown";
                            vendor: string;
                            purpose: string;
                            /** @description A classified non-necessary item still seen before the consent its category needs */
                            violation: boolean;
                            /** @description A violation only visits report (the latest scan's first pass did not see it), from fewer than 3 distinct visitors before consent: possibly forged, not yet confirmed */
                            lowEvidence: boolean;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            lastSeenAt: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            firstSeenAt: string;
                            /**
                             * @description How it was classified
                             * @enum {string}
                             */
                            match: "override" | "builtin" | "name" | "prefix" | "host" | "none";
                            sources: ("visits" | "scan")[];
                            /**
                             * InventoryEvidence
                             * @description The first time the item was seen before consent
                             */
                            evidence: {
                                /** @enum {string} */
                                source: "visits" | "scan";
                                /** @description The page's URL */
                                page: string;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601, UTC
                                 */
                                at: string;
                                consent: {
                                    analytics: boolean;
                                    marketing: boolean;
                                };
                            } | null;
                            /** @description The latest done scan found it only after accepting all */
                            gated: boolean;
                            /** @description Cookies the scanner found: HttpOnly or not; null otherwise */
                            httpOnly: boolean | null;
                            /**
                             * @description new: the latest done scan found it, the one before did not
                             * @enum {string|null}
                             */
                            change: "new" | null;
                        }[];
                        summary: {
                            total: number;
                            unknown: number;
                            violations: number;
                            /** @description Violations marked lowEvidence (counted in violations too) */
                            lowEvidence: number;
                            /** @description Items visits reported that the site's inventory did not keep: it holds at most 1000 items */
                            dropped: number;
                            byCategory: {
                                necessary: number;
                                analytics: number;
                                marketing: number;
                                personalization: number;
                                unknown: number;
                            };
                        };
                        /** CookieScan */
                        scan: {
                            /** @enum {string} */
                            status: "none" | "queued" | "running" | "done" | "failed";
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            startedAt: string | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            finishedAt: string | null;
                            pages: number;
                            found: number;
                            error: string | null;
                            /** @enum {string|null} */
                            trigger: "cli" | "dashboard" | "schedule" | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            itemsFrom: string | null;
                        };
                        /** @description Found by the previous done scan, not by the latest, and not seen by visits since it started */
                        removed: {
                            name: string;
                            /** @enum {string} */
                            kind: "cookie" | "storage" | "host";
                            host: string;
                            /** @enum {string} */
                            category: "necessary" | "analytics" | "marketing" | "personalization" | "unknown";
                            vendor: string;
                        }[];
                        /** @description true for a dashboard session of an owner or admin (they scan and classify); always false for an API key */
                        canManage: boolean;
                        /** @description Where the scanner starts */
                        defaultUrl: string;
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiV1OrgsByOrgIdSitesBySiteIdConsent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description opt-in: nothing persistent until accepted (the banner asks); opt-out: granted until declined (the banner informs); none: no banner, the page reports consent itself
                         * @enum {string}
                         */
                        mode: "opt-in" | "opt-out" | "none";
                        /** @description The categories the banner offers; one not offered is never granted by the banner */
                        categories: ("analytics" | "marketing")[];
                        /**
                         * @description respect: a Do-Not-Track browser is a refusal without a banner; ignore: it is not
                         * @enum {string}
                         */
                        dnt: "respect" | "ignore";
                        /**
                         * @description respect: a Global Privacy Control browser is a refusal without a banner; ignore: it is not
                         * @enum {string}
                         */
                        gpc: "respect" | "ignore";
                        /** @description The privacy policy the banner links to (http or https), or null */
                        policyUrl: string | null;
                        /** @description Where the scanner starts: http(s) on a verified domain of the site; null for https://<site domain>/ */
                        defaultUrl: string | null;
                        /** @description The language whose texts a browser gets when none of its languages has texts */
                        defaultLanguage: string;
                        /** @description Banner texts by lower-case BCP 47 language tag (at most 30); the banner uses the first of the browser's languages with texts, by full tag then primary subtag, else defaultLanguage */
                        texts: {
                            [key: string]: {
                                /** @description The banner's heading */
                                title: string;
                                /** @description The banner's explanation */
                                text: string;
                                /** @description The accept-all button */
                                accept: string;
                                /** @description The decline button */
                                reject: string;
                                /** @description The button that opens the category choices */
                                preferences: string;
                                /** @description The button that saves the category choices */
                                save: string;
                                /** @description The analytics checkbox's label */
                                analyticsLabel: string;
                                /** @description The marketing checkbox's label */
                                marketingLabel: string;
                                /** @description The privacy policy link's text (shown when policyUrl is set) */
                                policyLabel: string;
                            };
                        };
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiV1OrgsByOrgIdSitesBySiteIdInsightsMarketing: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
                model?: "first_touch" | "last_touch" | "last_non_direct" | "linear";
            };
            header?: never;
            path: {
                orgId: string;
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        from: string;
                        to: string;
                        tz: string;
                        currency: string;
                        /** @enum {string} */
                        model: "first_touch" | "last_touch" | "last_non_direct" | "linear";
                        platforms: {
                            /** @enum {string} */
                            platform: "google_ads" | "meta_ads" | "microsoft_ads" | "linkedin_ads" | "tiktok_ads" | "other";
                            /** @enum {string} */
                            state: "not_connected" | "import";
                            /** Format: date-time */
                            lastSyncAt: string | null;
                        }[];
                        channels: {
                            /** @description Channel (GA4 default grouping); null on totals */
                            channel: string | null;
                            /** @description Campaign name as matched; null on channel rows and totals */
                            campaign: string | null;
                            /** @enum {string|null} */
                            platform: "google_ads" | "meta_ads" | "microsoft_ads" | "linkedin_ads" | "tiktok_ads" | "other" | null;
                            /** @description The spend's currency: the site's, except in otherCurrencies */
                            currency: string;
                            spend: number;
                            impressions: number;
                            clicks: number;
                            /** @description The platform's own count, beside ours, never added */
                            platformConversions: number;
                            platformConversionValue: number;
                            sessions: number;
                            engagedSessions: number;
                            leads: number;
                            /** @description Credited by the model (linear gives fractions) */
                            conversions: number;
                            revenue: number;
                            /** @description spend / clicks */
                            cpc: number | null;
                            /** @description spend / leads */
                            cpl: number | null;
                            /** @description spend / conversions */
                            cpa: number | null;
                            /** @description revenue / spend */
                            roas: number | null;
                        }[];
                        campaigns: {
                            /** @description Channel (GA4 default grouping); null on totals */
                            channel: string | null;
                            /** @description Campaign name as matched; null on channel rows and totals */
                            campaign: string | null;
                            /** @enum {string|null} */
                            platform: "google_ads" | "meta_ads" | "microsoft_ads" | "linkedin_ads" | "tiktok_ads" | "other" | null;
                            /** @description The spend's currency: the site's, except in otherCurrencies */
                            currency: string;
                            spend: number;
                            impressions: number;
                            clicks: number;
                            /** @description The platform's own count, beside ours, never added */
                            platformConversions: number;
                            platformConversionValue: number;
                            sessions: number;
                            engagedSessions: number;
                            leads: number;
                            /** @description Credited by the model (linear gives fractions) */
                            conversions: number;
                            revenue: number;
                            /** @description spend / clicks */
                            cpc: number | null;
                            /** @description spend / leads */
                            cpl: number | null;
                            /** @description spend / conversions */
                            cpa: number | null;
                            /** @description revenue / spend */
                            roas: number | null;
                        }[];
                        unmatched: {
                            /** @description Channel (GA4 default grouping); null on totals */
                            channel: string | null;
                            /** @description Campaign name as matched; null on channel rows and totals */
                            campaign: string | null;
                            /** @enum {string|null} */
                            platform: "google_ads" | "meta_ads" | "microsoft_ads" | "linkedin_ads" | "tiktok_ads" | "other" | null;
                            /** @description The spend's currency: the site's, except in otherCurrencies */
                            currency: string;
                            spend: number;
                            impressions: number;
                            clicks: number;
                            /** @description The platform's own count, beside ours, never added */
                            platformConversions: number;
                            platformConversionValue: number;
                            sessions: number;
                            engagedSessions: number;
                            leads: number;
                            /** @description Credited by the model (linear gives fractions) */
                            conversions: number;
                            revenue: number;
                            /** @description spend / clicks */
                            cpc: number | null;
                            /** @description spend / leads */
                            cpl: number | null;
                            /** @description spend / conversions */
                            cpa: number | null;
                            /** @description revenue / spend */
                            roas: number | null;
                        }[];
                        otherCurrencies: {
                            /** @description Channel (GA4 default grouping); null on totals */
                            channel: string | null;
                            /** @description Campaign name as matched; null on channel rows and totals */
                            campaign: string | null;
                            /** @enum {string|null} */
                            platform: "google_ads" | "meta_ads" | "microsoft_ads" | "linkedin_ads" | "tiktok_ads" | "other" | null;
                            /** @description The spend's currency: the site's, except in otherCurrencies */
                            currency: string;
                            spend: number;
                            impressions: number;
                            clicks: number;
                            /** @description The platform's own count, beside ours, never added */
                            platformConversions: number;
                            platformConversionValue: number;
                            sessions: number;
                            engagedSessions: number;
                            leads: number;
                            /** @description Credited by the model (linear gives fractions) */
                            conversions: number;
                            revenue: number;
                            /** @description spend / clicks */
                            cpc: number | null;
                            /** @description spend / leads */
                            cpl: number | null;
                            /** @description spend / conversions */
                            cpa: number | null;
                            /** @description revenue / spend */
                            roas: number | null;
                        }[];
                        totals: {
                            /** @description Channel (GA4 default grouping); null on totals */
                            channel: string | null;
                            /** @description Campaign name as matched; null on channel rows and totals */
                            campaign: string | null;
                            /** @enum {string|null} */
                            platform: "google_ads" | "meta_ads" | "microsoft_ads" | "linkedin_ads" | "tiktok_ads" | "other" | null;
                            /** @description The spend's currency: the site's, except in otherCurrencies */
                            currency: string;
                            spend: number;
                            impressions: number;
                            clicks: number;
                            /** @description The platform's own count, beside ours, never added */
                            platformConversions: number;
                            platformConversionValue: number;
                            sessions: number;
                            engagedSessions: number;
                            leads: number;
                            /** @description Credited by the model (linear gives fractions) */
                            conversions: number;
                            revenue: number;
                            /** @description spend / clicks */
                            cpc: number | null;
                            /** @description spend / leads */
                            cpl: number | null;
                            /** @description spend / conversions */
                            cpa: number | null;
                            /** @description revenue / spend */
                            roas: number | null;
                        };
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiV1OrgsByOrgIdSitesBySiteIdShortlinks: {
        parameters: {
            query?: {
                page?: number;
                size?: number;
                q?: string;
                tag?: string;
            };
            header?: never;
            path: {
                orgId: string;
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** @description 24 lowercase hex */
                            id: string;
                            /** @description 3–64 of [a-z0-9_-], lower-case */
                            slug: string;
                            /** @description The target (http/https) */
                            url: string;
                            /** @description Set on the target at redirect time, replacing its own utm_* of the same name */
                            utm: {
                                source: string | null;
                                medium: string | null;
                                campaign: string | null;
                                term: string | null;
                                content: string | null;
                            };
                            title: string;
                            tags: string[];
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            expiresAt: string | null;
                            maxClicks: number | null;
                            fallbackUrl: string | null;
                            active: boolean;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            updatedAt: string;
                            /** @description Human and QR clicks ever */
                            clicks: number;
                            /** @description PUBLIC_URL/l/{slug} */
                            shortUrl: string;
                        }[];
                        total: number;
                        page: number;
                        size: number;
                        /** @description Every tag of the site's links, for the filter */
                        tags: string[];
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postApiV1OrgsByOrgIdSitesBySiteIdShortlinks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                siteId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description http/https, ≤ 2048, no user or password */
                    url: string;
                    /** @description 3–64 of [a-z0-9_-], case-insensitive; not reserved. Omitted on create: 7 random characters */
                    slug?: string;
                    /** @description Each ≤ 200 characters; null or "" clears it */
                    utm?: {
                        source?: string | null;
                        medium?: string | null;
                        campaign?: string | null;
                        term?: string | null;
                        content?: string | null;
                    };
                    /** @description ≤ 200 characters */
                    title?: string;
                    /** @description ≤ 20 tags of 1–40 characters, lower-cased, duplicates dropped */
                    tags?: string[];
                    /** @description ISO 8601 with a time zone, in the future */
                    expiresAt?: string | null;
                    /** @description 1 to 10⁹ human clicks */
                    maxClicks?: number | null;
                    /** @description http/https */
                    fallbackUrl?: string | null;
                    active?: boolean;
                };
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description 24 lowercase hex */
                        id: string;
                        /** @description 3–64 of [a-z0-9_-], lower-case */
                        slug: string;
                        /** @description The target (http/https) */
                        url: string;
                        /** @description Set on the target at redirect time, replacing its own utm_* of the same name */
                        utm: {
                            source: string | null;
                            medium: string | null;
                            campaign: string | null;
                            term: string | null;
                            content: string | null;
                        };
                        title: string;
                        tags: string[];
                        /**
                         * Format: date-time
                         * @description ISO 8601, UTC
                         */
                        expiresAt: string | null;
                        maxClicks: number | null;
                        fallbackUrl: string | null;
                        active: boolean;
                        /**
                         * Format: date-time
                         * @description ISO 8601, UTC
                         */
                        createdAt: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601, UTC
                         */
                        updatedAt: string;
                        /** @description Human and QR clicks ever */
                        clicks: number;
                        /** @description PUBLIC_URL/l/{slug} */
                        shortUrl: string;
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiV1OrgsByOrgIdSitesBySiteIdShortlinksById: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
            };
            header?: never;
            path: {
                orgId: string;
                siteId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        link: {
                            /** @description 24 lowercase hex */
                            id: string;
                            /** @description 3–64 of [a-z0-9_-], lower-case */
                            slug: string;
                            /** @description The target (http/https) */
                            url: string;
                            /** @description Set on the target at redirect time, replacing its own utm_* of the same name */
                            utm: {
                                source: string | null;
                                medium: string | null;
                                campaign: string | null;
                                term: string | null;
                                content: string | null;
                            };
                            title: string;
                            tags: string[];
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            expiresAt: string | null;
                            maxClicks: number | null;
                            fallbackUrl: string | null;
                            active: boolean;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            updatedAt: string;
                            /** @description Human and QR clicks ever */
                            clicks: number;
                            /** @description PUBLIC_URL/l/{slug} */
                            shortUrl: string;
                        };
                        period: {
                            from: string;
                            to: string;
                            tz: string;
                        };
                        clicks: {
                            human: number;
                            bot: number;
                            preview: number;
                            qr: number;
                        };
                        days: {
                            date: string;
                            human: number;
                            bot: number;
                            preview: number;
                            qr: number;
                        }[];
                        countries: {
                            country: string;
                            clicks: number;
                        }[];
                        devices: {
                            device: string;
                            clicks: number;
                        }[];
                        referrers: {
                            host: string;
                            clicks: number;
                        }[];
                        outcomes: {
                            sessions: number;
                            engagedSessions: number;
                            leads: number;
                            conversions: number;
                            revenue: number;
                            currency: string;
                        };
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    patchApiV1OrgsByOrgIdSitesBySiteIdShortlinksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                siteId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description http/https, ≤ 2048, no user or password */
                    url?: string;
                    /** @description 3–64 of [a-z0-9_-], case-insensitive; not reserved. Omitted on create: 7 random characters */
                    slug?: string;
                    /** @description Each ≤ 200 characters; null or "" clears it */
                    utm?: {
                        source?: string | null;
                        medium?: string | null;
                        campaign?: string | null;
                        term?: string | null;
                        content?: string | null;
                    };
                    /** @description ≤ 200 characters */
                    title?: string;
                    /** @description ≤ 20 tags of 1–40 characters, lower-cased, duplicates dropped */
                    tags?: string[];
                    /** @description ISO 8601 with a time zone, in the future */
                    expiresAt?: string | null;
                    /** @description 1 to 10⁹ human clicks */
                    maxClicks?: number | null;
                    /** @description http/https */
                    fallbackUrl?: string | null;
                    active?: boolean;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description 24 lowercase hex */
                        id: string;
                        /** @description 3–64 of [a-z0-9_-], lower-case */
                        slug: string;
                        /** @description The target (http/https) */
                        url: string;
                        /** @description Set on the target at redirect time, replacing its own utm_* of the same name */
                        utm: {
                            source: string | null;
                            medium: string | null;
                            campaign: string | null;
                            term: string | null;
                            content: string | null;
                        };
                        title: string;
                        tags: string[];
                        /**
                         * Format: date-time
                         * @description ISO 8601, UTC
                         */
                        expiresAt: string | null;
                        maxClicks: number | null;
                        fallbackUrl: string | null;
                        active: boolean;
                        /**
                         * Format: date-time
                         * @description ISO 8601, UTC
                         */
                        createdAt: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601, UTC
                         */
                        updatedAt: string;
                        /** @description Human and QR clicks ever */
                        clicks: number;
                        /** @description PUBLIC_URL/l/{slug} */
                        shortUrl: string;
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "getApiV1OrgsByOrgIdSitesBySiteIdShortlinksByIdQr.svg": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                siteId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description `attachment; filename=…` on the file answer */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "image/svg+xml": string;
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "getApiV1OrgsByOrgIdSitesBySiteIdShortlinksByIdQr.png": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                siteId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description `attachment; filename=…` on the file answer */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiV1OrgsByOrgIdSitesBySiteIdReports: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        reports: {
                            key: string;
                            category: string;
                            title: string;
                            description: string;
                            /** @description Holds contact details: exports need analytics.pii.read, and JSON rows are masked without it */
                            pii: boolean;
                        }[];
                        schedules: {
                            /** @description 24 lowercase hex */
                            id: string;
                            reportKey: string;
                            /** @description The report's title */
                            title: string;
                            /** @enum {string} */
                            frequency: "daily" | "weekly" | "monthly";
                            /** @description Addresses that receive it (members and confirmed addresses; pending and unsubscribed ones are in recipientStates) */
                            recipients: string[];
                            active: boolean;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            nextRunAt: string | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            lastRunAt: string | null;
                            /** @enum {string|null} */
                            lastStatus: "ok" | "failed" | "skipped" | null;
                            lastError: string | null;
                            /** @description HH:MM local to the site's timezone */
                            at: string;
                            /** @description ISO weekday (1 = Monday) of a weekly schedule */
                            weekday: number | null;
                            /** @description Day of the month of a monthly schedule (a shorter month sends on its last day) */
                            day: number | null;
                            /** @enum {string} */
                            format: "csv" | "xlsx";
                            /** @description The site's timezone the time is read in */
                            timezone: string;
                            pausedReason: "paused" | "failures" | null;
                            recipientStates: {
                                email: string;
                                /** @enum {string} */
                                state: "member" | "pending" | "confirmed" | "unsubscribed";
                            }[];
                            /** @description Name of the user whose permissions each send uses (null once the account is gone) */
                            owner: string | null;
                        }[];
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiV1OrgsByOrgIdSitesBySiteIdReportsByKey: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
                format?: "json" | "csv" | "xlsx";
            };
            header?: never;
            path: {
                orgId: string;
                siteId: string;
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    /** @description `attachment; filename=…` on the file answer */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        key: string;
                        title: string;
                        currency: string;
                        columns: {
                            key: string;
                            label: string;
                            /**
                             * @description Added: how the values are written (docs/reports.md)
                             * @enum {string}
                             */
                            type: "text" | "date" | "timestamp" | "integer" | "decimal" | "rate" | "money";
                        }[];
                        /** @description The first 200 rows, keyed by column key */
                        rows: {
                            [key: string]: string | number | null;
                        }[];
                        /** @description The full row count */
                        total: number;
                        range: {
                            from: string;
                            to: string;
                        };
                    };
                    "text/csv": string;
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiV1OrgsByOrgIdSitesBySiteIdRecommendations: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        industry: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601, UTC
                         */
                        computedAt: string | null;
                        benchmarks: {
                            orgs: number;
                            eligible: boolean;
                            minSessions: number;
                            rows: {
                                metric: string;
                                label: string;
                                /** @description The site's own value over the window (null without data) */
                                value: number | null;
                                p25: number | null;
                                p50: number | null;
                                p75: number | null;
                                /** @description peers: the percentiles are the industry group's; site: the site's value alone */
                                source: string;
                            }[];
                            /** @enum {string|null} */
                            reason: "too_few_orgs" | "dominant_org" | "no_data" | "opted_out" | "below_min_sessions" | null;
                            /** @description Contributing sites' sessions in the window */
                            sizeBand: {
                                p25: number;
                                p75: number;
                            } | null;
                            window: {
                                from: string;
                                to: string;
                            } | null;
                        };
                        canManage: boolean;
                        items: {
                            ruleKey: string;
                            /** @enum {string} */
                            status: "open" | "dismissed" | "snoozed" | "done";
                            score: number;
                            /** @enum {string} */
                            severity: "high" | "medium" | "low";
                            title: string;
                            body: string;
                            action: string;
                            /** @description The pages, channels and numbers the finding rests on */
                            evidence: {
                                [key: string]: unknown;
                            };
                            /**
                             * Format: date-time
                             * @description ISO 8601, UTC
                             */
                            snoozedUntil: string | null;
                        }[];
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description NOT_FOUND: unknown id, or outside the key's organization or sites */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VALIDATION_FAILED: details lists path and message per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description RATE_LIMITED: 300/min per key, 600/min per IP */
            429: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    /** @description The window's allowance */
                    "X-RateLimit-Limit"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postV1HooksWebhook_inBySiteKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                siteKey: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": ({
                    /** @description Your id for the lead: a repeat answers 200 with duplicate true and changes nothing */
                    externalId?: string | null;
                    /** @description At least one of name, email, phone is required */
                    name?: string | null;
                    /** @description An e-mail address */
                    email?: string | null;
                    /** @description A phone number: digits, spaces and ( ) . - /, an optional extension */
                    phone?: string | null;
                    company?: string | null;
                    message?: string | null;
                    /** @description Wins over the visitor's campaign */
                    campaign?: string | null;
                    /** @description The visitor id of the tracking script: the lead is merged into that (consenting) visitor */
                    vid?: string | null;
                    /** @description Other answers (at most 100 keys, 32 KB of JSON) */
                    extra?: {
                        [key: string]: unknown;
                    } | null;
                } | {
                    email: string;
                } | {
                    phone: string;
                } | {
                    name: string;
                }) | {
                    /** @description Google's lead id (the lead's externalId) */
                    lead_id: string | number;
                    /** @description The form's answers; FULL_NAME, FIRST_NAME, LAST_NAME, (WORK_)EMAIL, (WORK_)PHONE_NUMBER and COMPANY_NAME are contact fields, other columns are matched by their name's words or kept */
                    user_column_data: {
                        /** @description The column's id (FULL_NAME, EMAIL…) */
                        column_id?: string | null;
                        /** @description The question's label */
                        column_name?: string | null;
                        string_value?: unknown;
                    }[];
                    /** @description The integration secret, unless sent in X-Svc-Secret or as a bearer token */
                    google_key?: string;
                    form_id?: string | number;
                } | {
                    /** @constant */
                    event_type: "form_response";
                    form_response: {
                        /** @description The response's token (the lead's externalId) */
                        token: string | number;
                        /** @description The answers */
                        answers: {
                            /** @description text, email, phone_number, choice…: names the property that holds the value */
                            type: string;
                            field?: Record<string, never>;
                        }[];
                        definition?: Record<string, never>;
                        /** @description Hidden fields: vid (a visitor id) and utm_campaign are read, others kept */
                        hidden?: Record<string, never>;
                        form_id?: string;
                    };
                } | {
                    /** @constant */
                    eventType: "FORM_RESPONSE";
                    data: {
                        /** @description The response's id (the lead's externalId); submissionId when absent */
                        responseId?: string | number;
                        /** @description Used when responseId is absent */
                        submissionId?: string | number;
                        /** @description The answers: INPUT_EMAIL, INPUT_PHONE_NUMBER, INPUT_TEXT, TEXTAREA and HIDDEN_FIELDS (vid, utm_campaign) are read, others kept */
                        fields: Record<string, never>[];
                        formName?: string;
                        formId?: string;
                    } | unknown | unknown;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @description The lead's id (the first lead's for a duplicate) */
                        id: string;
                        /** @description true when the sender's id was seen before (200); nothing was changed */
                        duplicate: boolean;
                    };
                };
            };
            /** @description Response for status 201 */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @description The lead's id (the first lead's for a duplicate) */
                        id: string;
                        /** @description true when the sender's id was seen before (200); nothing was changed */
                        duplicate: boolean;
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postV1HooksAds_importBySiteKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                siteKey: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description At most 256 KB a push (about 2 000 rows): send more in several pushes, each covering whole days */
                    rows: {
                        /** @enum {string} */
                        platform: "google_ads" | "meta_ads" | "microsoft_ads" | "linkedin_ads" | "tiktok_ads" | "other";
                        account?: string | null;
                        /**
                         * Format: date
                         * @description YYYY-MM-DD in the ad account's timezone (a day that exists)
                         */
                        date: string;
                        campaignId?: string | null;
                        /** @description Not blank */
                        campaignName: string;
                        utm?: {
                            source?: string | null;
                            medium?: string | null;
                            campaign?: string | null;
                            id?: string | null;
                        };
                        spend: number;
                        /** @description ISO 4217, upper case */
                        currency: string;
                        impressions?: number | null;
                        clicks?: number | null;
                        conversions?: number | null;
                        conversionValue?: number | null;
                    }[];
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        imported: number;
                        /** @description Days (of the rows' platforms and accounts) that had rows before and were replaced */
                        replacedDays: number;
                    };
                };
            };
            /** @description BAD_REQUEST: malformed JSON or a body over 256 KB */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiV1Session: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 423 */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postApiV1Session: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 423 */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteApiV1Session: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 423 */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "postApiV1SessionSecond-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                } | {
                    recoveryCode: string;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 423 */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "postApiV1SessionEmail-verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 202 */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        sent: true;
                    };
                };
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 423 */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "postApiV1Email-verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        verified: true;
                    };
                };
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 423 */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postApiV1MePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPassword: string;
                    newPassword: string;
                };
            };
        };
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 423 */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "postApiV1MeTwo-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Base32 TOTP secret, for typing into an app */
                        secret: string;
                        /** @description otpauth:// URI */
                        uri: string;
                        /** @description The URI as a QR code (SVG) */
                        qrSvg: string;
                    };
                };
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 423 */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "deleteApiV1MeTwo-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                };
            };
        };
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 423 */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "postApiV1MeTwo-factorConfirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Shown once; each works once */
                        recoveryCodes: string[];
                    };
                };
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 423 */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiV1OrgsByOrgIdKeys: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        keys: components["schemas"]["ApiKeyView"][];
                    };
                };
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 423 */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postApiV1OrgsByOrgIdKeys: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    permissions: ("sites.read" | "analytics.read" | "analytics.realtime" | "analytics.pii.read" | "reports.read" | "reports.export" | "leads.read" | "recommendations.read" | "popups.read" | "spinwheel.read" | "shortlinks.read" | "shortlinks.manage" | "consent.read" | "integrations.read" | "audit.read" | "*")[];
                    sites: string[] | null;
                    expiresInDays: 30 | 90 | 365 | null;
                };
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        key: components["schemas"]["ApiKeyView"];
                        /** @description The whole key (exk_…), shown once */
                        secret: string;
                    };
                };
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 423 */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postApiV1OrgsByOrgIdKeysByKeyIdRotate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        key: components["schemas"]["ApiKeyView"];
                        /** @description The whole key (exk_…), shown once */
                        secret: string;
                    };
                };
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 423 */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteApiV1OrgsByOrgIdKeysByKeyId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 423 */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiV1OrgsByOrgIdMembers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        members: components["schemas"]["MemberView"][];
                        /** @description Every member's sessions need a second factor */
                        requireTwoFactor: boolean;
                    };
                };
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 423 */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postApiV1OrgsByOrgIdMembers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    name: string;
                    /** @enum {string} */
                    role: "owner" | "admin" | "analyst" | "viewer";
                };
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        member: components["schemas"]["MemberView"];
                        /**
                         * @description The invitation mail is sent (or, without SMTP_URL, its link logged)
                         * @constant
                         */
                        mailed: true;
                    };
                };
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 423 */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteApiV1OrgsByOrgIdMembersByUserId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 423 */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    patchApiV1OrgsByOrgIdMembersByUserId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    role: "owner" | "admin" | "analyst" | "viewer";
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberView"];
                };
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 423 */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "putApiV1OrgsByOrgIdTwo-factor-requirement": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    required: boolean;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        requireTwoFactor: boolean;
                    };
                };
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 423 */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postApiV1InvitationsAccept: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Sign in with this address and the new password */
                        email: string;
                    };
                };
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 423 */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postApiV1OrgsByOrgIdSitesBySiteIdIntegrationsByIntegrationIdEnable: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                siteId: string;
                integrationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description 24 lowercase hex */
                        id: string;
                        /** @constant */
                        status: "active";
                        /** @description Pending deliveries sent again */
                        resumed: number;
                    };
                };
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 423 */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiV1OrgsByOrgIdSettingsRetention: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description 24 lowercase hex */
                        orgId: string;
                        /** @description Months raw events, sessions and visitors are kept */
                        eventsMonths: number;
                        /** @description Days a finished webhook delivery keeps its body */
                        deliveryDays: number;
                    };
                };
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 423 */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    patchApiV1OrgsByOrgIdSettingsRetention: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    eventsMonths?: number;
                    deliveryDays?: number;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description 24 lowercase hex */
                        orgId: string;
                        /** @description Months raw events, sessions and visitors are kept */
                        eventsMonths: number;
                        /** @description Days a finished webhook delivery keeps its body */
                        deliveryDays: number;
                    };
                };
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 423 */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postApiV1OrgsByOrgIdSitesBySiteIdCookiesScan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                siteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 202 */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The scan's id */
                        id: string;
                        /** @enum {string} */
                        status: "none" | "queued" | "running" | "done" | "failed";
                        /**
                         * Format: date-time
                         * @description ISO 8601, UTC
                         */
                        startedAt: string | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601, UTC
                         */
                        finishedAt: string | null;
                        pages: number;
                        found: number;
                        error: string | null;
                        /** @enum {string|null} */
                        trigger: "cli" | "dashboard" | "schedule" | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601, UTC
                         */
                        itemsFrom: string | null;
                    };
                };
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 423 */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putApiV1OrgsByOrgIdSitesBySiteIdCookiesOverridesByName: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                siteId: string;
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    category: "necessary" | "analytics" | "marketing" | "personalization" | "unknown";
                    /** @description At most 200 characters; empty when left out */
                    vendor?: string;
                    /** @description At most 1000 characters; empty when left out */
                    purpose?: string;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The cookie, storage key or host name, exactly as the inventory lists it */
                        name: string;
                        /** @enum {string} */
                        category: "necessary" | "analytics" | "marketing" | "personalization" | "unknown";
                        vendor: string;
                        purpose: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601, UTC
                         */
                        updatedAt: string;
                    };
                };
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 423 */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteApiV1OrgsByOrgIdSitesBySiteIdCookiesOverridesByName: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                siteId: string;
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 423 */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postApiV1OrgsByOrgIdSitesBySiteIdPeopleByVisitorIdExport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                siteId: string;
                visitorId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The JSON file (Content-Disposition: attachment): `{ siteId, exportedAt, person, counts, rows }`, contact details unmasked */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 423 */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    postApiV1OrgsByOrgIdSitesBySiteIdPeopleByVisitorIdErase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                siteId: string;
                visitorId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Linked visitor ids erased */
                        visitors: number;
                        /** @description Rows per table: events, recentEvents (the dedup window's copies), consentRecords, identityLinks, shortLinkSessions, popupExposures, deliveryAttempts, deliveries, spins, leads, sessions, visitors */
                        counts: {
                            events: number;
                            recentEvents: number;
                            consentRecords: number;
                            identityLinks: number;
                            shortLinkSessions: number;
                            popupExposures: number;
                            deliveryAttempts: number;
                            deliveries: number;
                            spins: number;
                            leads: number;
                            sessions: number;
                            visitors: number;
                        };
                        /** @description identify() user ids whose text was overwritten */
                        userIdsErased: number;
                    };
                };
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 423 */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "postApiV1OrgsByOrgIdSitesBySiteIdReport-schedules": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                siteId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description One of kpi_daily, channel_performance, campaign_performance, source_medium, utm_audit, referrers, page_performance, events, conversions_by_channel, leads, hot_leads, popup_performance, spin_performance, short_links, geo, tech, consent_log, web_vitals, experience */
                    reportKey: string;
                    /** @description daily | weekly | monthly */
                    frequency: string;
                    /** @description HH:MM, 24-hour, local to the site's timezone */
                    at: string;
                    /** @description Weekly: ISO weekday 1–7 (1 = Monday); default 1 */
                    weekday?: number | null;
                    /** @description Monthly: day 1–31; default 1 */
                    day?: number | null;
                    /** @description 1–20 e-mail addresses */
                    recipients: string[];
                    /** @description csv | xlsx */
                    format: string;
                };
            };
        };
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description 24 lowercase hex */
                        id: string;
                        reportKey: string;
                        /** @description The report's title */
                        title: string;
                        /** @enum {string} */
                        frequency: "daily" | "weekly" | "monthly";
                        /** @description Addresses that receive it (members and confirmed addresses; pending and unsubscribed ones are in recipientStates) */
                        recipients: string[];
                        active: boolean;
                        /**
                         * Format: date-time
                         * @description ISO 8601, UTC
                         */
                        nextRunAt: string | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601, UTC
                         */
                        lastRunAt: string | null;
                        /** @enum {string|null} */
                        lastStatus: "ok" | "failed" | "skipped" | null;
                        lastError: string | null;
                        /** @description HH:MM local to the site's timezone */
                        at: string;
                        /** @description ISO weekday (1 = Monday) of a weekly schedule */
                        weekday: number | null;
                        /** @description Day of the month of a monthly schedule (a shorter month sends on its last day) */
                        day: number | null;
                        /** @enum {string} */
                        format: "csv" | "xlsx";
                        /** @description The site's timezone the time is read in */
                        timezone: string;
                        pausedReason: "paused" | "failures" | null;
                        recipientStates: {
                            email: string;
                            /** @enum {string} */
                            state: "member" | "pending" | "confirmed" | "unsubscribed";
                        }[];
                        /** @description Name of the user whose permissions each send uses (null once the account is gone) */
                        owner: string | null;
                    };
                };
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 423 */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "deleteApiV1OrgsByOrgIdSitesBySiteIdReport-schedulesByScheduleId": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                siteId: string;
                scheduleId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 423 */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "patchApiV1OrgsByOrgIdSitesBySiteIdReport-schedulesByScheduleId": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                siteId: string;
                scheduleId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description One of kpi_daily, channel_performance, campaign_performance, source_medium, utm_audit, referrers, page_performance, events, conversions_by_channel, leads, hot_leads, popup_performance, spin_performance, short_links, geo, tech, consent_log, web_vitals, experience */
                    reportKey?: string;
                    /** @description daily | weekly | monthly */
                    frequency?: string;
                    /** @description HH:MM, 24-hour, local to the site's timezone */
                    at?: string;
                    /** @description Weekly: ISO weekday 1–7 (1 = Monday); default 1 */
                    weekday?: number | null;
                    /** @description Monthly: day 1–31; default 1 */
                    day?: number | null;
                    /** @description 1–20 e-mail addresses */
                    recipients?: string[];
                    /** @description csv | xlsx */
                    format?: string;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description 24 lowercase hex */
                        id: string;
                        reportKey: string;
                        /** @description The report's title */
                        title: string;
                        /** @enum {string} */
                        frequency: "daily" | "weekly" | "monthly";
                        /** @description Addresses that receive it (members and confirmed addresses; pending and unsubscribed ones are in recipientStates) */
                        recipients: string[];
                        active: boolean;
                        /**
                         * Format: date-time
                         * @description ISO 8601, UTC
                         */
                        nextRunAt: string | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601, UTC
                         */
                        lastRunAt: string | null;
                        /** @enum {string|null} */
                        lastStatus: "ok" | "failed" | "skipped" | null;
                        lastError: string | null;
                        /** @description HH:MM local to the site's timezone */
                        at: string;
                        /** @description ISO weekday (1 = Monday) of a weekly schedule */
                        weekday: number | null;
                        /** @description Day of the month of a monthly schedule (a shorter month sends on its last day) */
                        day: number | null;
                        /** @enum {string} */
                        format: "csv" | "xlsx";
                        /** @description The site's timezone the time is read in */
                        timezone: string;
                        pausedReason: "paused" | "failures" | null;
                        recipientStates: {
                            email: string;
                            /** @enum {string} */
                            state: "member" | "pending" | "confirmed" | "unsubscribed";
                        }[];
                        /** @description Name of the user whose permissions each send uses (null once the account is gone) */
                        owner: string | null;
                    };
                };
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 423 */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "postApiV1OrgsByOrgIdSitesBySiteIdReport-schedulesByScheduleIdPause": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                siteId: string;
                scheduleId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description 24 lowercase hex */
                        id: string;
                        reportKey: string;
                        /** @description The report's title */
                        title: string;
                        /** @enum {string} */
                        frequency: "daily" | "weekly" | "monthly";
                        /** @description Addresses that receive it (members and confirmed addresses; pending and unsubscribed ones are in recipientStates) */
                        recipients: string[];
                        active: boolean;
                        /**
                         * Format: date-time
                         * @description ISO 8601, UTC
                         */
                        nextRunAt: string | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601, UTC
                         */
                        lastRunAt: string | null;
                        /** @enum {string|null} */
                        lastStatus: "ok" | "failed" | "skipped" | null;
                        lastError: string | null;
                        /** @description HH:MM local to the site's timezone */
                        at: string;
                        /** @description ISO weekday (1 = Monday) of a weekly schedule */
                        weekday: number | null;
                        /** @description Day of the month of a monthly schedule (a shorter month sends on its last day) */
                        day: number | null;
                        /** @enum {string} */
                        format: "csv" | "xlsx";
                        /** @description The site's timezone the time is read in */
                        timezone: string;
                        pausedReason: "paused" | "failures" | null;
                        recipientStates: {
                            email: string;
                            /** @enum {string} */
                            state: "member" | "pending" | "confirmed" | "unsubscribed";
                        }[];
                        /** @description Name of the user whose permissions each send uses (null once the account is gone) */
                        owner: string | null;
                    };
                };
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 423 */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "postApiV1OrgsByOrgIdSitesBySiteIdReport-schedulesByScheduleIdResume": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                siteId: string;
                scheduleId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description 24 lowercase hex */
                        id: string;
                        reportKey: string;
                        /** @description The report's title */
                        title: string;
                        /** @enum {string} */
                        frequency: "daily" | "weekly" | "monthly";
                        /** @description Addresses that receive it (members and confirmed addresses; pending and unsubscribed ones are in recipientStates) */
                        recipients: string[];
                        active: boolean;
                        /**
                         * Format: date-time
                         * @description ISO 8601, UTC
                         */
                        nextRunAt: string | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601, UTC
                         */
                        lastRunAt: string | null;
                        /** @enum {string|null} */
                        lastStatus: "ok" | "failed" | "skipped" | null;
                        lastError: string | null;
                        /** @description HH:MM local to the site's timezone */
                        at: string;
                        /** @description ISO weekday (1 = Monday) of a weekly schedule */
                        weekday: number | null;
                        /** @description Day of the month of a monthly schedule (a shorter month sends on its last day) */
                        day: number | null;
                        /** @enum {string} */
                        format: "csv" | "xlsx";
                        /** @description The site's timezone the time is read in */
                        timezone: string;
                        pausedReason: "paused" | "failures" | null;
                        recipientStates: {
                            email: string;
                            /** @enum {string} */
                            state: "member" | "pending" | "confirmed" | "unsubscribed";
                        }[];
                        /** @description Name of the user whose permissions each send uses (null once the account is gone) */
                        owner: string | null;
                    };
                };
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 423 */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putApiV1OrgsByOrgIdSitesBySiteIdRecommendationsByRuleKeyStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                siteId: string;
                ruleKey: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    status: "open" | "dismissed" | "snoozed" | "done";
                    /**
                     * Format: date
                     * @description Required for snoozed, refused otherwise: the item stays snoozed through this day in the site's timezone (today up to 365 days ahead) (a date in the years 2000 to 2100)
                     */
                    until?: string;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ruleKey: string;
                        /** @enum {string} */
                        status: "open" | "dismissed" | "snoozed" | "done";
                        score: number;
                        /** @enum {string} */
                        severity: "high" | "medium" | "low";
                        title: string;
                        body: string;
                        action: string;
                        /** @description The pages, channels and numbers the finding rests on */
                        evidence: {
                            [key: string]: unknown;
                        };
                        /**
                         * Format: date-time
                         * @description ISO 8601, UTC
                         */
                        snoozedUntil: string | null;
                    };
                };
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 423 */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiV1OrgsByOrgIdSettingsBenchmarks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        orgId: string;
                        /** @description The peer group: organizations of the same industry are compared (lower-case) */
                        industry: string;
                        /** @description Opted out: neither contributes to nor receives peers' benchmarks */
                        optOut: boolean;
                    };
                };
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 423 */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    patchApiV1OrgsByOrgIdSettingsBenchmarks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    industry?: string;
                    optOut?: boolean;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        orgId: string;
                        /** @description The peer group: organizations of the same industry are compared (lower-case) */
                        industry: string;
                        /** @description Opted out: neither contributes to nor receives peers' benchmarks */
                        optOut: boolean;
                    };
                };
            };
            /** @description Response for status 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 422 */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 423 */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Response for status 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description INTERNAL: unexpected error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE */
            503: {
                headers: {
                    /** @description Seconds to wait */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
}
