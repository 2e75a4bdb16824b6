CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`at` integer NOT NULL,
	`actor_type` text NOT NULL,
	`actor_id` text NOT NULL,
	`actor_name` text NOT NULL,
	`actor_email` text DEFAULT '' NOT NULL,
	`action` text NOT NULL,
	`label` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`meta` text DEFAULT '{}' NOT NULL,
	`ip` text
);
--> statement-breakpoint
CREATE INDEX `audit_at` ON `audit_log` (`at`);--> statement-breakpoint
CREATE INDEX `audit_action` ON `audit_log` (`action`,`at`);--> statement-breakpoint
CREATE TABLE `integrations` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`kind` text NOT NULL,
	`url` text,
	`signing_secret` text,
	`secret_hash` text,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `integrations_site` ON `integrations` (`site_id`);--> statement-breakpoint
CREATE TABLE `key_uses` (
	`key_id` text NOT NULL,
	`day` text NOT NULL,
	`ip` text NOT NULL,
	`count` integer NOT NULL,
	`first_at` integer NOT NULL,
	`last_at` integer NOT NULL,
	PRIMARY KEY(`key_id`, `day`, `ip`)
);
--> statement-breakpoint
CREATE TABLE `rejected_hosts` (
	`site_id` text NOT NULL,
	`host` text NOT NULL,
	`hits` integer NOT NULL,
	`first_seen_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	PRIMARY KEY(`site_id`, `host`)
);
--> statement-breakpoint
CREATE TABLE `site_hit_minutes` (
	`site_id` text NOT NULL,
	`minute` integer NOT NULL,
	`hits` integer NOT NULL,
	PRIMARY KEY(`site_id`, `minute`)
);
--> statement-breakpoint
CREATE TABLE `site_hits` (
	`site_id` text PRIMARY KEY NOT NULL,
	`first_hit_at` integer NOT NULL,
	`last_hit_at` integer NOT NULL
);
