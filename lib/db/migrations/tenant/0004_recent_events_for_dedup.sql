CREATE TABLE `recent_events` (
	`site` integer NOT NULL,
	`ts` integer NOT NULL,
	`id_hash` integer NOT NULL,
	`session` integer NOT NULL,
	`type` integer NOT NULL,
	`path` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `recent_events_id` ON `recent_events` (`site`,`ts`,`id_hash`);--> statement-breakpoint
-- Events of the last 73 hours keep deduplicating after the move.
INSERT OR IGNORE INTO `recent_events` (`site`, `ts`, `id_hash`, `session`, `type`, `path`)
  SELECT `site`, `ts`, `id_hash`, `session`, `type`, `path` FROM `event_rows` WHERE `ts` >= (unixepoch() - 73 * 3600) * 1000;--> statement-breakpoint
DROP VIEW `events`;--> statement-breakpoint
DROP INDEX `event_rows_dedup`;--> statement-breakpoint
ALTER TABLE `event_rows` DROP COLUMN `id_hash`;--> statement-breakpoint
CREATE VIEW `events` AS SELECT e.seq, (SELECT value FROM strings WHERE id = e.site) AS site_id, lower(substr(hex(s.uid),1,8)||'-'||substr(hex(s.uid),9,4)||'-'||substr(hex(s.uid),13,4)||'-'||substr(hex(s.uid),17,4)||'-'||substr(hex(s.uid),21)) AS session_id, lower(substr(hex(v.uid),1,8)||'-'||substr(hex(v.uid),9,4)||'-'||substr(hex(v.uid),13,4)||'-'||substr(hex(v.uid),17,4)||'-'||substr(hex(v.uid),21)) AS visitor_id, e.ts,
    CASE e.type WHEN 0 THEN 'pageview' WHEN 1 THEN 'engagement' WHEN 2 THEN 'event' WHEN 3 THEN 'conversion' WHEN 4 THEN 'identify' WHEN 5 THEN 'scroll' WHEN 6 THEN 'outbound' WHEN 7 THEN 'download' WHEN 8 THEN 'form_submit' WHEN 9 THEN 'vital' WHEN 10 THEN 'consent' WHEN 11 THEN 'popup' WHEN 12 THEN 'spin' WHEN 13 THEN 'inventory' END AS type, (SELECT value FROM strings WHERE id = e.name) AS name, (SELECT value FROM strings WHERE id = e.path) AS path, (SELECT value FROM strings WHERE id = e.title) AS title, e.value, (SELECT value FROM strings WHERE id = e.currency) AS currency, e.order_id, (SELECT value FROM strings WHERE id = e.href) AS href, e.props
  FROM event_rows e JOIN session_rows s ON s.seq = e.session JOIN visitor_rows v ON v.seq = s.visitor;
