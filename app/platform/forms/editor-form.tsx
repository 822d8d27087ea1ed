import { SaveIcon } from "lucide-react";
import type { ReactNode } from "react";
import { CheckedForm, type CheckedFormProps } from "./checked-form";

/**
 * A staff editor's form: a checked form whose button saves, showing the save
 * icon (unless given another) and "Saving…" while it does.
 */
export function EditorForm<Field extends string, Context = void>(
  props: Omit<CheckedFormProps<Field, Context>, "pendingLabel" | "submitIcon"> & {
    submitIcon?: ReactNode;
  },
) {
  return (
    <CheckedForm<Field, Context>
      pendingLabel="Saving…"
      {...props}
      submitIcon={props.submitIcon ?? <SaveIcon aria-hidden="true" />}
    />
  );
}
