CREATE TABLE `cookie_overrides` (
	`site_id` text NOT NULL,
	`name` text NOT NULL,
	`category` text NOT NULL,
	`vendor` text DEFAULT '' NOT NULL,
	`purpose` text DEFAULT '' NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`site_id`, `name`)
);
--> statement-breakpoint
CREATE TABLE `cookie_scan_items` (
	`scan_id` text NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`pass` integer NOT NULL,
	`host` text NOT NULL,
	`page` text NOT NULL,
	`at` integer NOT NULL,
	`http_only` integer,
	PRIMARY KEY(`scan_id`, `kind`, `name`, `pass`)
);
--> statement-breakpoint
CREATE TABLE `cookie_scans` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`status` text NOT NULL,
	`trigger` text NOT NULL,
	`queued_at` integer NOT NULL,
	`started_at` integer,
	`finished_at` integer,
	`lease_until` integer,
	`pages` integer DEFAULT 0 NOT NULL,
	`found` integer DEFAULT 0 NOT NULL,
	`error` text
);
--> statement-breakpoint
CREATE INDEX `cookie_scans_site` ON `cookie_scans` (`site_id`,`queued_at`);--> statement-breakpoint
CREATE INDEX `cookie_scans_status` ON `cookie_scans` (`status`);--> statement-breakpoint
CREATE TABLE `inventory_sample_items` (
	`site_id` text NOT NULL,
	`page_key` text NOT NULL,
	`state` integer NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	PRIMARY KEY(`site_id`, `page_key`, `state`, `kind`, `name`)
);
--> statement-breakpoint
CREATE INDEX `inventory_sample_items_item` ON `inventory_sample_items` (`site_id`,`kind`,`name`);--> statement-breakpoint
CREATE TABLE `inventory_samples` (
	`site_id` text NOT NULL,
	`page_key` text NOT NULL,
	`state` integer NOT NULL,
	`digest` text NOT NULL,
	`last_at` integer NOT NULL,
	`path` text NOT NULL,
	PRIMARY KEY(`site_id`, `page_key`, `state`)
);
--> statement-breakpoint
CREATE TABLE `inventory_sightings` (
	`site_id` text NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`state` integer NOT NULL,
	`at` integer NOT NULL,
	`path` text NOT NULL,
	PRIMARY KEY(`site_id`, `kind`, `name`, `state`)
);
--> statement-breakpoint
ALTER TABLE `inventory` ADD `host` text;