import type { BoundField } from "~/platform/forms/checked-form";
import { TextField } from "~/platform/forms/form-fields";
import { PASSWORD_MIN } from "./staff-forms";

/**
 * A new password and the same again, as the first owner's setup and a reset
 * link ask for them: the rule in the hint, the browser's password manager
 * told these are new.
 */
export function NewPasswordFields({
  password,
  confirm,
  label,
}: {
  password: BoundField;
  confirm: BoundField;
  /** "Password", or "New password" where one is replaced. */
  label: string;
}) {
  return (
    <>
      <TextField
        {...password}
        label={label}
        hint={`At least ${PASSWORD_MIN} characters. A few unrelated words make a good one.`}
        type="password"
        autoComplete="new-password"
        minLength={PASSWORD_MIN}
      />
      <TextField
        {...confirm}
        label={`${label} again`}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
