-- Text rows from before the compact layout move into it: strings first, then visitors,
-- sessions and events referring to them. (Event UUIDs are kept only as their hash.)
INSERT OR IGNORE INTO `strings` (`value`)
  SELECT site_id FROM visitors UNION SELECT site_id FROM sessions UNION SELECT site_id FROM events
  UNION SELECT first_channel FROM visitors UNION SELECT first_source FROM visitors UNION SELECT first_campaign FROM visitors
  UNION SELECT last_channel FROM visitors UNION SELECT last_source FROM visitors UNION SELECT last_campaign FROM visitors
  UNION SELECT country FROM visitors UNION SELECT device FROM visitors
  UNION SELECT landing_path FROM sessions UNION SELECT exit_path FROM sessions UNION SELECT channel FROM sessions
  UNION SELECT source FROM sessions UNION SELECT medium FROM sessions UNION SELECT campaign FROM sessions UNION SELECT referrer_host FROM sessions
  UNION SELECT browser FROM sessions UNION SELECT os FROM sessions UNION SELECT device FROM sessions UNION SELECT country FROM sessions
  UNION SELECT region FROM sessions UNION SELECT city FROM sessions UNION SELECT language FROM sessions UNION SELECT screen FROM sessions
  UNION SELECT name FROM events UNION SELECT path FROM events UNION SELECT title FROM events UNION SELECT href FROM events UNION SELECT currency FROM events;
--> statement-breakpoint
DELETE FROM `strings` WHERE `value` IS NULL;
--> statement-breakpoint
INSERT INTO `visitor_rows` (site, uid, first_seen_at, last_seen_at, sessions, pageviews, conversions, revenue, first_channel, first_source, first_campaign, last_channel, last_source, last_campaign, last_touch_at, country, device, user_id, consented)
  SELECT (SELECT id FROM strings WHERE value = v.site_id), unhex(replace(v.id,'-','')), first_seen_at, last_seen_at, sessions, pageviews, conversions, revenue,
    (SELECT id FROM strings WHERE value = first_channel), (SELECT id FROM strings WHERE value = first_source), (SELECT id FROM strings WHERE value = first_campaign), (SELECT id FROM strings WHERE value = last_channel), (SELECT id FROM strings WHERE value = last_source), (SELECT id FROM strings WHERE value = last_campaign),
    last_touch_at, (SELECT id FROM strings WHERE value = country), (SELECT id FROM strings WHERE value = device), user_id, consented
  FROM visitors v ORDER BY first_seen_at;
--> statement-breakpoint
INSERT INTO `session_rows` (site, uid, visitor, started_at, last_at, day, landing, landing_at, exit, exit_at, pageviews, events, engaged_ms, conversions, revenue, engaged, channel, source, medium, campaign, referrer_host, browser, os, device, country, region, city, language, screen, is_new, consent_analytics, consent_marketing)
  SELECT (SELECT id FROM strings WHERE value = s.site_id), unhex(replace(s.id,'-','')),
    (SELECT seq FROM visitor_rows WHERE site = (SELECT id FROM strings WHERE value = s.site_id) AND uid = unhex(replace(s.visitor_id,'-',''))),
    started_at, last_at, CAST(julianday(day) - 2440587.5 AS INTEGER), (SELECT id FROM strings WHERE value = landing_path), landing_at, (SELECT id FROM strings WHERE value = exit_path), exit_at,
    pageviews, events, engaged_ms, conversions, revenue, engaged, (SELECT id FROM strings WHERE value = channel), (SELECT id FROM strings WHERE value = source), (SELECT id FROM strings WHERE value = medium), (SELECT id FROM strings WHERE value = campaign), (SELECT id FROM strings WHERE value = referrer_host),
    (SELECT id FROM strings WHERE value = browser), (SELECT id FROM strings WHERE value = os), (SELECT id FROM strings WHERE value = device), (SELECT id FROM strings WHERE value = country), (SELECT id FROM strings WHERE value = region), (SELECT id FROM strings WHERE value = city), (SELECT id FROM strings WHERE value = language), (SELECT id FROM strings WHERE value = screen),
    is_new, consent_analytics, consent_marketing
  FROM sessions s ORDER BY started_at;
--> statement-breakpoint
INSERT INTO `event_rows` (site, session, ts, id_hash, type, name, path, title, href, value, currency, order_id, props)
  SELECT (SELECT id FROM strings WHERE value = e.site_id), (SELECT seq FROM session_rows WHERE site = (SELECT id FROM strings WHERE value = e.site_id) AND uid = unhex(replace(e.session_id,'-',''))),
    ts, id_hash, CASE type WHEN 'pageview' THEN 0 WHEN 'engagement' THEN 1 WHEN 'event' THEN 2 WHEN 'conversion' THEN 3 WHEN 'identify' THEN 4 WHEN 'scroll' THEN 5 WHEN 'outbound' THEN 6 WHEN 'download' THEN 7 WHEN 'form_submit' THEN 8 WHEN 'vital' THEN 9 WHEN 'consent' THEN 10 WHEN 'popup' THEN 11 WHEN 'spin' THEN 12 WHEN 'inventory' THEN 13 END, (SELECT id FROM strings WHERE value = name), (SELECT id FROM strings WHERE value = path), (SELECT id FROM strings WHERE value = title), (SELECT id FROM strings WHERE value = href), value, (SELECT id FROM strings WHERE value = currency), order_id, props
  FROM events e ORDER BY rowid;
--> statement-breakpoint
DROP TABLE `events`;
DROP TABLE `sessions`;
DROP TABLE `visitors`;
--> statement-breakpoint
-- Read-only views with the rows' text, for operators (sqlite3) and tests.
CREATE VIEW `events` AS SELECT e.seq, e.id_hash, (SELECT value FROM strings WHERE id = e.site) AS site_id, lower(substr(hex(s.uid),1,8)||'-'||substr(hex(s.uid),9,4)||'-'||substr(hex(s.uid),13,4)||'-'||substr(hex(s.uid),17,4)||'-'||substr(hex(s.uid),21)) AS session_id, lower(substr(hex(v.uid),1,8)||'-'||substr(hex(v.uid),9,4)||'-'||substr(hex(v.uid),13,4)||'-'||substr(hex(v.uid),17,4)||'-'||substr(hex(v.uid),21)) AS visitor_id, e.ts,
    CASE e.type WHEN 0 THEN 'pageview' WHEN 1 THEN 'engagement' WHEN 2 THEN 'event' WHEN 3 THEN 'conversion' WHEN 4 THEN 'identify' WHEN 5 THEN 'scroll' WHEN 6 THEN 'outbound' WHEN 7 THEN 'download' WHEN 8 THEN 'form_submit' WHEN 9 THEN 'vital' WHEN 10 THEN 'consent' WHEN 11 THEN 'popup' WHEN 12 THEN 'spin' WHEN 13 THEN 'inventory' END AS type, (SELECT value FROM strings WHERE id = e.name) AS name, (SELECT value FROM strings WHERE id = e.path) AS path, (SELECT value FROM strings WHERE id = e.title) AS title, e.value, (SELECT value FROM strings WHERE id = e.currency) AS currency, e.order_id, (SELECT value FROM strings WHERE id = e.href) AS href, e.props
  FROM event_rows e JOIN session_rows s ON s.seq = e.session JOIN visitor_rows v ON v.seq = s.visitor;
--> statement-breakpoint
CREATE VIEW `sessions` AS SELECT s.seq, lower(substr(hex(s.uid),1,8)||'-'||substr(hex(s.uid),9,4)||'-'||substr(hex(s.uid),13,4)||'-'||substr(hex(s.uid),17,4)||'-'||substr(hex(s.uid),21)) AS id, (SELECT value FROM strings WHERE id = s.site) AS site_id, lower(substr(hex(v.uid),1,8)||'-'||substr(hex(v.uid),9,4)||'-'||substr(hex(v.uid),13,4)||'-'||substr(hex(v.uid),17,4)||'-'||substr(hex(v.uid),21)) AS visitor_id, s.started_at, s.last_at, date(s.day * 86400, 'unixepoch') AS day,
    (SELECT value FROM strings WHERE id = s.landing) AS landing_path, s.landing_at, (SELECT value FROM strings WHERE id = s.exit) AS exit_path, s.exit_at, s.pageviews, s.events, s.engaged_ms, s.conversions, s.revenue, s.engaged,
    (SELECT value FROM strings WHERE id = s.channel) AS channel, (SELECT value FROM strings WHERE id = s.source) AS source, (SELECT value FROM strings WHERE id = s.medium) AS medium, (SELECT value FROM strings WHERE id = s.campaign) AS campaign, (SELECT value FROM strings WHERE id = s.referrer_host) AS referrer_host,
    (SELECT value FROM strings WHERE id = s.browser) AS browser, (SELECT value FROM strings WHERE id = s.os) AS os, (SELECT value FROM strings WHERE id = s.device) AS device, (SELECT value FROM strings WHERE id = s.country) AS country, (SELECT value FROM strings WHERE id = s.region) AS region, (SELECT value FROM strings WHERE id = s.city) AS city,
    (SELECT value FROM strings WHERE id = s.language) AS language, (SELECT value FROM strings WHERE id = s.screen) AS screen, s.is_new, s.consent_analytics, s.consent_marketing
  FROM session_rows s JOIN visitor_rows v ON v.seq = s.visitor;
--> statement-breakpoint
CREATE VIEW `visitors` AS SELECT v.seq, (SELECT value FROM strings WHERE id = v.site) AS site_id, lower(substr(hex(v.uid),1,8)||'-'||substr(hex(v.uid),9,4)||'-'||substr(hex(v.uid),13,4)||'-'||substr(hex(v.uid),17,4)||'-'||substr(hex(v.uid),21)) AS id, v.first_seen_at, v.last_seen_at, v.sessions, v.pageviews, v.conversions, v.revenue,
    (SELECT value FROM strings WHERE id = v.first_channel) AS first_channel, (SELECT value FROM strings WHERE id = v.first_source) AS first_source, (SELECT value FROM strings WHERE id = v.first_campaign) AS first_campaign,
    (SELECT value FROM strings WHERE id = v.last_channel) AS last_channel, (SELECT value FROM strings WHERE id = v.last_source) AS last_source, (SELECT value FROM strings WHERE id = v.last_campaign) AS last_campaign, v.last_touch_at,
    (SELECT value FROM strings WHERE id = v.country) AS country, (SELECT value FROM strings WHERE id = v.device) AS device, v.user_id, v.consented
  FROM visitor_rows v;
