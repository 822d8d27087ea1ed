import { Suspense, lazy, useEffect } from "react";
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
type ToasterRuntime = Awaited<ReturnType<typeof loadRuntime>>;
const SonnerToaster = lazy(() => loadRuntime().then(({ Toaster }) => ({ default: Toaster })));

const wanted = createExternalValue(false);
let ready: Promise<void> | undefined;
let markReady: () => void = () => {};

function onToasterReady() {
  markReady();
}

/** Shows a toast once the toaster is ready; `show` receives sonner's `toast`, and the rest of the runtime. */
export function withToaster(show: (toast: ShowToast, runtime: ToasterRuntime) => void): void {
  ready ??= new Promise<void>((resolve) => {
    markReady = resolve;
    wanted.set(true);
  });
  Promise.all([loadRuntime(), ready]).then(
    ([runtime]) => requestAnimationFrame(() => show(runtime.toast, runtime)),
    (error: unknown) => console.warn("A notification could not be shown", error),
  );
}

/** The control last pressed or typed into: a toast about it must not cover it. */
let lastControl: Element | null = null;

function rememberControl(event: Event) {
  const target = event.target instanceof Element ? event.target : null;
  lastControl =
    target?.closest("button, a, input, select, textarea, summary, [role=button]") ?? null;
}

/**
 * A toast from the server (a flash cookie), shown as it says: bottom-right,
 * or at the top when the control that led to it, or the list rows beside it
 * (the next a manager taps), would be under it.
 */
export function showToast({ id, type, title, description }: Toast): void {
  withToaster((toast, { positionClearOf }) => {
    const show = type === "message" ? toast : toast[type];
    show(title, { id, description, position: positionClearOf(lastControl) });
  });
}

export function Toaster({ theme }: { theme: ToasterTheme }) {
  useEffect(() => {
    window.addEventListener("pointerdown", rememberControl, true);
    window.addEventListener("keydown", rememberControl, true);
    return () => {
      window.removeEventListener("pointerdown", rememberControl, true);
      window.removeEventListener("keydown", rememberControl, true);
    };
  }, []);
  if (!useExternalValue(wanted, false)) return null;
  return (
    <LoadFailureBoundary what="Notifications">
      <Suspense fallback={null}>
        <SonnerToaster theme={theme} onReady={onToasterReady} />
      </Suspense>
    </LoadFailureBoundary>
  );
}
