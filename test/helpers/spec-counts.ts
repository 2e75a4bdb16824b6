/**
 * Counts the spec states, each written once here (docs/testing.md "Facts said once"). Code,
 * OpenAPI text and the dashboard derive theirs from the one definition (e.g. the catalogue
 * array); a test compares that definition against the spec's count named here.
 */

/** Spec 4.8 names the library's report keys: nineteen of them. */
export const SPEC_LIBRARY_REPORT_COUNT = 19;
