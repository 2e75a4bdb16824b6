CREATE TABLE `benchmark_inputs` (
	`site_id` text NOT NULL,
	`org_id` text NOT NULL,
	`industry` text NOT NULL,
	`window_to` text NOT NULL,
	`sessions` integer NOT NULL,
	`metrics` text NOT NULL,
	`computed_at` integer NOT NULL,
	PRIMARY KEY(`site_id`, `window_to`)
);
--> statement-breakpoint
CREATE INDEX `benchmark_inputs_industry` ON `benchmark_inputs` (`industry`,`window_to`);--> statement-breakpoint
CREATE TABLE `benchmark_results` (
	`industry` text NOT NULL,
	`day` text NOT NULL,
	`metric` text NOT NULL,
	`orgs` integer NOT NULL,
	`eligible` integer NOT NULL,
	`reason` text,
	`p25` real,
	`p50` real,
	`p75` real,
	`size_p25` integer,
	`size_p75` integer,
	`computed_at` integer NOT NULL,
	PRIMARY KEY(`industry`, `day`, `metric`)
);
--> statement-breakpoint
CREATE TABLE `job_runs` (
	`job` text NOT NULL,
	`day` text NOT NULL,
	`owner` text NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`result` text,
	PRIMARY KEY(`job`, `day`)
);
--> statement-breakpoint
ALTER TABLE `orgs` ADD `benchmark_opt_out` integer DEFAULT false NOT NULL;