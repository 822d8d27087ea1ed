import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { ALT_TEXT_REQUIRED, PictureField } from "./picture-field";
import { parseImageQuery } from "./images";
import { PICTURE_ACCEPT } from "./uploads";

const names = { file: "image", kept: "imageKept", remove: "imageRemove", alt: "imageAlt" };

function render(props: Partial<Parameters<typeof PictureField>[0]> = {}) {
  const html = renderToString(
    <PictureField formId="dish" names={names} path={null} alt="" altLimit={300} {...props} />,
  );
  const element = (id: string) => {
    const match = new RegExp(`<[a-z]+[^>]*\\bid="${id}"[^>]*>`).exec(html);
    return match?.[0] ?? null;
  };
  return { html, element };
}

describe("PictureField", () => {
  test("without a picture: a file input for the four types, no preview, no remove box", () => {
    const { html, element } = render();
    const input = element("dish-image");
    expect(input).toContain('type="file"');
    expect(input).toContain(`accept="${PICTURE_ACCEPT}"`);
    expect(input).toContain('aria-describedby="dish-image-hint"');
    expect(html).toContain('<label for="dish-image"');
    expect(html).toContain("at most 10 MB");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("Remove picture");
    expect(html).toContain('type="hidden" name="imageKept" value=""');
    // With no picture the alt text may be left empty.
    expect(element("dish-imageAlt")).not.toContain("required");
  });

  test("with a picture: a preview through the image route, the kept path and a remove box", () => {
    const { html, element } = render({
      path: "uploads/0123456789abcdef.jpg",
      source: {
        path: "uploads/0123456789abcdef.jpg",
        width: 800,
        height: 600,
        version: "0123456789abcdef",
      },
      alt: "Fish and chips",
    });
    expect(html).toMatch(
      /<img src="\/img\/uploads\/0123456789abcdef\.jpg\?w=480&amp;fm=webp&amp;v=0123456789abcdef"/,
    );
    expect(html).toContain('type="hidden" name="imageKept" value="uploads/0123456789abcdef.jpg"');
    expect(element("dish-imageRemove")).toContain('type="checkbox"');
    expect(html).toContain("Remove picture");
    expect(html).toMatch(/<textarea[^>]*id="dish-imageAlt"[^>]*>Fish and chips<\/textarea>/);
    expect(element("dish-imageAlt")).toContain("required");
    expect(html).toContain("Describe the picture");
  });

  test.each([
    ["described", { width: 800, height: 600, version: "0123456789abcdef" }],
    ["not described", undefined],
  ])("the preview of a picture %s is a variant the optimiser renders", (_, described) => {
    const path = "uploads/0123456789abcdef.jpg";
    const { html } = render({ path, source: described && { path, ...described } });
    const src = /<img src="([^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&") ?? "";
    expect(src).toMatch(/^\/img\/uploads\//);
    expect(() => parseImageQuery(new URL(src, "http://localhost").searchParams)).not.toThrow();
  });

  test("errors are shown by their fields and named by aria-describedby", () => {
    const { html, element } = render({
      path: "dishes/smash-burger.svg",
      errors: { file: "Choose a JPEG, PNG, WebP or AVIF picture.", alt: ALT_TEXT_REQUIRED },
    });
    expect(element("dish-image")).toContain('aria-describedby="dish-image-hint dish-image-error"');
    expect(element("dish-image")).toContain('aria-invalid="true"');
    expect(html).toMatch(/id="dish-image-error"[^>]*>.*Choose a JPEG, PNG, WebP or AVIF picture\./);
    expect(element("dish-imageAlt")).toContain("dish-imageAlt-error");
    expect(html).toMatch(
      /id="dish-imageAlt-error"[^>]*>.*Describe the picture for people who cannot see it\./,
    );
  });
});
