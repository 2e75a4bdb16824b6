CREATE TABLE `inventory_dropped` (
	`site_id` text PRIMARY KEY NOT NULL,
	`items` integer NOT NULL,
	`last_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `inventory_witnesses` (
	`site_id` text NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`visitor` integer NOT NULL,
	PRIMARY KEY(`site_id`, `kind`, `name`, `visitor`)
);
