import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "~/platform/cn";

/** Square corners and a large type, as the site's buttons are. */
export const buttonVariants = cva(
  "inline-flex shrink-0 items-center justify-center gap-2 rounded-none text-lg font-semibold transition-colors select-none disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-5 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        // Forced colours drop fills: a border keeps the button's shape.
        // Hovered, a step further from its words (4.5:1 or more in both themes).
        default: "bg-primary text-primary-foreground hover:bg-primary-hover forced-colors:border-2",
        secondary: "bg-foreground text-background hover:bg-foreground/85 forced-colors:border-2",
        outline:
          "border-2 border-foreground/80 bg-transparent text-foreground hover:bg-foreground hover:text-background",
        ghost: "text-foreground hover:bg-muted",
        shell:
          "border-2 border-shell-foreground/70 text-shell-foreground hover:bg-shell-foreground hover:text-shell",
        link: "text-primary underline-offset-4 hover:underline",
      },
      size: {
        default: "h-12 px-6 whitespace-nowrap",
        sm: "h-10 px-4 text-base whitespace-nowrap",
        lg: "h-14 px-8 text-xl whitespace-nowrap",
        // A form's send button: as large, and on a phone a label too long
        // for the width wraps onto a second line rather than being cut off
        // or pushing the page wider than the screen.
        form: "min-h-14 max-w-full px-8 py-2 text-center text-xl text-balance",
        icon: "size-11 whitespace-nowrap",
        // A smaller action beside a list (reorder, download): its words wrap on a narrow phone.
        action: "min-h-11 max-w-full px-4 py-1.5 text-base",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export type ButtonVariants = VariantProps<typeof buttonVariants>;

export function Button({
  className,
  variant,
  size,
  type = "button",
  ...props
}: ComponentProps<"button"> & ButtonVariants) {
  return (
    <button
      data-slot="button"
      type={type}
      className={cn(buttonVariants({ variant, size }), className)}
      {...props}
    />
  );
}
