import { z } from "zod";
import { withThousands } from "~/platform/thousands";
import { formatLongDate, formatSpan } from "~/platform/clock/time-words";
import {
  BOOKING_WINDOW_MONTHS,
  contactTopics,
  earliestBookingDate,
  latestBookingDate,
  type VenueFormContext,
  MESSAGE_MAX,
  MESSAGE_MIN,
  NAME_MAX,
} from "./enquiry-fields";
import { characterCount, cleanLine, cleanText } from "~/platform/forms/typed-input";
import { emailSchema as emailRule } from "~/platform/forms/field-rules";
import { parseNorthAmericanPhone } from "~/platform/phone";

/**
 * The contact and venue enquiry forms: their fields, rules and messages. The
 * same schemas check a post on the server and each field in the browser, so
 * the two never disagree.
 */

const nameSchema = z
  .string()
  .transform(cleanLine)
  .refine((name) => name.length > 0, "Enter your name.")
  .refine(
    (name) => characterCount(name) <= NAME_MAX,
    `Keep your name to ${NAME_MAX} characters or fewer.`,
  );

const emailSchema = emailRule({ required: "Enter your email address, so we can reply." });

const phoneSchema = z
  .string()
  .transform(cleanLine)
  .refine(
    (phone) => phone === "" || parseNorthAmericanPhone(phone) !== null,
    "Enter a 10-digit phone number such as 519-555-0199, or leave it empty.",
  )
  .transform((phone) => (phone === "" ? null : parseNorthAmericanPhone(phone)));

const messageSchema = z
  .string()
  .transform(cleanText)
  .refine((message) => message.length > 0, "Write your message.")
  .refine(
    (message) => message.length === 0 || characterCount(message) >= MESSAGE_MIN,
    `Write at least ${MESSAGE_MIN} characters, so we know how to help.`,
  )
  .refine(
    (message) => characterCount(message) <= MESSAGE_MAX,
    `Keep your message to ${withThousands(MESSAGE_MAX)} characters or fewer.`,
  );

const consentSchema = z
  .string()
  .refine(
    (value) => value === "on",
    "Tick the box to let us keep these details to answer you; we can't reply otherwise.",
  )
  .transform(() => true as const);

const newsletterSchema = z.string().transform((value) => value === "on");

const topicSchema = z.enum(contactTopics, { error: "Choose what your message is about." });

export const contactEnquirySchema = z.object({
  name: nameSchema,
  email: emailSchema,
  phone: phoneSchema,
  topic: topicSchema,
  message: messageSchema,
  consent: consentSchema,
  newsletter: newsletterSchema,
});
export type ContactEnquiry = z.output<typeof contactEnquirySchema>;

/** What the venue form's rules depend on: the spaces, the hours and today's date in Toronto. */

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether "YYYY-MM-DD" names a real day. */
function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** "HH:MM" from a time input, which may add seconds. */
function normaliseTime(value: string): string | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d(?:\.\d{1,3})?)?$/.exec(value.trim());
  return match ? `${match[1]}:${match[2]}` : null;
}

/** The day before a "YYYY-MM-DD" date. */
function earlierDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** Whether `time`, after midnight, is still inside the opening that began on `date` (open until 2 am). */
function lateNightOf(date: string, time: string, openingOn: VenueFormContext["openingOn"]) {
  const hours = openingOn(date);
  if ("closed" in hours) return false;
  return hours.closesAt <= hours.opensAt && time < hours.closesAt;
}

export function venueEnquirySchema({ spaces, openingOn, today }: VenueFormContext) {
  const earliest = earliestBookingDate(today);
  const latest = latestBookingDate(today);
  const spaceNames = spaces.map((space) => space.name).join(", ");

  return z
    .object({
      space: z
        .string()
        .transform(cleanLine)
        .refine((slug) => slug.length > 0, "Choose a space.")
        .refine(
          (slug) => slug.length === 0 || spaces.some((space) => space.slug === slug),
          `Choose one of our spaces: ${spaceNames}.`,
        ),
      date: z
        .string()
        .transform(cleanLine)
        .refine((date) => date.length > 0, "Choose the date of your event.")
        .refine(
          (date) => date.length === 0 || isCalendarDate(date),
          "Enter the date as year-month-day, such as 2027-03-14.",
        )
        .refine(
          (date) => !isCalendarDate(date) || date >= earliest,
          "Choose a date from tomorrow on. For something sooner, please call us.",
        )
        .refine(
          (date) => !isCalendarDate(date) || date <= latest,
          `We take bookings up to ${BOOKING_WINDOW_MONTHS} months ahead: choose a date on or before ${formatLongDate(latest)}, ${latest.slice(0, 4)}.`,
        ),
      startTime: z
        .string()
        .refine((time) => time.trim().length > 0, "Choose a start time.")
        .refine(
          (time) => time.trim().length === 0 || normaliseTime(time) !== null,
          "Enter the start time as hours and minutes, such as 19:30.",
        )
        .transform((time) => normaliseTime(time) ?? time),
      partySize: z
        .string()
        .transform(cleanLine)
        .refine((size) => size.length > 0, "Enter how many guests you expect.")
        .refine(
          (size) => size.length === 0 || /^\d{1,6}$/.test(size),
          "Enter the number of guests as a whole number, such as 40.",
        )
        .refine(
          (size) => !/^\d{1,6}$/.test(size) || Number(size) >= 1,
          "Plan for at least 1 guest.",
        )
        .transform(Number),
      name: nameSchema,
      email: emailSchema,
      phone: phoneSchema,
      message: messageSchema,
      consent: consentSchema,
      newsletter: newsletterSchema,
    })
    .superRefine(
      // Rules across fields. Fields may have failed their own rules, so each
      // value is checked again before it is used.
      (enquiry, context) => {
        const space = spaces.find((candidate) => candidate.slug === enquiry.space);
        const size = Number(enquiry.partySize);
        if (space && Number.isInteger(size) && size > space.capacity) {
          context.addIssue({
            code: "custom",
            path: ["partySize"],
            message: `${space.name} holds up to ${space.capacity} guests. Choose a smaller party or a larger space.`,
          });
        }

        const date = String(enquiry.date);
        if (!isCalendarDate(date) || date < earliest || date > latest) return;
        const hours = openingOn(date);
        const day = formatLongDate(date);
        const time = normaliseTime(String(enquiry.startTime));
        // A start in the small hours belongs to the night before: on a Saturday,
        // 1 am is Friday's late opening, not Saturday's.
        if (time && lateNightOf(earlierDate(date), time, openingOn)) return;
        if ("closed" in hours) {
          context.addIssue({
            code: "custom",
            path: ["date"],
            message: `We're closed on ${day}${hours.note ? ` (${hours.note})` : ""}. Please choose another date.`,
          });
          return;
        }
        if (
          time &&
          !(time >= hours.opensAt && (hours.closesAt <= hours.opensAt || time < hours.closesAt))
        ) {
          context.addIssue({
            code: "custom",
            path: ["startTime"],
            message: `On ${day} we're open ${formatSpan(hours)}. Choose a start time in those hours${
              time < hours.opensAt ? " (a start after midnight counts as the night before)" : ""
            }.`,
          });
        }
      },
      { when: () => true },
    );
}
export type VenueEnquiry = z.output<ReturnType<typeof venueEnquirySchema>>;

// The browser loads these rules on demand; the check comes with them.
export { checkForm } from "~/platform/forms/form-check";
