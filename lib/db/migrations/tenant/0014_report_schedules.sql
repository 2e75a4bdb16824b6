CREATE TABLE `report_runs` (
	`schedule_id` text NOT NULL,
	`run_due_at` integer NOT NULL,
	`attempt` integer NOT NULL,
	`started_at` integer NOT NULL,
	`lease_until` integer NOT NULL,
	`finished_at` integer,
	`status` text NOT NULL,
	`error` text,
	`rows` integer,
	`recipients` integer,
	PRIMARY KEY(`schedule_id`, `run_due_at`, `attempt`)
);
--> statement-breakpoint
CREATE TABLE `report_schedule_recipients` (
	`schedule_id` text NOT NULL,
	`email` text NOT NULL,
	`state` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`schedule_id`, `email`)
);
--> statement-breakpoint
CREATE TABLE `report_schedules` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`report_key` text NOT NULL,
	`frequency` text NOT NULL,
	`at` text NOT NULL,
	`weekday` integer,
	`day` integer,
	`format` text NOT NULL,
	`owner_user_id` text NOT NULL,
	`active` integer NOT NULL,
	`paused_reason` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`run_due_at` integer NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`last_run_at` integer,
	`last_status` text,
	`last_error` text
);
--> statement-breakpoint
CREATE INDEX `report_schedules_due` ON `report_schedules` (`active`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `report_schedules_site` ON `report_schedules` (`site_id`);