import { describe, expect, test } from "vitest";
import { toastPositionFor, type Box } from "./toast-placement";

const phone = { width: 375, height: 740 };
const desktop = { width: 1280, height: 800 };
const box = (top: number, left: number, height = 44, width = 140): Box => ({
  top,
  bottom: top + height,
  left,
  right: left + width,
});

describe("where a toast goes", () => {
  test("bottom-right when nothing was used", () => {
    expect(toastPositionFor(null, phone)).toBe("bottom-right");
  });

  test("on a phone, a control near the bottom sends the toast to the top", () => {
    expect(toastPositionFor(box(650, 20), phone)).toBe("top-right");
    // Toasts take the whole width there: the left edge counts too.
    expect(toastPositionFor(box(600, 0, 44, 60), phone)).toBe("top-right");
  });

  test("on a phone, a control in the upper part leaves the toast at the bottom", () => {
    expect(toastPositionFor(box(120, 200), phone)).toBe("bottom-right");
    expect(toastPositionFor(box(540, 200), phone)).toBe("bottom-right");
  });

  test("on a wide screen only the bottom-right corner matters", () => {
    expect(toastPositionFor(box(740, 40), desktop)).toBe("bottom-right");
    expect(toastPositionFor(box(740, 1100), desktop)).toBe("top-right");
  });

  test("on a phone, the rows beside the control count too: the next one's buttons stay clear", () => {
    const row = (top: number) => box(top, 0, 61, 375);
    // The control just above the bottom band, the next row inside it.
    expect(toastPositionFor(box(487, 267, 44, 92), phone, [row(400), row(472), row(540)])).toBe(
      "top-right",
    );
    expect(toastPositionFor(box(250, 267, 44, 92), phone, [row(170), row(235), row(300)])).toBe(
      "bottom-right",
    );
  });

  test("rows that reach both edges leave the toast where it clears the control", () => {
    const tall = box(0, 0, 740, 375);
    expect(toastPositionFor(box(620, 267, 44, 92), phone, [tall])).toBe("top-right");
    expect(toastPositionFor(box(60, 267, 44, 92), phone, [tall])).toBe("bottom-right");
  });

  test("a control taller than the screen keeps the seed's corner", () => {
    expect(toastPositionFor(box(0, 0, 740, 375), phone)).toBe("bottom-right");
  });
});
