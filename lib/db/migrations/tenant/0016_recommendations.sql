CREATE TABLE `recommendation_runs` (
	`site_id` text PRIMARY KEY NOT NULL,
	`computed_at` integer NOT NULL,
	`window_from` text NOT NULL,
	`window_to` text NOT NULL,
	`sessions` integer NOT NULL,
	`metrics` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `recommendations` (
	`site_id` text NOT NULL,
	`rule_key` text NOT NULL,
	`status` text NOT NULL,
	`score` real NOT NULL,
	`severity` text NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`action` text NOT NULL,
	`evidence` text NOT NULL,
	`computed_at` integer NOT NULL,
	`status_changed_at` integer,
	`status_evidence` text,
	`snoozed_until` integer,
	`active` integer NOT NULL,
	PRIMARY KEY(`site_id`, `rule_key`)
);
