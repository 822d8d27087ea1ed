import * as TooltipPrimitive from "@radix-ui/react-tooltip";
import { useLayoutEffect, useRef, type ReactElement, type ReactNode } from "react";

// Loaded on demand by ./tooltip.tsx; nothing else should import this module.

/** Seed constants: a tooltip opens after 700 ms; moving to the next within 300 ms opens it at once. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider
      delayDuration={TOOLTIP_DELAY_MS}
      skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}
    >
      {children}
    </TooltipPrimitive.Provider>
  );
}

export function RadixTooltip({
  label,
  restoreFocus,
  onFocusRestored,
  children,
}: {
  label: string;
  /** This trigger had focus before Radix re-created it. */
  restoreFocus: boolean;
  onFocusRestored: () => void;
  children: ReactElement;
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (!restoreFocus) return;
    trigger.current?.focus();
    onFocusRestored();
  }, [restoreFocus, onFocusRestored]);

  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild ref={trigger}>
        {children}
      </TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          data-slot="tooltip-content"
          sideOffset={6}
          className="z-50 bg-zinc-100 px-2.5 py-1.5 text-sm font-medium text-zinc-950 shadow-lg"
        >
          {label}
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}
