import { Fragment } from "react";
import { neutraliseText } from "~/staff/display-text";

/**
 * An email address, shown so that on a narrow screen it wraps after its "@"
 * or before a dot ("journey.desktop@" / "staff.example.com") rather than
 * mid-word; a part longer than the line still breaks where it must.
 */
export function EmailAddress({ email }: { email: string }) {
  const parts = neutraliseText(email).split(/(?<=@)|(?=\.)/);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}
