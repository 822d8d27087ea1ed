import { defineForm } from "~/platform/forms/form-spec";

export const themes = ["light", "dark", "system"] as const;

export type Theme = (typeof themes)[number];

export const themeLabels: Record<Theme, string> = {
  light: "Light",
  dark: "Dark",
  system: "System",
};

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (themes as readonly string[]).includes(value);
}

/** The theme switch: light, dark or system, and the page to go back to. */
export const themeForm = defineForm({
  id: "theme",
  fields: ["theme", "redirectTo"],
  labels: { theme: "Theme" },
  rules: () => import("./theme-rules").then((rules) => rules.themeSchema),
});
