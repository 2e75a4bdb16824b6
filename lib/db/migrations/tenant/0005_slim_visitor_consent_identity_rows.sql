-- Visitor rows keep only what sessions cannot tell; the consent log and identify links refer
-- to visitors, sessions and strings by number instead of repeating UUIDs and site ids as text.
CREATE TABLE `consent_rows` (
	`seq` integer PRIMARY KEY NOT NULL,
	`site` integer NOT NULL,
	`at` integer NOT NULL,
	`visitor` integer NOT NULL,
	`session` integer NOT NULL,
	`analytics` integer NOT NULL,
	`marketing` integer NOT NULL,
	`path` integer
);
--> statement-breakpoint
CREATE INDEX `consent_rows_site_at` ON `consent_rows` (`site`,`at`);--> statement-breakpoint
CREATE TABLE `identity_rows` (
	`site` integer NOT NULL,
	`user` integer NOT NULL,
	`visitor` integer NOT NULL,
	`first_at` integer NOT NULL,
	PRIMARY KEY(`site`, `user`, `visitor`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT OR IGNORE INTO `strings` (`value`) SELECT `user_id` FROM `identities` UNION SELECT `user_id` FROM `visitor_rows` WHERE `user_id` IS NOT NULL;--> statement-breakpoint
INSERT INTO `consent_rows` (site, at, visitor, session, analytics, marketing, path)
  SELECT st.id, c.at, v.seq, s.seq, c.analytics, c.marketing, (SELECT id FROM strings WHERE value = c.path)
  FROM consent_log c JOIN strings st ON st.value = c.site_id
  JOIN visitor_rows v ON v.site = st.id AND v.uid = unhex(replace(c.visitor_id, '-', ''))
  JOIN session_rows s ON s.site = st.id AND s.uid = unhex(replace(c.session_id, '-', ''))
  ORDER BY c.at;--> statement-breakpoint
INSERT OR IGNORE INTO `identity_rows` (site, user, visitor, first_at)
  SELECT st.id, u.id, v.seq, i.first_at
  FROM identities i JOIN strings st ON st.value = i.site_id JOIN strings u ON u.value = i.user_id
  JOIN visitor_rows v ON v.site = st.id AND v.uid = unhex(replace(i.visitor_id, '-', ''));--> statement-breakpoint
DROP TABLE `consent_log`;--> statement-breakpoint
DROP TABLE `identities`;--> statement-breakpoint
ALTER TABLE `visitor_rows` ADD `user` integer;--> statement-breakpoint
UPDATE `visitor_rows` SET `user` = (SELECT id FROM strings WHERE value = visitor_rows.user_id) WHERE `user_id` IS NOT NULL;--> statement-breakpoint
DROP VIEW `visitors`;--> statement-breakpoint
DROP VIEW `sessions`;--> statement-breakpoint
DROP VIEW `events`;--> statement-breakpoint
ALTER TABLE `visitor_rows` DROP COLUMN `pageviews`;--> statement-breakpoint
ALTER TABLE `visitor_rows` DROP COLUMN `conversions`;--> statement-breakpoint
ALTER TABLE `visitor_rows` DROP COLUMN `revenue`;--> statement-breakpoint
ALTER TABLE `visitor_rows` DROP COLUMN `first_channel`;--> statement-breakpoint
ALTER TABLE `visitor_rows` DROP COLUMN `first_source`;--> statement-breakpoint
ALTER TABLE `visitor_rows` DROP COLUMN `first_campaign`;--> statement-breakpoint
ALTER TABLE `visitor_rows` DROP COLUMN `last_channel`;--> statement-breakpoint
ALTER TABLE `visitor_rows` DROP COLUMN `last_source`;--> statement-breakpoint
ALTER TABLE `visitor_rows` DROP COLUMN `last_campaign`;--> statement-breakpoint
ALTER TABLE `visitor_rows` DROP COLUMN `last_touch_at`;--> statement-breakpoint
ALTER TABLE `visitor_rows` DROP COLUMN `country`;--> statement-breakpoint
ALTER TABLE `visitor_rows` DROP COLUMN `device`;--> statement-breakpoint
ALTER TABLE `visitor_rows` DROP COLUMN `user_id`;--> statement-breakpoint
-- Read-only views with the rows' text, for operators (sqlite3) and tests.
CREATE VIEW `events` AS SELECT e.seq, (SELECT value FROM strings WHERE id = e.site) AS site_id, lower(substr(hex(s.uid),1,8)||'-'||substr(hex(s.uid),9,4)||'-'||substr(hex(s.uid),13,4)||'-'||substr(hex(s.uid),17,4)||'-'||substr(hex(s.uid),21)) AS session_id, lower(substr(hex(v.uid),1,8)||'-'||substr(hex(v.uid),9,4)||'-'||substr(hex(v.uid),13,4)||'-'||substr(hex(v.uid),17,4)||'-'||substr(hex(v.uid),21)) AS visitor_id, e.ts,
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
CREATE VIEW `visitors` AS SELECT v.seq, (SELECT value FROM strings WHERE id = v.site) AS site_id, lower(substr(hex(v.uid),1,8)||'-'||substr(hex(v.uid),9,4)||'-'||substr(hex(v.uid),13,4)||'-'||substr(hex(v.uid),17,4)||'-'||substr(hex(v.uid),21)) AS id, v.first_seen_at, v.last_seen_at, v.sessions,
    (SELECT value FROM strings WHERE id = v.user) AS user_id, v.consented
  FROM visitor_rows v;
--> statement-breakpoint
CREATE VIEW `identities` AS SELECT (SELECT value FROM strings WHERE id = i.site) AS site_id, (SELECT value FROM strings WHERE id = i.user) AS user_id, lower(substr(hex(v.uid),1,8)||'-'||substr(hex(v.uid),9,4)||'-'||substr(hex(v.uid),13,4)||'-'||substr(hex(v.uid),17,4)||'-'||substr(hex(v.uid),21)) AS visitor_id, i.first_at
  FROM identity_rows i JOIN visitor_rows v ON v.seq = i.visitor;
--> statement-breakpoint
CREATE VIEW `consent_log` AS SELECT c.seq, (SELECT value FROM strings WHERE id = c.site) AS site_id, lower(substr(hex(v.uid),1,8)||'-'||substr(hex(v.uid),9,4)||'-'||substr(hex(v.uid),13,4)||'-'||substr(hex(v.uid),17,4)||'-'||substr(hex(v.uid),21)) AS visitor_id, lower(substr(hex(s.uid),1,8)||'-'||substr(hex(s.uid),9,4)||'-'||substr(hex(s.uid),13,4)||'-'||substr(hex(s.uid),17,4)||'-'||substr(hex(s.uid),21)) AS session_id, c.at, c.analytics, c.marketing, (SELECT value FROM strings WHERE id = c.path) AS path
  FROM consent_rows c JOIN visitor_rows v ON v.seq = c.visitor JOIN session_rows s ON s.seq = c.session;
