import { describe, expect, test } from "bun:test";
import { docsFacts, withSection } from "../../scripts/docs-facts.ts";

/** The docs' generated sections (scripts/docs-facts.ts) say what the code defines now. */
describe("generated doc sections", () => {
  for (const { file, name, now, generated } of docsFacts())
    test(`${file} "${name}" is up to date (else run bun scripts/docs-facts.ts)`, () => expect(now).toBe(generated));

  test("a doc without the section's markers is refused, not silently left alone", () => {
    expect(() => withSection("# api\n", "roles", "x")).toThrow('no generated section "roles"');
  });

  test("only the text between the markers is replaced", () => {
    const doc = "a\n<!-- generated: roles (scripts/docs-facts.ts) -->\nold\n<!-- end generated: roles -->\nb\n";
    expect(withSection(doc, "roles", "new")).toBe("a\n<!-- generated: roles (scripts/docs-facts.ts) -->\nnew\n<!-- end generated: roles -->\nb\n");
  });
});
