// Node runs this file directly too (from the performance scripts): erasable TypeScript only.

/**
 * Every public page of the sample content (supabase/seed.sql), an event's
 * among them: what the checks that hold "every public page" to something visit.
 */
export const PUBLIC_PAGES = [
  "/",
  "/menu",
  "/about",
  "/venue",
  "/contact",
  "/events",
  "/events/trivia-night",
  "/accessibility",
  "/newsletter",
] as const;
