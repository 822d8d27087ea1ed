import { Suspense, lazy } from "react";
import { LoadFailureBoundary } from "./load-failure-boundary";
import { chunkLoader } from "~/platform/chunk-reload";
import { createExternalValue, useExternalValue } from "~/platform/external-value";
import type { Toast } from "~/platform/toast";
import type { ShowToast, ToasterTheme } from "./toaster-runtime";

/*
 * Toasts are rare (a confirmation after a form, a new deployment), so sonner
 * loads with the first one instead of with every page. The toaster mounts
 * first, and the toast arrives a frame later, so its live region is in place
 * for screen readers to announce it.
 */
const loadRuntime = chunkLoader(() => import("./toaster-runtime"));
const SonnerToaster = lazy(() => loadRuntime().then(({ Toaster }) => ({ default: Toaster })));

const wanted = createExternalValue(false);
let ready: Promise<void> | undefined;
let markReady: () => void = () => {};

function onToasterReady() {
  markReady();
}

/** Shows a toast once the toaster is ready; `show` receives sonner's `toast`. */
export function withToaster(show: (toast: ShowToast) => void): void {
  ready ??= new Promise<void>((resolve) => {
    markReady = resolve;
    wanted.set(true);
  });
  Promise.all([loadRuntime(), ready]).then(
    ([{ toast }]) => requestAnimationFrame(() => show(toast)),
    (error: unknown) => console.warn("A notification could not be shown", error),
  );
}

/** A toast from the server (a flash cookie), shown as it says. */
export function showToast({ id, type, title, description }: Toast): void {
  withToaster((toast) => {
    const show = type === "message" ? toast : toast[type];
    show(title, { id, description });
  });
}

export function Toaster({ theme }: { theme: ToasterTheme }) {
  if (!useExternalValue(wanted, false)) return null;
  return (
    <LoadFailureBoundary what="Notifications">
      <Suspense fallback={null}>
        <SonnerToaster theme={theme} onReady={onToasterReady} />
      </Suspense>
    </LoadFailureBoundary>
  );
}
