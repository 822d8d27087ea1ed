import { z } from "zod";
import { emailSchema } from "~/platform/forms/field-rules";

/** The sign-up's rule, loaded by the browser when the form is first used and checked by the server. */
export const signUpSchema = z.object({
  email: emailSchema({ required: "Enter the email address the newsletter should go to." }),
});
