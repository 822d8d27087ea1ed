import type { ComponentProps } from "react";
import type { BoundField } from "~/platform/forms/checked-form";
import { TextField } from "~/platform/forms/form-fields";

/**
 * A staff member's email address as a field: typed as an address, never
 * spell-checked, and by default offered to the password manager as the
 * account's name.
 */
export function EmailField({
  autoComplete = "username",
  ...field
}: BoundField &
  Pick<
    ComponentProps<typeof TextField>,
    "autoComplete" | "inputMode" | "readOnly" | "hint" | "limit"
  >) {
  return (
    <TextField
      {...field}
      label="Email"
      type="email"
      autoComplete={autoComplete}
      spellCheck={false}
    />
  );
}
