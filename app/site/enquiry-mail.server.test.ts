import { expect } from "vitest";
import { routeTest as test } from "../../tests/support/route-test";
import { enquiryMailSettings } from "./enquiry-mail.server";

test("without ENQUIRY_NOTIFY_TO, the pub hears of enquiries at the email in the site's settings", async ({
  db,
  context,
}) => {
  const [settings] = await db.query<{ email: string }>(
    "select email from public.site_settings limit 1",
  );
  expect(settings?.email).toMatch(/@/);
  expect(await enquiryMailSettings(context)).toEqual({
    to: [settings!.email],
    siteUrl: undefined,
  });
});
