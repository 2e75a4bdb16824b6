import { expect, test } from "bun:test";
import { contactFor, HIDDEN_MESSAGE, maskContact, maskMessage } from "../../lib/privacy/mask.ts";

test("a contact value shows its first character, then ***", () => {
  expect(maskContact("ada@example.com")).toBe("a***");
  expect(maskContact("Ada Lovelace")).toBe("A***");
  expect(maskContact("+44 20 7946 0000")).toBe("+***");
  expect(maskContact("Émile")).toBe("É***");
  expect(maskContact("😀 Smiles Ltd")).toBe("😀***");
  expect(maskContact("x")).toBe("x***");
  expect(maskContact("")).toBe("");
  expect(maskContact(null)).toBeNull();
  expect(maskContact(undefined)).toBeNull();
});

test("a message becomes the hidden marker, whatever its length", () => {
  expect(maskMessage("Please call me back about pricing")).toBe(HIDDEN_MESSAGE);
  expect(maskMessage("")).toBe(HIDDEN_MESSAGE);
  expect(maskMessage(null)).toBeNull();
});

test("every contact field of a row is masked without PII access, none with it, other fields untouched", () => {
  const row = { id: "l1", name: "Ada Lovelace", email: "ada@example.com", phone: "+44 20 7946 0000", company: "Analytical Engines", message: "Hello", source: "api" };
  expect(contactFor(row, false)).toEqual({ id: "l1", name: "A***", email: "a***", phone: "+***", company: "A***", message: HIDDEN_MESSAGE, source: "api" });
  expect(contactFor(row, true)).toEqual(row);
  // Fields that are absent stay absent; nulls stay null.
  expect(contactFor({ email: null, name: "Bo" }, false)).toEqual({ email: null, name: "B***" });
  // The row given is not changed.
  expect(row.email).toBe("ada@example.com");
});
