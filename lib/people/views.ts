/** The visitor list's views (spec 4.9 `view`); no TypeBox here, so the dashboard can import it. */
export const VISITOR_VIEWS = ["recent", "hot", "identified", "customers"] as const;
export type VisitorView = (typeof VISITOR_VIEWS)[number];
