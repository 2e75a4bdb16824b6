CREATE TABLE `consent_log` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`visitor_id` text NOT NULL,
	`session_id` text NOT NULL,
	`at` integer NOT NULL,
	`analytics` integer NOT NULL,
	`marketing` integer NOT NULL,
	`path` text
);
--> statement-breakpoint
CREATE INDEX `consent_site_at` ON `consent_log` (`site_id`,`at`);--> statement-breakpoint
CREATE TABLE `conversion_orders` (
	`site_id` text NOT NULL,
	`order_id` text NOT NULL,
	`event_id` text NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`site_id`, `order_id`)
);
--> statement-breakpoint
CREATE TABLE `events` (
	`id` text NOT NULL,
	`id_hash` integer NOT NULL,
	`site_id` text NOT NULL,
	`session_id` text NOT NULL,
	`visitor_id` text NOT NULL,
	`ts` integer NOT NULL,
	`type` text NOT NULL,
	`name` text,
	`path` text,
	`title` text,
	`value` real,
	`currency` text,
	`order_id` text,
	`href` text,
	`props` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `events_site_ts_id` ON `events` (`site_id`,`ts`,`id_hash`);--> statement-breakpoint
CREATE TABLE `identities` (
	`site_id` text NOT NULL,
	`user_id` text NOT NULL,
	`visitor_id` text NOT NULL,
	`first_at` integer NOT NULL,
	PRIMARY KEY(`site_id`, `user_id`, `visitor_id`)
);
--> statement-breakpoint
CREATE TABLE `inventory` (
	`site_id` text NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`first_seen_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`before_consent` integer DEFAULT 0 NOT NULL,
	`last_path` text,
	PRIMARY KEY(`site_id`, `kind`, `name`)
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`visitor_id` text NOT NULL,
	`started_at` integer NOT NULL,
	`last_at` integer NOT NULL,
	`day` text NOT NULL,
	`landing_path` text,
	`landing_at` integer,
	`exit_path` text,
	`exit_at` integer,
	`pageviews` integer DEFAULT 0 NOT NULL,
	`events` integer DEFAULT 0 NOT NULL,
	`engaged_ms` integer DEFAULT 0 NOT NULL,
	`conversions` integer DEFAULT 0 NOT NULL,
	`revenue` real DEFAULT 0 NOT NULL,
	`engaged` integer DEFAULT 0 NOT NULL,
	`source` text,
	`medium` text,
	`campaign` text,
	`channel` text NOT NULL,
	`referrer_host` text,
	`browser` text,
	`os` text,
	`device` text,
	`country` text,
	`region` text,
	`city` text,
	`language` text,
	`screen` text,
	`is_new` integer DEFAULT 0 NOT NULL,
	`consent_analytics` integer DEFAULT 0 NOT NULL,
	`consent_marketing` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sessions_site_day` ON `sessions` (`site_id`,`day`);--> statement-breakpoint
CREATE INDEX `sessions_visitor` ON `sessions` (`visitor_id`,`started_at`);--> statement-breakpoint
CREATE TABLE `visitors` (
	`site_id` text NOT NULL,
	`id` text NOT NULL,
	`first_seen_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`sessions` integer DEFAULT 0 NOT NULL,
	`pageviews` integer DEFAULT 0 NOT NULL,
	`conversions` integer DEFAULT 0 NOT NULL,
	`revenue` real DEFAULT 0 NOT NULL,
	`first_channel` text,
	`first_source` text,
	`first_campaign` text,
	`last_channel` text,
	`last_source` text,
	`last_campaign` text,
	`last_touch_at` integer,
	`country` text,
	`device` text,
	`user_id` text,
	`consented` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`site_id`, `id`)
);
--> statement-breakpoint
CREATE INDEX `visitors_site_last` ON `visitors` (`site_id`,`last_seen_at`);