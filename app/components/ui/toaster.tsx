import { Toaster as Sonner, toast } from "sonner";
import type { Theme } from "~/lib/theme";
import type { Toast } from "~/lib/toast";

/** Seed constants for notifications. */
export const TOAST_DURATION_MS = 5000;
export const VISIBLE_TOASTS = 5;
export const TOAST_HOTKEY = ["F8"];

/**
 * Bottom-right, at most five at a time, each for five seconds; timers pause
 * while the pointer or focus is on them, a swipe dismisses, F8 jumps there.
 */
export function Toaster({ theme }: { theme: Theme }) {
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

export function showToast({ id, type, title, description }: Toast) {
  const show = type === "message" ? toast : toast[type];
  show(title, { id, description });
}
