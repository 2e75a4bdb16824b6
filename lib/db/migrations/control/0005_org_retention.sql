ALTER TABLE `orgs` ADD `retention_months` integer DEFAULT 25 NOT NULL;--> statement-breakpoint
ALTER TABLE `orgs` ADD `delivery_body_days` integer DEFAULT 30 NOT NULL;