-- Order ids are checked in memory by the write connection (SeenOrders); the table becomes
-- an append-only log without the (site_id, order_id) index that cost a random page a conversion.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_conversion_orders` (
	`site_id` text NOT NULL,
	`order_id` text NOT NULL,
	`event_id` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_conversion_orders`("site_id", "order_id", "event_id", "at") SELECT "site_id", "order_id", "event_id", "at" FROM `conversion_orders`;--> statement-breakpoint
DROP TABLE `conversion_orders`;--> statement-breakpoint
ALTER TABLE `__new_conversion_orders` RENAME TO `conversion_orders`;--> statement-breakpoint
PRAGMA foreign_keys=ON;