import { useEffect } from "react";
import { Toaster as Sonner, toast, type ToasterProps } from "sonner";

export type ToasterTheme = NonNullable<ToasterProps["theme"]>;

// Loaded on demand by ./toaster.tsx.

export { toast };
export type ShowToast = typeof toast;

/** Seed constants for notifications. */
export const TOAST_DURATION_MS = 5000;
export const VISIBLE_TOASTS = 5;
export const TOAST_HOTKEY = ["F8"];

/**
 * Bottom-right, at most five at a time, each for five seconds; timers pause
 * while the pointer or focus is on them, a swipe dismisses, F8 jumps there.
 */
export function Toaster({ theme, onReady }: { theme: ToasterTheme; onReady: () => void }) {
  // Sonner subscribes in its own effect, which runs before this one.
  useEffect(onReady, [onReady]);
  return (
    <Sonner
      position="bottom-right"
      visibleToasts={VISIBLE_TOASTS}
      duration={TOAST_DURATION_MS}
      hotkey={TOAST_HOTKEY}
      theme={theme}
      closeButton
      containerAriaLabel="Notifications"
    />
  );
}
