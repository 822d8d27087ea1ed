import { describe, expect, test, vi } from "vitest";
import { createExternalValue } from "./external-value";

describe("createExternalValue", () => {
  test("notifies subscribers of a new value until they unsubscribe", () => {
    const store = createExternalValue(1);
    const notify = vi.fn();
    const unsubscribe = store.subscribe(notify);
    store.set(2);
    expect(store.get()).toBe(2);
    expect(notify).toHaveBeenCalledOnce();
    unsubscribe();
    store.set(3);
    expect(notify).toHaveBeenCalledOnce();
  });
});
