import { defineForm } from "~/platform/forms/form-spec";

/**
 * "Start with a clean slate": an area's sample rows (the invented content a
 * fresh install starts with, not yet saved by staff) removed in one step,
 * once a box says so. What staff have saved stays.
 */
export const cleanSlateForm = defineForm({
  id: "clean-slate",
  fields: ["confirm"],
  labels: { confirm: "Remove the sample" },
  verb: "remove",
  rules: () => import("./clean-slate-rules").then((rules) => rules.cleanSlateSchema),
});

/** The anchor of an area's clean slate, which the staff home's checklist links to. */
export const CLEAN_SLATE_ANCHOR = "clean-slate";
