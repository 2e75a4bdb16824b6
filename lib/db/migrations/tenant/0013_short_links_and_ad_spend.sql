CREATE TABLE `ad_spend` (
	`site_id` text NOT NULL,
	`platform` text NOT NULL,
	`account` text DEFAULT '' NOT NULL,
	`date` text NOT NULL,
	`campaign_id` text DEFAULT '' NOT NULL,
	`campaign_name` text NOT NULL,
	`utm_source` text,
	`utm_medium` text,
	`utm_campaign` text,
	`utm_id` text,
	`spend` real NOT NULL,
	`currency` text NOT NULL,
	`impressions` integer,
	`clicks` integer,
	`platform_conversions` real,
	`platform_conversion_value` real,
	`import_id` text NOT NULL,
	`imported_at` integer NOT NULL,
	PRIMARY KEY(`site_id`, `platform`, `account`, `date`, `campaign_id`, `campaign_name`)
);
--> statement-breakpoint
CREATE INDEX `ad_spend_date` ON `ad_spend` (`site_id`,`date`);--> statement-breakpoint
CREATE TABLE `short_link_clicks` (
	`id` text PRIMARY KEY NOT NULL,
	`link_id` text NOT NULL,
	`site_id` text NOT NULL,
	`at` integer NOT NULL,
	`class` text NOT NULL,
	`country` text,
	`device` text,
	`referrer_host` text
);
--> statement-breakpoint
CREATE INDEX `short_link_clicks_link` ON `short_link_clicks` (`link_id`,`at`);--> statement-breakpoint
CREATE TABLE `short_link_sessions` (
	`click_id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`link_id` text NOT NULL,
	`session_seq` integer NOT NULL,
	`visitor_seq` integer NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `short_link_sessions_link` ON `short_link_sessions` (`link_id`,`at`);--> statement-breakpoint
CREATE TABLE `short_links` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`slug` text NOT NULL,
	`url` text NOT NULL,
	`utm` text NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`expires_at` integer,
	`max_clicks` integer,
	`fallback_url` text,
	`active` integer DEFAULT 1 NOT NULL,
	`clicks` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `short_links_slug` ON `short_links` (`site_id`,`slug`);--> statement-breakpoint
CREATE INDEX `short_links_created` ON `short_links` (`site_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `spend_imports` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`source` text NOT NULL,
	`format` text NOT NULL,
	`rows` integer NOT NULL,
	`days` integer NOT NULL,
	`imported_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `spend_imports_site` ON `spend_imports` (`site_id`,`imported_at`);