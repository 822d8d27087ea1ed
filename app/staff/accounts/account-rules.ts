import { z } from "zod";
import { emailSchema } from "~/platform/forms/field-rules";
import { PASSWORD_MAX_BYTES, PASSWORD_MIN } from "./staff-forms";

/**
 * The rules of the sign-in and account forms (sign in, the first owner's
 * account, an invited person's password). The server checks every post with
 * them; the browser loads them when a form is first used, so zod stays out
 * of the pages' first scripts.
 */

// Addresses are kept lower-cased, so one typed with capitals still signs in.
const email = emailSchema({ required: "Enter your email address." }).transform((value) =>
  value.toLowerCase(),
);

export const signInSchema = z.object({
  email,
  // Checked by the sign-in service; here only what no password can be.
  password: z
    .string()
    .min(1, { error: "Enter your password." })
    .max(1000, { error: "That password is too long." }),
});

const newPassword = z
  .string()
  .min(PASSWORD_MIN, { error: `Use at least ${PASSWORD_MIN} characters.` })
  .refine((value) => new TextEncoder().encode(value).length <= PASSWORD_MAX_BYTES, {
    error: `Use at most ${PASSWORD_MAX_BYTES} bytes (about ${PASSWORD_MAX_BYTES} letters, fewer with accents or emoji).`,
  });

const samePasswordTwice = {
  path: ["confirmPassword"],
  error: "The two passwords differ. Type the same password twice.",
};

export const setupSchema = z
  .object({ email, password: newPassword, confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, samePasswordTwice);

/** "Forgot your password?": the address to send a link to. */
export const forgotSchema = z.object({ email });

/** An invited member's password (their email is the invitation's); also a new one from a reset link. */
export const invitationSchema = z
  .object({ password: newPassword, confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, samePasswordTwice);
