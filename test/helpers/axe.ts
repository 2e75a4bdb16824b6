import axe from "axe-core";
import type { Page } from "playwright-core";

/** axe-core with the WCAG 2 A and AA rules: the serious and critical violations, named. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, not added as a <script>: the dashboard's CSP refuses inline scripts.
  await page.evaluate(`${axe.source}\n;undefined`);
  const result = await page.evaluate(() => (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: ["wcag2a", "wcag2aa"] }));
  return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
