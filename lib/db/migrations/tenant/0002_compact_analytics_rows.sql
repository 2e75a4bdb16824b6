CREATE TABLE `event_rows` (
	`seq` integer PRIMARY KEY NOT NULL,
	`site` integer NOT NULL,
	`session` integer NOT NULL,
	`ts` integer NOT NULL,
	`id_hash` integer NOT NULL,
	`type` integer NOT NULL,
	`name` integer,
	`path` integer,
	`title` integer,
	`href` integer,
	`value` real,
	`currency` integer,
	`order_id` text,
	`props` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `event_rows_dedup` ON `event_rows` (`site`,`ts`,`id_hash`);--> statement-breakpoint
CREATE TABLE `session_rows` (
	`seq` integer PRIMARY KEY NOT NULL,
	`site` integer NOT NULL,
	`uid` blob NOT NULL,
	`visitor` integer NOT NULL,
	`started_at` integer NOT NULL,
	`last_at` integer NOT NULL,
	`day` integer NOT NULL,
	`landing` integer,
	`landing_at` integer,
	`exit` integer,
	`exit_at` integer,
	`pageviews` integer NOT NULL,
	`events` integer NOT NULL,
	`engaged_ms` integer NOT NULL,
	`conversions` integer NOT NULL,
	`revenue` real NOT NULL,
	`engaged` integer NOT NULL,
	`channel` integer NOT NULL,
	`source` integer,
	`medium` integer,
	`campaign` integer,
	`referrer_host` integer,
	`browser` integer,
	`os` integer,
	`device` integer,
	`country` integer,
	`region` integer,
	`city` integer,
	`language` integer,
	`screen` integer,
	`is_new` integer NOT NULL,
	`consent_analytics` integer NOT NULL,
	`consent_marketing` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `session_rows_uid` ON `session_rows` (`site`,`uid`);--> statement-breakpoint
CREATE TABLE `strings` (
	`id` integer PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `strings_value` ON `strings` (`value`);--> statement-breakpoint
CREATE TABLE `visitor_rows` (
	`seq` integer PRIMARY KEY NOT NULL,
	`site` integer NOT NULL,
	`uid` blob NOT NULL,
	`first_seen_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`sessions` integer NOT NULL,
	`pageviews` integer NOT NULL,
	`conversions` integer NOT NULL,
	`revenue` real NOT NULL,
	`first_channel` integer,
	`first_source` integer,
	`first_campaign` integer,
	`last_channel` integer,
	`last_source` integer,
	`last_campaign` integer,
	`last_touch_at` integer,
	`country` integer,
	`device` integer,
	`user_id` text,
	`consented` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `visitor_rows_uid` ON `visitor_rows` (`site`,`uid`);