import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { installChunkReloadGuard } from "~/platform/chunk-reload";
import { quietInterruptedNavigations } from "~/platform/interrupted-navigation";

installChunkReloadGuard(window);
quietInterruptedNavigations(window);

// If the app cannot mount, React clears the document, head included. The
// server's HTML is a complete page whose links and forms work without
// scripts, so it goes back (scripts put back this way do not run again).
const serverRenderedDocument = document.documentElement.innerHTML;

function reportMountFailure(error: unknown) {
  console.error("Error while mounting app", error);
  if (!document.getElementById("main")) {
    document.documentElement.innerHTML = serverRenderedDocument;
  }
}

try {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
      // Errors that no route's boundary caught: the app could not mount.
      { onUncaughtError: reportMountFailure },
    );
  });
} catch (error) {
  reportMountFailure(error);
}
