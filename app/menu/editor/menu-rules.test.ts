import { describe, expect, test } from "vitest";
import type { z } from "zod";
import { checkForm } from "~/platform/forms/form-check";
import { blankForm } from "~/platform/forms/form-check.test-support";
import { itemInput } from "./menu-item.test-support";
import { ITEM_FIELDS, SECTION_FIELDS, type ItemField, type SectionField } from "./menu-editor";
import {
  allergensNamedInNote,
  dietConflicts,
  itemSchema,
  itemSectionProblem,
  sectionItemsProblem,
  sectionSchema,
  slugFromName,
} from "./menu-rules";

/** Each field's first problem, as the forms show them. */
const problems = (schema: z.ZodType, values: Record<string, string>) => {
  const checked = checkForm(schema, values);
  return checked.ok ? {} : checked.errors;
};
const checkSection = (values: Record<SectionField, string>) => problems(sectionSchema, values);
const checkItem = (values: Record<ItemField, string>) => problems(itemSchema, values);

const section = (values: Partial<Record<SectionField, string>> = {}) =>
  Object.fromEntries(
    SECTION_FIELDS.map((field) => [field, values[field] ?? (field === "name" ? "Starters" : "")]),
  ) as Record<SectionField, string>;

const goodItem = blankForm(ITEM_FIELDS, {
  sectionId: "3",
  name: "Classic Poutine",
  price: "14.50",
  available: "on",
});
const item = (values: Partial<Record<ItemField, string>> = {}) => ({ ...goodItem, ...values });

describe("the item form's rules", () => {
  test("a good item parses to what the database stores", () => {
    const parsed = itemSchema.parse(
      item({
        name: "  Classic   Poutine ",
        price: "$14.50",
        dietaryTags: "vegetarian,vegetarian",
        allergens: "milk,wheat",
        badges: "house-favourite",
        featured: "on",
      }),
    );
    // Available and shown, with no picture and no event, as the builder's dish.
    expect(parsed).toEqual(
      itemInput(3, {
        name: "Classic Poutine",
        description: "",
        price: 1450,
        dietaryTags: ["vegetarian"],
        allergens: ["milk", "wheat"],
        badges: ["house-favourite"],
        featured: true,
      }),
    );
  });

  test("an event is one of those listed, or none", () => {
    expect(itemSchema.parse(item({ eventId: " 12 " })).eventId).toBe(12);
    expect(itemSchema.parse(item({ eventId: "" })).eventId).toBeNull();
    for (const bad of ["0", "-3", "1.5", "twelve", "9".repeat(16)]) {
      expect(checkItem(item({ eventId: bad }))).toEqual({
        eventId: "Choose an event from the list, or none.",
      });
    }
  });

  test("gluten is named by its cereal: barley, oats, rye and triticale as well as wheat", () => {
    expect(
      itemSchema.parse(item({ allergens: "barley,oats,rye,triticale,wheat" })).allergens,
    ).toEqual(["barley", "oats", "rye", "triticale", "wheat"]);
  });

  test("a kept picture needs a description, unless it is being removed", () => {
    const kept = { imagePath: "uploads/0123456789abcdef.jpg" };
    expect(checkItem(item(kept))).toEqual({
      imageAlt: "Describe the picture for people who cannot see it.",
    });
    expect(checkItem(item({ ...kept, imageAlt: "Wings in a basket." }))).toEqual({});
    expect(checkItem(item({ ...kept, imageRemove: "on" }))).toEqual({});
    expect(checkItem(item({ imageAlt: "x".repeat(301) }))).toEqual({
      imageAlt: "Keep the description to 300 characters or fewer. It has 301.",
    });
  });

  test.each([
    ["price", "-3", "A price cannot be negative."],
    ["price", "abc", "Enter a price such as 14.50."],
    ["price", "", "Enter a price such as 14.50 (0 if it is free)."],
    ["price", "10000", "A price can be at most $9,999.99; check the number."],
    ["price", "99999999999999999999", "A price can be at most $9,999.99; check the number."],
    ["name", "", "Enter the item’s name, such as Classic Poutine."],
    ["name", "   ", "Enter the item’s name, such as Classic Poutine."],
    ["name", "x".repeat(101), "Keep the name to 100 characters or fewer. It has 101."],
    [
      "description",
      "x".repeat(1001),
      "Keep the description to 1,000 characters or fewer. It has 1,001.",
    ],
    [
      "portion",
      "x".repeat(41),
      "Keep the portion to 40 characters or fewer, such as 20 oz. It has 41.",
    ],
    ["sectionId", "", "Choose the section the item goes in."],
    ["sectionId", "starters", "Choose one of the sections listed."],
    ["sectionId", "-1", "Choose one of the sections listed."],
    ["sectionId", "1,2", "Choose one of the sections listed."],
    [
      "dietaryTags",
      "vegan,keto",
      "“keto” is not one of the dietary tags; tick only the boxes listed.",
    ],
    ["allergens", "gluten", "“gluten” is not one of the allergens; tick only the boxes listed."],
    [
      "badges",
      "chef-special",
      "“chef-special” is not one of the badges; tick only the boxes listed.",
    ],
    ["available", "yes", "Tick the box or leave it empty."],
    ["hidden", "true", "Tick the box or leave it empty."],
  ] as const)("%s %j: %s", (field, value, message) => {
    expect(checkItem(item({ [field]: value }))).toEqual({ [field]: message });
  });

  test("a name of 100 characters, counted as characters, is fine", () => {
    expect(checkItem(item({ name: "é".repeat(100) }))).toEqual({});
    expect(checkItem(item({ name: "🍔".repeat(100) }))).toEqual({});
  });
});

describe("the section form's rules", () => {
  test("a blank web address is made from the name", () => {
    expect(sectionSchema.parse(section({ name: "Starters & Shareables" })).slug).toBe(
      "starters-shareables",
    );
    expect(sectionSchema.parse(section({ name: "Crème Brûlée Corner" })).slug).toBe(
      "creme-brulee-corner",
    );
  });

  test("a typed web address is kept, in lower case", () => {
    expect(sectionSchema.parse(section({ name: "Drinks", slug: " On-Tap " })).slug).toBe("on-tap");
  });

  test.each([
    ["name", { name: "" }, "Enter the section’s name, such as Starters."],
    ["name", { name: "x".repeat(101) }, "Keep the name to 100 characters or fewer. It has 101."],
    [
      "slug",
      { slug: "small plates!" },
      "Use only letters a to z, digits and single dashes between words, such as small-plates.",
    ],
    [
      "slug",
      { slug: "a--b" },
      "Use only letters a to z, digits and single dashes between words, such as small-plates.",
    ],
    [
      "slug",
      { slug: "x".repeat(61) },
      "Keep the web address to 60 characters or fewer. It has 61.",
    ],
    [
      "slug",
      { name: "日本酒" },
      "The name has no letters a to z to make a web address from; enter one, such as drinks.",
    ],
    ["note", { note: "x".repeat(301) }, "Keep the note to 300 characters or fewer. It has 301."],
    ["hidden", { hidden: "1" }, "Tick the box or leave it empty."],
  ] as const)("%s: %s", (field, values, message) => {
    expect(checkSection(section(values))).toEqual({ [field]: message });
  });

  test("slugFromName keeps to the address pattern and length", () => {
    expect(slugFromName("  --Wings!!  ")).toBe("wings");
    expect(slugFromName("x ".repeat(100))).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(slugFromName("x ".repeat(100)).length).toBeLessThanOrEqual(60);
  });
});

describe("diet tags against allergens", () => {
  test("each diet is ruled out by the allergens it cannot have, as contents or traces", () => {
    expect(dietConflicts(["vegan", "vegetarian", "dairy-free"], ["fish", "milk", "eggs"])).toEqual([
      { tag: "vegan", allergens: ["eggs", "milk", "fish"] },
      { tag: "vegetarian", allergens: ["fish"] },
      { tag: "dairy-free", allergens: ["milk"] },
    ]);
    expect(dietConflicts(["gluten-free"], ["oats"])).toEqual([
      { tag: "gluten-free", allergens: ["oats"] },
    ]);
    // Warnings are not promises: spicy and contains-nuts are never ruled out.
    expect(dietConflicts(["spicy", "contains-nuts"], ["peanuts", "milk"])).toEqual([]);
    expect(dietConflicts(["vegan", "gluten-free"], ["soy", "sesame"])).toEqual([]);
  });

  test("the item form refuses a tag its own allergens rule out, on the tags", () => {
    expect(checkItem(item({ dietaryTags: "vegan,dairy-free", allergens: "milk" }))).toEqual({
      dietaryTags:
        "This item contains milk, so it cannot be tagged Vegan and Dairy-free. Untick those tags, or the allergen if it is wrong.",
    });
    expect(checkItem(item({ dietaryTags: "gluten-free", allergens: "barley" }))).toEqual({
      dietaryTags:
        "This item contains barley, so it cannot be tagged Gluten-free. Untick that tag, or the allergen if it is wrong.",
    });
    expect(checkItem(item({ dietaryTags: "vegan", allergens: "soy" }))).toEqual({});
  });

  test("an item in a section with traces may not carry a tag they rule out", () => {
    const fryer = {
      name: "From the Fryer",
      mayContain: ["wheat", "fish", "milk", "eggs"] as const,
    };
    expect(
      itemSectionProblem(["vegan", "dairy-free"], { ...fryer, mayContain: [...fryer.mayContain] }),
    ).toBe(
      "Everything in From the Fryer may contain traces of eggs, milk and fish (see the section’s note), so this item cannot be tagged Vegan and Dairy-free. Untick those tags; the menu tells diners what the section may contain.",
    );
    expect(
      itemSectionProblem(["spicy"], { ...fryer, mayContain: [...fryer.mayContain] }),
    ).toBeNull();
  });

  test("a section's traces may not make its items' tags untrue: the items are named", () => {
    const items = [
      { name: "Hand-Cut Fries", dietaryTags: ["vegan", "vegetarian", "dairy-free"] as const },
      { name: "Onion Rings", dietaryTags: ["vegetarian"] as const },
      { name: "Garlic Mash", dietaryTags: ["gluten-free"] as const },
    ].map((entry) => ({ ...entry, dietaryTags: [...entry.dietaryTags] }));
    expect(sectionItemsProblem(["fish", "milk"], items)).toBe(
      "Traces of milk and fish would make these items’ tags untrue: Hand-Cut Fries (Vegan, Vegetarian and Dairy-free) and Onion Rings (Vegetarian). Untick those tags on the items first, or leave those allergens unticked.",
    );
    expect(sectionItemsProblem(["sesame"], items)).toBeNull();
    expect(sectionItemsProblem([], items)).toBeNull();
  });

  test("a note that speaks of traces names the allergens its list must have", () => {
    expect(
      allergensNamedInNote(
        "Fries share a fryer with battered fish, so nothing from the fryer is gluten-free.",
      ),
    ).toEqual(["fish", "wheat"]);
    expect(allergensNamedInNote("May contain traces of milk, eggs and sesame.")).toEqual([
      "eggs",
      "milk",
      "sesame",
    ]);
    // A note about something else names no traces, whatever words it uses.
    expect(allergensNamedInNote("Gluten-free bun $2.50. Add grilled salmon $9.")).toEqual([]);
    expect(allergensNamedInNote("Pick a sauce: mild, medium or hot.")).toEqual([]);
  });

  test("the section form refuses a note naming traces its list leaves out, keeping both", () => {
    const note = "Cooked in a fryer shared with battered fish and breaded items.";
    expect(checkSection(section({ note }))).toEqual({
      note: "The note speaks of fish passing to this section’s food; tick Fish under “May contain traces of” too, so the items’ diet tags are held to it.",
    });
    expect(checkSection(section({ note, mayContain: "fish,wheat" }))).toEqual({});
    expect(
      sectionSchema.parse(section({ note, mayContain: "wheat,fish,wheat" })).mayContain,
    ).toEqual(["wheat", "fish"]);
    expect(checkSection(section({ mayContain: "gluten" }))).toEqual({
      mayContain: "“gluten” is not one of the allergens; tick only the boxes listed.",
    });
  });
});
