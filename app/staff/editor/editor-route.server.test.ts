import { describe, expect } from "vitest";
import { drivers, routeTest as test } from "../../../tests/support/route-test";
import { toastCookie } from "~/platform/toast.server";
import { action as packageAction } from "~/routes/staff/venue-package";
import { SAVED_HIDDEN_TITLE, SAVED_TITLE } from "./editor.server";

/** The toast a response sets, as the next page reads it. */
async function toastOf(response: Response) {
  const cookie = response.headers.get("Set-Cookie")?.split(";")[0] ?? "";
  return (await toastCookie.parse(cookie)) as { title?: string } | null;
}

const aPackage = (changes: Record<string, string>) => ({
  "form-id": "package-form",
  name: "Cellar Buffet",
  description: "",
  price: "28.50",
  priceUnit: "per-guest",
  minimumGuests: "",
  includes: "",
  hidden: "",
  ...changes,
});

describe.each(drivers)("an editor's save on %s", (driver) => {
  test.override({ driver });

  test.for([
    ["shown", "", SAVED_TITLE],
    ["hidden", "on", SAVED_HIDDEN_TITLE],
  ] as const)(
    "a row saved %s says whether visitors see it",
    async ([_, hidden, title], { staff, editor }) => {
      const saved = await staff.submit(
        editor,
        "/staff/venue/packages/new",
        aPackage({ name: `Buffet ${driver} ${hidden || "shown"}`, hidden }),
        packageAction,
        { id: "new" },
      );
      expect(saved.status).toBe(303);
      expect(await toastOf(saved)).toMatchObject({ type: "success", title });
    },
  );
});
