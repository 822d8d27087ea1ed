import { useEffect, useRef, useState, type ReactNode } from "react";
import { cn } from "~/platform/cn";
import {
  TURNSTILE_RESPONSE_FIELD,
  TURNSTILE_SCRIPT_URL,
  type TurnstileAction,
} from "~/platform/turnstile";

/** The few of the widget's render options the site sets. */
type TurnstileRenderOptions = {
  sitekey: string;
  action: string;
  "response-field-name": string;
  theme: "auto" | "light" | "dark";
  appearance: "always" | "execute" | "interaction-only";
};

/** The part of Cloudflare's `window.turnstile` the site uses. */
type TurnstileApi = {
  render(container: HTMLElement, options: TurnstileRenderOptions): string | null | undefined;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
};

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let scriptLoad: Promise<TurnstileApi> | undefined;

/**
 * Cloudflare's script, added once per page session and shared by every widget
 * after it, across client-side navigations. The CSP allows it because a script
 * carrying the nonce creates it ('strict-dynamic'). A failed load is forgotten,
 * so the next widget tries again.
 */
function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  scriptLoad ??= new Promise<TurnstileApi>((resolve, reject) => {
    const existing = document.querySelector<HTMLScriptElement>(
      `script[src="${TURNSTILE_SCRIPT_URL}"]`,
    );
    const script = existing ?? document.createElement("script");
    const fail = () => {
      script.remove();
      scriptLoad = undefined;
      reject(new Error("The spam check's script did not load"));
    };
    script.addEventListener("load", () => (window.turnstile ? resolve(window.turnstile) : fail()));
    script.addEventListener("error", fail);
    if (!existing) {
      script.src = TURNSTILE_SCRIPT_URL;
      script.async = true;
      document.head.append(script);
    }
  });
  return scriptLoad;
}

export type TurnstileWidgetProps = {
  siteKey: string;
  /** Which form this is; the server checks the token was made for it. */
  action: TurnstileAction;
  /** What a visitor without JavaScript can do instead, such as call or email. */
  fallback?: ReactNode;
  /**
   * A value that changes with each submission's result, such as the action's
   * data: when it changes the widget is reset, as the server has used up its token.
   */
  resetKey?: unknown;
  className?: string;
};

/**
 * Cloudflare Turnstile's spam check, for inside a `<form>`: it adds the
 * `cf-turnstile-response` field the server verifies. The server renders an
 * empty box of the widget's height, so the form does not jump when it appears.
 */
export function TurnstileWidget({
  siteKey,
  action,
  fallback = "If you cannot use it, please call or email us instead.",
  resetKey,
  className,
}: TurnstileWidgetProps) {
  const container = useRef<HTMLDivElement>(null);
  const widgetId = useRef<string | undefined>(undefined);
  const renderedResetKey = useRef(resetKey);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let active = true;
    loadTurnstile().then(
      (turnstile) => {
        if (!active) return;
        const id = turnstile.render(element, {
          sitekey: siteKey,
          action,
          "response-field-name": TURNSTILE_RESPONSE_FIELD,
          theme: "auto",
          appearance: "always",
        });
        if (id === null || id === undefined) return;
        widgetId.current = id;
      },
      () => {
        // Blocked or offline: without the check the form cannot be sent, so say so.
        if (active) setFailed(true);
      },
    );
    return () => {
      active = false;
      const id = widgetId.current;
      if (id === undefined) return;
      widgetId.current = undefined;
      window.turnstile?.remove(id);
    };
  }, [siteKey, action]);

  useEffect(() => {
    if (Object.is(renderedResetKey.current, resetKey)) return;
    renderedResetKey.current = resetKey;
    if (widgetId.current !== undefined) window.turnstile?.reset(widgetId.current);
  }, [resetKey]);

  return (
    <div data-slot="turnstile" className={cn("min-h-[65px]", className)}>
      <div ref={container} data-slot="turnstile-widget" />
      <noscript>
        <p className="text-sm text-muted-foreground">The spam check needs JavaScript. {fallback}</p>
      </noscript>
      {failed && (
        <p role="alert" className="text-sm text-muted-foreground">
          The spam check could not load. Please check your connection and reload the page.{" "}
          {fallback}
        </p>
      )}
    </div>
  );
}
