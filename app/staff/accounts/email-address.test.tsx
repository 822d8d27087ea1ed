import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { EmailAddress } from "./email-address";

describe("an email address on a narrow screen", () => {
  test("may wrap after its @ and before each dot, and reads as the address", () => {
    const html = renderToString(<EmailAddress email="journey.desktop@staff.example.com" />);
    expect(html).toBe("journey<wbr/>.desktop@<wbr/>staff<wbr/>.example<wbr/>.com");
    expect(html.replaceAll("<wbr/>", "")).toBe("journey.desktop@staff.example.com");
  });

  test("is escaped, and hidden characters in it are shown", () => {
    const html = renderToString(<EmailAddress email={"<b>\u202Eevil@example.com"} />);
    expect(html).toBe("&lt;b&gt;\uFFFDevil@<wbr/>example<wbr/>.com");
  });
});
