import { describe, expect, test } from "vitest";
import { createRenderBudget } from "./render-budget.server";

describe("createRenderBudget", () => {
  /** A budget of 600 pixels a minute (10 a second) on a clock the test moves. */
  function budget(maxClients?: number) {
    let time = 1_000_000;
    const made = createRenderBudget({ pixels: 600, perSeconds: 60, maxClients, now: () => time });
    return { ...made, advance: (seconds: number) => (time += seconds * 1000) };
  }

  test("lets a client render up to its budget, then says how long until it may again", () => {
    const { take } = budget();
    expect(take("192.0.2.1", 400)).toBeNull();
    expect(take("192.0.2.1", 200)).toBeNull();
    // 50 pixels short, refilled at 10 a second.
    expect(take("192.0.2.1", 50)).toBe(5);
  });

  test("refills steadily, never past the budget", () => {
    const { take, advance } = budget();
    expect(take("192.0.2.1", 600)).toBeNull();
    advance(30);
    expect(take("192.0.2.1", 301)).toBe(1);
    expect(take("192.0.2.1", 300)).toBeNull();
    advance(3_600);
    expect(take("192.0.2.1", 600)).toBeNull();
    expect(take("192.0.2.1", 1)).toBe(1);
  });

  test("keeps each client's budget apart, and shares one among clients of unknown address", () => {
    const { take } = budget();
    expect(take("192.0.2.1", 600)).toBeNull();
    expect(take("192.0.2.2", 600)).toBeNull();
    expect(take(null, 600)).toBeNull();
    expect(take(null, 1)).not.toBeNull();
  });

  test("lets a render larger than the budget through on a full budget", () => {
    const { take, advance } = budget();
    expect(take("192.0.2.1", 5_000)).toBeNull();
    expect(take("192.0.2.1", 5_000)).toBe(60);
    advance(60);
    expect(take("192.0.2.1", 5_000)).toBeNull();
  });

  test("gives back what a refused render took", () => {
    const { take, refund } = budget();
    expect(take("192.0.2.1", 600)).toBeNull();
    refund("192.0.2.1", 600);
    expect(take("192.0.2.1", 600)).toBeNull();
  });

  test("forgets clients whose budget is whole again once it tracks many", () => {
    const { take, advance } = budget(2);
    expect(take("192.0.2.1", 600)).toBeNull();
    expect(take("192.0.2.2", 100)).toBeNull();
    advance(60);
    // Both are whole again and forgotten; their next renders start from a full budget.
    expect(take("192.0.2.3", 600)).toBeNull();
    expect(take("192.0.2.1", 600)).toBeNull();
    expect(take("192.0.2.3", 1)).toBe(1);
  });
});
