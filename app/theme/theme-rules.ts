import { z } from "zod";
import { themes } from "./theme";

/** The theme switch's rules: a theme the site has, and the page to go back to. */
export const themeSchema = z.object({
  theme: z.enum(themes, { error: "Choose light, dark or system." }),
  redirectTo: z.string(),
});
