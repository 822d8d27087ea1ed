import { z } from "zod";

/** The inbox's query string: a search and a page, both forgiving. */
export const inboxQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(200, { error: "Search for at most 200 characters." })
    .catch("")
    .default(""),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});
