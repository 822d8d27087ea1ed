import { z } from "zod";
import { cleanLine } from "~/platform/forms/typed-input";

/**
 * The inbox's query string: a search and a page, both forgiving. The search
 * is cleaned as a typed line is (no NUL or other control characters, which
 * the database refuses), so anything pasted into the address finds something
 * or nothing, never an error.
 */
export const inboxQuerySchema = z.object({
  q: z
    .string()
    .transform(cleanLine)
    .pipe(z.string().max(200, { error: "Search for at most 200 characters." }))
    .catch("")
    .default(""),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});
