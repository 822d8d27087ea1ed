import { describe, expect, test } from "vitest";
import { spaceAccess } from "./venue";

describe("how a space is reached", () => {
  test("the page's fact is not said again by the note", () => {
    expect(
      spaceAccess({
        stepFree: false,
        accessibilityNote:
          "Reached by a staircase; there is no lift. Washrooms are on the main floor.",
      }),
    ).toEqual({
      lead: "Reached by stairs.",
      note: "There is no lift. Washrooms are on the main floor.",
    });
    expect(
      spaceAccess({ stepFree: true, accessibilityNote: "Step-free from the main bar." }),
    ).toEqual({ lead: "Step-free access.", note: "" });
    expect(
      spaceAccess({ stepFree: false, accessibilityNote: "Up one flight of stairs. No lift." }),
    ).toEqual({ lead: "Reached by stairs.", note: "No lift." });
  });

  test("a note that adds something new is kept whole", () => {
    expect(
      spaceAccess({
        stepFree: false,
        accessibilityNote: "There is no lift. Washrooms are downstairs.",
      }),
    ).toEqual({ lead: "Reached by stairs.", note: "There is no lift. Washrooms are downstairs." });
    expect(
      spaceAccess({
        stepFree: true,
        accessibilityNote: "On the main floor, next to the accessible washroom.",
      }),
    ).toEqual({
      lead: "Step-free access.",
      note: "On the main floor, next to the accessible washroom.",
    });
    expect(spaceAccess({ stepFree: true, accessibilityNote: "" })).toEqual({
      lead: "Step-free access.",
      note: "",
    });
    // Stairs mentioned for a step-free space is news, not a repeat.
    expect(
      spaceAccess({ stepFree: true, accessibilityNote: "The stairs to the hall are beside it." }),
    ).toEqual({ lead: "Step-free access.", note: "The stairs to the hall are beside it." });
  });
});
