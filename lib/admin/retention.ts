import type { Platform } from "../platform.ts";
import { OPERATOR } from "../audit.ts";
import { changeRetention, RETENTION_LIMITS } from "../lifecycle/retention-settings.ts";
import { idFlag, integer, orgById } from "./validate.ts";

/** `org retention --org ID [--events-months 1-120] [--delivery-days 1-3650]`: prints the settings, changing those given. */
export async function orgRetentionCommand(platform: Platform, input: { org?: unknown; "events-months"?: unknown; "delivery-days"?: unknown }) {
  const org = orgById(platform.control.db, idFlag(input.org, "--org"));
  const { eventsMonths: m, deliveryDays: d } = RETENTION_LIMITS;
  const change = {
    ...(input["events-months"] !== undefined && { eventsMonths: integer(input["events-months"], "--events-months", m.min, m.max) }),
    ...(input["delivery-days"] !== undefined && { deliveryDays: integer(input["delivery-days"], "--delivery-days", d.min, d.max) }),
  };
  return changeRetention(platform, org, change, OPERATOR);
}
