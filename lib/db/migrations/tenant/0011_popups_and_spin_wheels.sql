CREATE TABLE `coupon_codes` (
	`wheel_id` text NOT NULL,
	`slice` integer NOT NULL,
	`code` text NOT NULL,
	`spin_id` text,
	PRIMARY KEY(`wheel_id`, `code`)
);
--> statement-breakpoint
CREATE INDEX `coupon_codes_free` ON `coupon_codes` (`wheel_id`,`slice`,`spin_id`);--> statement-breakpoint
CREATE TABLE `engagement_settings` (
	`site_id` text PRIMARY KEY NOT NULL,
	`popups_per_session` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `popup_days` (
	`popup_id` text NOT NULL,
	`day` integer NOT NULL,
	`variant` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`closes` integer DEFAULT 0 NOT NULL,
	`submits` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`popup_id`, `day`, `variant`)
);
--> statement-breakpoint
CREATE TABLE `popup_exposures` (
	`popup_id` text NOT NULL,
	`visitor` integer NOT NULL,
	`variant` text NOT NULL,
	`first_at` integer NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`closes` integer DEFAULT 0 NOT NULL,
	`lead_at` integer,
	PRIMARY KEY(`popup_id`, `visitor`)
);
--> statement-breakpoint
CREATE INDEX `popup_exposures_first` ON `popup_exposures` (`popup_id`,`first_at`);--> statement-breakpoint
CREATE INDEX `popup_exposures_lead` ON `popup_exposures` (`popup_id`,`lead_at`);--> statement-breakpoint
CREATE TABLE `popups` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`name` text NOT NULL,
	`status` text NOT NULL,
	`definition` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `popups_site` ON `popups` (`site_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `spin_slices` (
	`wheel_id` text NOT NULL,
	`slice` integer NOT NULL,
	`stock_left` integer,
	`awarded` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`wheel_id`, `slice`)
);
--> statement-breakpoint
CREATE TABLE `spin_wheels` (
	`id` text PRIMARY KEY NOT NULL,
	`site_id` text NOT NULL,
	`name` text NOT NULL,
	`status` text NOT NULL,
	`definition` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `spin_wheels_site` ON `spin_wheels` (`site_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `spins` (
	`id` text PRIMARY KEY NOT NULL,
	`wheel_id` text NOT NULL,
	`client_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`visitor_uid` text NOT NULL,
	`email` text NOT NULL,
	`slice` integer NOT NULL,
	`code` text,
	`expires_at` integer,
	`lead_id` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `spins_client` ON `spins` (`wheel_id`,`client_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `spins_email` ON `spins` (`wheel_id`,`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `spins_visitor` ON `spins` (`wheel_id`,`visitor_uid`);--> statement-breakpoint
CREATE INDEX `spins_created` ON `spins` (`wheel_id`,`created_at`);