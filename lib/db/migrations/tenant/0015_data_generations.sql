CREATE TABLE `data_generations` (
	`site_id` text PRIMARY KEY NOT NULL,
	`generation` integer NOT NULL,
	`changed_at` integer NOT NULL
);
