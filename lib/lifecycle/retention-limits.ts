/** The bounds of an org's retention settings (docs/data-lifecycle.md "Retention"); the dashboard's form reads them too. */
export const RETENTION_LIMITS = {
  eventsMonths: { min: 1, max: 120 },
  deliveryDays: { min: 1, max: 3650 },
} as const;
