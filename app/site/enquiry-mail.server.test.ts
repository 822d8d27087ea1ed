import { afterAll, beforeAll, expect, test } from "vitest";
import {
  contextWithDatabase,
  openTestDatabase,
  type TestDatabase,
} from "../../tests/support/test-database";
import { enquiryMailSettings } from "./enquiry-mail.server";

let db: TestDatabase;

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.[Symbol.asyncDispose]();
});

test("without ENQUIRY_NOTIFY_TO, the pub hears of enquiries at the email in the site's settings", async () => {
  const [settings] = await db.query<{ email: string }>(
    "select email from public.site_settings limit 1",
  );
  expect(settings?.email).toMatch(/@/);
  expect(await enquiryMailSettings(contextWithDatabase(db))).toEqual({
    to: [settings!.email],
    siteUrl: undefined,
  });
});
