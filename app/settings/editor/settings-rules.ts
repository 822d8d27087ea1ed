import { z } from "zod";
import { parseNorthAmericanPhone, displayPhone } from "~/platform/phone";
import { emailSchema, lineSchema, textSchema } from "~/platform/forms/field-rules";
import {
  characterCount,
  cleanLine,
  cleanText,
  overLimitMessage,
} from "~/platform/forms/typed-input";
import { SETTINGS_LIMITS, networkOf } from "./settings-editor";
import type { SocialLink } from "~/settings/site-settings";
import { ALT_TEXT_REQUIRED } from "~/images/uploads";

/** The site settings form's rules: the action and the browser both run these. */

function line(label: string, max: number, { required = true } = {}) {
  return lineSchema({
    max,
    required: required ? `Enter the ${label}.` : undefined,
    tooLong: `Keep the ${label} to ${max} characters or fewer.`,
  });
}

function note(label: string) {
  const max = SETTINGS_LIMITS.note;
  return textSchema({ max, tooLong: `Keep the ${label} to ${max} characters or fewer.` });
}

function coordinate(label: string, limit: number) {
  return z
    .string()
    .transform(cleanLine)
    .refine((value) => /^-?\d{1,3}(\.\d{1,6})?$/.test(value), {
      error: `Enter the ${label} as a number such as ${limit === 90 ? "42.98371" : "-81.24893"}, with at most 6 decimals.`,
      abort: true,
    })
    .transform(Number)
    .refine((value) => Math.abs(value) <= limit, `The ${label} is between -${limit} and ${limit}.`);
}

/** An optional web address: empty, or an https link. */
function link(label: string) {
  return z
    .string()
    .transform(cleanLine)
    .superRefine((value, context) => {
      if (characterCount(value) > SETTINGS_LIMITS.url) {
        context.addIssue({
          code: "custom",
          message: overLimitMessage(
            `Keep the ${label} to ${SETTINGS_LIMITS.url} characters or fewer.`,
            value,
          ),
        });
      }
    })
    .refine(
      (value) => value === "" || isHttpsUrl(value),
      `Enter the ${label} as a full address starting https://, or leave it empty.`,
    )
    .transform((value) => (value === "" ? null : new URL(value).href));
}

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/** One profile address per line; each becomes a link named by its network. */
const socialLinks = z
  .string()
  .transform((value) =>
    cleanText(value)
      .split("\n")
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .superRefine((entries, context) => {
    if (entries.length > SETTINGS_LIMITS.socialLinks) {
      context.addIssue({
        code: "custom",
        message: `List at most ${SETTINGS_LIMITS.socialLinks} social links.`,
      });
      return;
    }
    const wrong = entries.find(
      (entry) => characterCount(entry) > SETTINGS_LIMITS.url || !isHttpsUrl(entry),
    );
    if (wrong !== undefined) {
      context.addIssue({
        code: "custom",
        message: `“${wrong.slice(0, 60)}” is not a web address. Put one address starting https:// on each line.`,
      });
    }
  })
  .transform((entries): SocialLink[] =>
    entries.map((entry) => {
      const url = new URL(entry);
      return { network: networkOf(url), url: url.href };
    }),
  );

export const settingsSchema = z
  .object({
    name: line("pub's name", SETTINGS_LIMITS.name),
    shortName: line("short name", SETTINGS_LIMITS.shortName, { required: false }),
    tagline: line("tagline", SETTINGS_LIMITS.tagline, { required: false }),
    description: line("description", SETTINGS_LIMITS.description, { required: false }),
    streetAddress: line("street address", SETTINGS_LIMITS.line),
    locality: line("city", SETTINGS_LIMITS.line),
    region: z
      .string()
      .transform((value) => cleanLine(value).toUpperCase())
      .refine(
        (value) => /^[A-Z]{2}$/.test(value),
        "Enter the province as two letters, such as ON.",
      ),
    postalCode: z
      .string()
      .transform((value) => cleanLine(value).toUpperCase())
      .refine(
        (value) => /^[A-Z]\d[A-Z]( ?\d[A-Z]\d)?$/.test(value),
        "Enter a postal code such as N6A 1B2.",
      )
      .transform((value) =>
        value.length === 6 ? `${value.slice(0, 3)} ${value.slice(3)}` : value,
      ),
    latitude: coordinate("latitude", 90),
    longitude: coordinate("longitude", 180),
    phone: z
      .string()
      .refine(
        (value) => parseNorthAmericanPhone(value) !== null,
        "Enter a 10-digit phone number such as 519-555-0134.",
      )
      .transform((value) => displayPhone(parseNorthAmericanPhone(value)!)),
    email: emailSchema({
      required: "Enter the pub's email address.",
      example: "hello@example.com",
    }),
    reservationUrl: link("reservations link"),
    orderingUrl: link("ordering link"),
    socialLinks,
    transitNote: note("transit note"),
    parkingNote: note("parking note"),
    accessibilityNote: note("accessibility note"),
    // The file itself is read by the action; the browser can say only whether one is kept.
    heroImage: z.string(),
    heroImageKept: z.string().transform(cleanLine),
    heroImageRemove: z.string().transform((value) => value === "on"),
    heroImageAlt: line("picture's description", SETTINGS_LIMITS.alt, { required: false }),
  })
  .superRefine((settings, context) => {
    if (settings.heroImageKept && !settings.heroImageRemove && !settings.heroImageAlt) {
      context.addIssue({ code: "custom", path: ["heroImageAlt"], message: ALT_TEXT_REQUIRED });
    }
  });

export type SettingsUpdate = z.output<typeof settingsSchema>;
