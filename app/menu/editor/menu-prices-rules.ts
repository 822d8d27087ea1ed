import { z } from "zod";
import { ROW_ID_PATTERN } from "~/platform/forms/field-rules";
import { cleanLine, parseDollars } from "~/platform/forms/typed-input";
import { formatPrice } from "~/platform/money";
import { withThousands } from "~/platform/thousands";
import { PRICE_MAX_CENTS } from "./menu-editor";
import {
  PRICE_DIRECTIONS,
  PRICE_PERCENT_MAX,
  PRICE_ROUNDINGS,
  PRICE_UNITS,
  type PriceChange,
} from "./menu-prices";

/**
 * The rules of a change to a section's prices: which section, up or down,
 * by how much and how the new prices are rounded. Whether each new price
 * is one a dish may have is for the check, which names the dishes.
 */

const PERCENT = /^(\d{1,6})(?:\.(\d{1,2}))?%?$/;

/** An amount as typed, in cents or hundredths of a percent, or what to say of it. */
function readAmount(typed: string, unit: PriceChange["unit"]): number | string {
  const text = typed.replace(/\s+/g, "");
  if (text === "") return "Enter how much to change the prices by, such as 1.50 or 5.";
  if (/^[+-]/.test(text)) return "Enter the amount without a sign, and choose up or down.";
  if (unit === "dollars") {
    const dollars = parseDollars(text);
    if ("problem" in dollars) return "Enter an amount in dollars, such as 1.50.";
    if (dollars.cents === 0) return "Enter an amount more than $0.";
    if (dollars.cents > PRICE_MAX_CENTS) {
      return `A change can be at most ${formatPrice(PRICE_MAX_CENTS)}; check the number.`;
    }
    return dollars.cents;
  }
  const percent = PERCENT.exec(text);
  if (!percent) return "Enter a percentage, such as 5 or 2.5.";
  const hundredths = Number(percent[1]) * 100 + Number((percent[2] ?? "").padEnd(2, "0"));
  if (hundredths === 0) return "Enter a percentage more than 0.";
  if (hundredths > PRICE_PERCENT_MAX * 100) {
    return `A change can be at most ${withThousands(PRICE_PERCENT_MAX)}%; check the number.`;
  }
  return hundredths;
}

const fields = {
  section: z
    .string()
    .trim()
    .refine((value) => value !== "", "Choose the section whose prices change.")
    .refine(
      (value) => value === "" || ROW_ID_PATTERN.test(value),
      "Choose one of the sections listed.",
    ),
  direction: z.enum(PRICE_DIRECTIONS, { error: "Choose up or down." }),
  amount: z.string().transform(cleanLine),
  unit: z.enum(PRICE_UNITS, { error: "Choose dollars or percent." }),
  rounding: z.enum(PRICE_ROUNDINGS, { error: "Choose how the new prices are rounded." }),
};

/** The form's fields as a change, the amount read by its unit. */
function asChange<Extra extends object>(
  form: { section: string; amount: string; unit: PriceChange["unit"] } & Omit<
    PriceChange,
    "sectionId" | "amount" | "unit"
  > &
    Extra,
  context: z.RefinementCtx,
): PriceChange & Omit<Extra, "section"> {
  const amount = readAmount(form.amount, form.unit);
  if (typeof amount === "string") {
    context.addIssue({ code: "custom", path: ["amount"], message: amount });
    return z.NEVER;
  }
  const { section, ...rest } = form;
  return { ...rest, sectionId: Number(section), amount };
}

export const priceChangeSchema = z.object(fields).transform(asChange);

export const priceSaveSchema = z
  .object({
    ...fields,
    key: z.string().regex(/^[0-9a-f]{16}$/, "Check the new prices first, then save them."),
  })
  .transform(asChange);
