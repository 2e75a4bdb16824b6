CREATE TABLE `sign_in_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`address` text NOT NULL,
	`source` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sign_in_attempts_address_at` ON `sign_in_attempts` (`address`,`at`);--> statement-breakpoint
CREATE INDEX `sign_in_attempts_source_at` ON `sign_in_attempts` (`source`,`at`);--> statement-breakpoint
CREATE INDEX `sign_in_attempts_at` ON `sign_in_attempts` (`at`);--> statement-breakpoint
DROP TABLE `failed_sign_ins`;--> statement-breakpoint
ALTER TABLE `user_sessions` ADD `enrolled_at` integer;