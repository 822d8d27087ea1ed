import { defineForm } from "~/platform/forms/form-spec";

/**
 * "End them at 9 pm": the offer, with the notice of what closing early cuts
 * short, to end the night's events that run past the new closing time then.
 * Its fields are hidden: the night, which closing, its time as shown, and the
 * events offered with their times as shown (`eventToken`), so a change made
 * since is refused rather than overwritten.
 */
export const endEventsForm = defineForm({
  id: "end-events",
  fields: ["night", "closing", "time", "events"],
  labels: {},
  verb: "try",
  rules: () => import("./end-events-rules").then((rules) => rules.endEventsSchema),
});
