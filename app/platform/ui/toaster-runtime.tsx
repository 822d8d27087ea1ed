import { useEffect } from "react";
import { Toaster as Sonner, toast, type ToasterProps } from "sonner";
import { toastPositionFor, type ToastPosition } from "~/platform/toast-placement";

export type ToasterTheme = NonNullable<ToasterProps["theme"]>;

// Loaded on demand by ./toaster.tsx.

export { toast };
export type ShowToast = typeof toast;

/**
 * Where a toast goes so it covers neither `control` (the one last pressed;
 * else the one with focus) nor the list rows around it, where the next tap
 * most likely lands (the next row's move buttons, after a move).
 */
export function positionClearOf(control: Element | null): ToastPosition {
  const active = document.activeElement;
  const used =
    (control?.isConnected ? control : null) ?? (active && active !== document.body ? active : null);
  const box = used?.getBoundingClientRect();
  if (!used || !box || box.width === 0 || box.bottom <= 0 || box.top >= window.innerHeight) {
    return "bottom-right";
  }
  const row = used.closest("li");
  const rows = [row?.previousElementSibling, row, row?.nextElementSibling].flatMap((entry) =>
    entry ? [entry.getBoundingClientRect()] : [],
  );
  return toastPositionFor(box, { width: window.innerWidth, height: window.innerHeight }, rows);
}

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
