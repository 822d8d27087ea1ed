import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import {
  CharacterCount,
  characterLimit,
  countAnnouncement,
  countCharacters,
  counterText,
} from "./character-count";
import { TextAreaField, TextField } from "./form-fields";

/** An element of `html` by its id, as its opening tag. */
function openingTag(html: string, id: string): string {
  return new RegExp(`<[a-z]+[^>]*\\bid="${id}"[^>]*>`).exec(html)?.[0] ?? "";
}

describe("counting as the server counts", () => {
  test("one line: spaces collapsed and trimmed, control characters gone", () => {
    expect(countCharacters("  Fish   and\tchips \n", "line")).toBe("Fish and chips".length);
  });

  test("several lines: line breaks kept, Windows endings counted once, ends trimmed", () => {
    expect(countCharacters("Crispy\r\nand hot  \n\n", "text")).toBe("Crispy\nand hot".length);
  });

  test("characters, not UTF-16 units: an emoji is one", () => {
    expect(countCharacters("🍺🍔", "line")).toBe(2);
    // A decomposed accent counts once, as the server makes it composed first.
    expect(countCharacters("Cre\u0300me", "line")).toBe(5);
  });
});

describe("the counter's words", () => {
  test("under the limit: the count and the limit, thousands with commas", () => {
    const limit = characterLimit("x".repeat(812), 1000, "text");
    expect(counterText(limit)).toBe("812 / 1,000");
    expect(limit.near).toBe(false);
    expect(countAnnouncement(limit)).toBe("");
  });

  test("near the limit (a tenth of it, or five): how many are left, for screen readers", () => {
    const near = characterLimit("x".repeat(901), 1000, "text");
    expect(near.near).toBe(true);
    expect(countAnnouncement(near)).toBe("99 characters left");
    expect(countAnnouncement(characterLimit("x".repeat(35), 40, "line"))).toBe("5 characters left");
    expect(countAnnouncement(characterLimit("x".repeat(34), 40, "line"))).toBe("");
    expect(countAnnouncement(characterLimit("x".repeat(99), 100, "line"))).toBe("1 character left");
  });

  test("over the limit: by how much, seen and heard", () => {
    const over = characterLimit("x".repeat(1012), 1000, "text");
    expect(counterText(over)).toBe("1,012 / 1,000: 12 too many");
    expect(countAnnouncement(over)).toBe("12 characters too many");
  });

  test("exactly at the limit is not over", () => {
    const full = characterLimit("x".repeat(100), 100, "line");
    expect(counterText(full)).toBe("100 / 100");
    expect(countAnnouncement(full)).toBe("0 characters left");
  });
});

describe("CharacterCount", () => {
  test("shows the count, tells screen readers the limit, and has a quiet live region", () => {
    const html = renderToString(
      <CharacterCount fieldId="dish-name" value="Wings" max={100} as="line" />,
    );
    expect(openingTag(html, "dish-name-count")).toContain("<p");
    expect(html).toContain('<span aria-hidden="true">5 / 100</span>');
    expect(html).toContain('<span class="sr-only">Up to 100 characters.</span>');
    // Nothing is announced as the page opens: only typing near the limit is.
    expect(html).toMatch(/<p role="status" class="sr-only"><\/p>/);
  });

  test("over the limit it says so in words, in the warning colour", () => {
    const html = renderToString(
      <CharacterCount fieldId="dish-name" value={"W".repeat(103)} max={100} as="line" />,
    );
    expect(html).toContain("103 / 100: 3 too many");
    expect(openingTag(html, "dish-name-count")).toContain("text-destructive");
  });
});

describe("fields with a limit", () => {
  test("a text field shows its counter, names it in aria-describedby, and sets no maxlength", () => {
    const html = renderToString(
      <TextField
        formId="dish"
        name="name"
        label="Name"
        hint="What the menu calls it."
        defaultValue="Hot Wings"
        limit={100}
      />,
    );
    const input = openingTag(html, "dish-name");
    expect(input).toContain('aria-describedby="dish-name-hint dish-name-count"');
    expect(input).not.toContain("maxlength");
    expect(html).toContain("9 / 100");
  });

  test("the counter counts the value given back by a refused post, whole", () => {
    const typed = "D".repeat(1005);
    const html = renderToString(
      <TextAreaField
        formId="dish"
        name="description"
        label="Description"
        defaultValue={typed}
        error="Keep the description to 1,000 characters or fewer. It has 1,005."
        limit={1000}
      />,
    );
    expect(html).toContain(`>${typed}</textarea>`);
    expect(html).toContain("1,005 / 1,000: 5 too many");
    expect(openingTag(html, "dish-description")).toContain(
      'aria-describedby="dish-description-count dish-description-error"',
    );
  });

  test("a field without a limit has no counter", () => {
    const html = renderToString(<TextField formId="dish" name="price" label="Price" />);
    expect(html).not.toContain("-count");
  });
});
