import { MonitorIcon, MoonIcon, SunIcon, type LucideIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { useFetcher, useLocation } from "react-router";
import { Tooltip, TooltipGroup } from "~/platform/ui/tooltip";
import { THEME_ACTION, useTheme } from "./use-theme";
import { cn } from "~/platform/cn";
import { themeLabels, themes, type Theme } from "./theme";

const icons: Record<Theme, LucideIcon> = {
  light: SunIcon,
  dark: MoonIcon,
  system: MonitorIcon,
};

/**
 * Light, dark or the device's setting. A plain form post without JavaScript
 * (the server stores the cookie and sends the visitor back); with it, the
 * page switches at once while the choice is saved.
 */
export function ThemeSwitch({
  labelled = false,
  className,
}: {
  /** Show the names beside the icons instead of in tooltips. */
  labelled?: boolean;
  className?: string;
}) {
  const fetcher = useFetcher({ key: "theme" });
  const current = useTheme();
  const location = useLocation();

  return (
    <fetcher.Form method="post" action={THEME_ACTION} className={className}>
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <div
        role="group"
        aria-label="Colour theme"
        className="inline-flex border border-shell-control bg-shell"
      >
        {labelled ? (
          themes.map((theme) => (
            <ThemeButton key={theme} theme={theme} pressed={current === theme} labelled />
          ))
        ) : (
          <TooltipGroup>
            {themes.map((theme) => (
              <Tooltip key={theme} label={`${themeLabels[theme]} theme`}>
                <ThemeButton theme={theme} pressed={current === theme} />
              </Tooltip>
            ))}
          </TooltipGroup>
        )}
      </div>
    </fetcher.Form>
  );
}

function ThemeButton({
  theme,
  pressed,
  labelled = false,
  ...props
}: ComponentProps<"button"> & { theme: Theme; pressed: boolean; labelled?: boolean }) {
  const Icon = icons[theme];
  return (
    <button
      type="submit"
      name="theme"
      value={theme}
      aria-pressed={pressed}
      className={cn(
        "inline-flex h-10 items-center justify-center gap-2 text-sm font-medium text-shell-muted transition-colors hover:text-shell-foreground aria-pressed:bg-shell-foreground aria-pressed:text-shell forced-colors:aria-pressed:forced-selected",
        // Labelled, on a narrow screen (320 px, 400 % zoom) each icon sits over its word.
        labelled
          ? "flex-1 px-3 max-[22.5rem]:h-14 max-[22.5rem]:min-w-0 max-[22.5rem]:flex-col max-[22.5rem]:gap-0.5 max-[22.5rem]:px-1"
          : "w-10",
      )}
      {...props}
    >
      <Icon aria-hidden="true" className="size-[1.125rem] shrink-0" />
      {labelled ? themeLabels[theme] : <span className="sr-only">{themeLabels[theme]} theme</span>}
    </button>
  );
}
