import { NavigationIcon } from "lucide-react";
import { buttonVariants } from "~/platform/ui/button";
import { cn } from "~/platform/cn";

/** Directions to the pub in the two map apps phones have. */
export function DirectionsLinks({
  links,
  className,
}: {
  links: { google: string; apple: string };
  className?: string;
}) {
  return (
    <div className={cn("flex flex-col gap-3 sm:flex-row", className)}>
      <a href={links.google} className={buttonVariants()}>
        <NavigationIcon aria-hidden="true" />
        Google Maps
      </a>
      <a href={links.apple} className={buttonVariants({ variant: "outline" })}>
        <NavigationIcon aria-hidden="true" />
        Apple Maps
      </a>
    </div>
  );
}
