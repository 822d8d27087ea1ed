import { describe, expect, test } from "vitest";
import { ITEM_FIELDS, SECTION_FIELDS, type ItemField, type SectionField } from "./menu-editor";
import { checkItem, checkSection, itemSchema, sectionSchema, slugFromName } from "./menu-rules";

const section = (values: Partial<Record<SectionField, string>> = {}) =>
  Object.fromEntries(
    SECTION_FIELDS.map((field) => [field, values[field] ?? (field === "name" ? "Starters" : "")]),
  ) as Record<SectionField, string>;

const goodItem: Record<ItemField, string> = {
  ...(Object.fromEntries(ITEM_FIELDS.map((field) => [field, ""])) as Record<ItemField, string>),
  sectionId: "3",
  name: "Classic Poutine",
  price: "14.50",
  available: "on",
};
const item = (values: Partial<Record<ItemField, string>> = {}) => ({ ...goodItem, ...values });

describe("the item form's rules", () => {
  test("a good item parses to what the database stores", () => {
    const parsed = itemSchema.parse(
      item({
        name: "  Classic   Poutine ",
        price: "$14.50",
        dietaryTags: "vegetarian,gluten-free,vegetarian",
        allergens: "milk,wheat",
        badges: "house-favourite",
        featured: "on",
      }),
    );
    expect(parsed).toEqual({
      sectionId: 3,
      name: "Classic Poutine",
      description: "",
      price: 1450,
      portion: "",
      dietaryTags: ["vegetarian", "gluten-free"],
      allergens: ["milk", "wheat"],
      badges: ["house-favourite"],
      available: true,
      featured: true,
      hidden: false,
      imageFile: "",
      imagePath: "",
      imageRemove: false,
      imageAlt: "",
    });
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
