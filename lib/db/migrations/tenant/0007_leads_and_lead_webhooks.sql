CREATE TABLE `deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`integration_id` text NOT NULL,
	`lead_id` text NOT NULL,
	`event` text NOT NULL,
	`body` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`last_attempt_at` integer,
	`last_status` integer,
	`last_error` text,
	`created_at` integer NOT NULL,
	`delivered_at` integer
);
--> statement-breakpoint
CREATE INDEX `deliveries_due` ON `deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `deliveries_integration` ON `deliveries` (`integration_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `delivery_attempts` (
	`delivery_id` text NOT NULL,
	`attempt` integer NOT NULL,
	`at` integer NOT NULL,
	`status` integer,
	`error` text,
	`ms` integer NOT NULL,
	PRIMARY KEY(`delivery_id`, `attempt`)
);
--> statement-breakpoint
CREATE TABLE `leads` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`source` text NOT NULL,
	`source_name` text NOT NULL,
	`external_id` text,
	`name` text,
	`email` text,
	`phone` text,
	`company` text,
	`message` text,
	`extra` text DEFAULT '{}' NOT NULL,
	`visitor` integer,
	`path` text,
	`country` text,
	`channel` text,
	`campaign` text,
	`source_medium` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `leads_external` ON `leads` (`site_id`,`external_id`);--> statement-breakpoint
CREATE INDEX `leads_site_created` ON `leads` (`site_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `leads_site_email` ON `leads` (`site_id`,`email`);--> statement-breakpoint
CREATE INDEX `leads_visitor` ON `leads` (`visitor`);--> statement-breakpoint
ALTER TABLE `integrations` ADD `last_success_at` integer;--> statement-breakpoint
ALTER TABLE `integrations` ADD `last_failure_at` integer;--> statement-breakpoint
ALTER TABLE `integrations` ADD `failing_since` integer;--> statement-breakpoint
ALTER TABLE `integrations` ADD `disabled_reason` text;--> statement-breakpoint
ALTER TABLE `integrations` ADD `last_received_at` integer;