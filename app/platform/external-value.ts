import { useSyncExternalStore } from "react";

export type ExternalValue<T> = {
  get: () => T;
  set: (value: T) => void;
  subscribe: (notify: () => void) => () => void;
};

/** A value kept outside React (in a module) that components re-render on. */
export function createExternalValue<T>(initial: T): ExternalValue<T> {
  let value = initial;
  const subscribers = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      value = next;
      subscribers.forEach((notify) => notify());
    },
    subscribe(notify) {
      subscribers.add(notify);
      return () => subscribers.delete(notify);
    },
  };
}

/** The value, re-rendering when it changes; `serverValue` while rendering on the server and hydrating. */
export function useExternalValue<T>(store: ExternalValue<T>, serverValue: T): T {
  return useSyncExternalStore(store.subscribe, store.get, () => serverValue);
}
