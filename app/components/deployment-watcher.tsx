import { useEffect } from "react";
import { withToaster } from "~/platform/ui/toaster";
import { isNewBuild } from "~/platform/build-info";

export const BUILD_CHECK_INTERVAL_MS = 5 * 60 * 1000;
/** A tab that keeps regaining focus checks at most this often. */
const MIN_CHECK_GAP_MS = 30 * 1000;

/**
 * Notices when the server runs a newer build than this page (polling
 * /build-info, and when the tab comes back into view) and offers a reload.
 */
export function DeploymentWatcher() {
  useEffect(() => {
    let noticed = false;
    let lastCheck = 0;

    async function check() {
      if (noticed || document.visibilityState !== "visible") return;
      lastCheck = Date.now();
      let info: unknown;
      try {
        const response = await fetch("/build-info", { cache: "no-store" });
        if (!response.ok) return;
        info = await response.json();
      } catch {
        // Offline, or the server is between deployments: the next check will tell.
        return;
      }
      if (noticed || !isNewBuild(info)) return;
      noticed = true;
      withToaster((toast) =>
        toast("A new version of the site is available.", {
          id: "new-deployment",
          description: "Reload to see the latest menu, hours and events.",
          duration: Number.POSITIVE_INFINITY,
          action: { label: "Reload", onClick: () => window.location.reload() },
        }),
      );
    }

    function onReturn() {
      if (Date.now() - lastCheck >= MIN_CHECK_GAP_MS) void check();
    }

    const interval = window.setInterval(() => void check(), BUILD_CHECK_INTERVAL_MS);
    document.addEventListener("visibilitychange", onReturn);
    window.addEventListener("focus", onReturn);
    return () => {
      window.clearInterval(interval);
      document.removeEventListener("visibilitychange", onReturn);
      window.removeEventListener("focus", onReturn);
    };
  }, []);

  return null;
}
