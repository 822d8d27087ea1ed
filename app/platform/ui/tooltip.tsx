import { cloneElement, useEffect, useId, type ReactElement, type ReactNode } from "react";
import { chunkLoader } from "~/platform/chunk-reload";
import { createExternalValue, useExternalValue } from "~/platform/external-value";
import type * as TooltipRuntime from "./tooltip-runtime";

type Runtime = typeof TooltipRuntime;

/*
 * Radix Tooltip and the positioning engine it needs weigh 26 KB gzipped, more
 * than all the rest of the site's own code. Phones cannot hover, so they never
 * load it: the first move of a mouse (or press of a key) on a device that can
 * hover loads it, well before any tooltip's 700 ms delay runs out.
 */
const runtime = createExternalValue<Runtime | null>(null);
let armed = false;
let focusedTrigger: string | null = null;
const loadRuntime = chunkLoader(() => import("./tooltip-runtime"));

function armOnce() {
  if (armed) return;
  armed = true;
  if (!window.matchMedia("(hover: hover) and (pointer: fine)").matches) return;

  // Triggers are re-created inside Radix's tree when it arrives; never between
  // a press and its release, or the click would land on a button that is gone.
  let pressed = false;
  const track = { capture: true, passive: true };
  window.addEventListener("pointerdown", () => (pressed = true), track);
  window.addEventListener("pointercancel", () => (pressed = false), track);
  const released = () =>
    new Promise<void>((resolve) => {
      if (!pressed) return resolve();
      window.addEventListener(
        "pointerup",
        () => {
          pressed = false;
          // After this task: the click that follows the release is dispatched first.
          setTimeout(resolve);
        },
        { ...track, once: true },
      );
    });

  const firstInput = new AbortController();
  const load = () => {
    firstInput.abort();
    loadRuntime()
      .then(async (loaded) => {
        await released();
        // Remember which trigger had focus, to give it back once re-created.
        focusedTrigger = document.activeElement?.getAttribute("data-tooltip-trigger") ?? null;
        runtime.set(loaded);
      })
      // The buttons keep their accessible names; only the hover labels are lost.
      .catch((error: unknown) => console.warn("Tooltips could not be loaded", error));
  };
  for (const event of ["pointermove", "keydown"]) {
    window.addEventListener(event, load, { passive: true, signal: firstInput.signal });
  }
}

function useRuntime(): Runtime | null {
  useEffect(armOnce, []);
  return useExternalValue(runtime, null);
}

/** Tooltips in one group share the 300 ms skip delay. */
export function TooltipGroup({ children }: { children: ReactNode }) {
  const loaded = useRuntime();
  return loaded ? <loaded.TooltipProvider>{children}</loaded.TooltipProvider> : children;
}

/** A short label shown on hover and focus of `children`, which must accept a ref. */
export function Tooltip({ label, children }: { label: string; children: ReactElement }) {
  const loaded = useRuntime();
  const id = useId();
  const trigger = cloneElement(children, { "data-tooltip-trigger": id } as object);
  if (!loaded) return trigger;
  return (
    <loaded.RadixTooltip
      label={label}
      restoreFocus={focusedTrigger === id}
      onFocusRestored={() => (focusedTrigger = null)}
    >
      {trigger}
    </loaded.RadixTooltip>
  );
}
