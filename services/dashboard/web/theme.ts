import { signal } from "@preact/signals";

/** Light or dark: the system's (prefers-color-scheme) until the user picks one, kept in localStorage. */
export type Theme = "light" | "dark";

const STORAGE_KEY = "tidemark.theme";
const system = (): Theme => (window.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light");
const stored = (): Theme | null => {
  const value = localStorage.getItem(STORAGE_KEY);
  return value === "light" || value === "dark" ? value : null;
};

export const theme = signal<Theme>(stored() ?? system());

export function setTheme(next: Theme): void {
  theme.value = next;
  localStorage.setItem(STORAGE_KEY, next);
  document.documentElement.dataset.theme = next;
}

/** Applies a stored choice at start; without one the stylesheet follows the system. */
export function applyStoredTheme(): void {
  const choice = stored();
  if (choice) document.documentElement.dataset.theme = choice;
}
