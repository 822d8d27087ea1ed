import { ArrowRightIcon } from "lucide-react";
import type { Route } from "./+types/home";
import { Link } from "~/components/link";
import { buttonVariants } from "~/components/ui/button";
import { introMeta, type PageIntro } from "~/lib/meta";
import { publicPageHeaders } from "~/lib/page-headers";
import { site } from "~/lib/site";

export function loader(): PageIntro {
  return {
    title: site.name,
    summary: `${site.description}. Open-now hours, today's specials and what's on this week, all in one place.`,
  };
}

export const meta: Route.MetaFunction = (args) => introMeta("/", args);

export const headers = publicPageHeaders;

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <section
      aria-labelledby="home-title"
      className="relative isolate overflow-hidden bg-shell text-shell-foreground"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,rgb(22_163_74/0.28),transparent_55%),radial-gradient(ellipse_at_bottom_left,rgb(22_163_74/0.12),transparent_50%)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 [background-image:repeating-linear-gradient(90deg,#fff_0_1px,transparent_1px_96px)] opacity-[0.07]"
      />
      <div className="mx-auto max-w-6xl px-4 pt-20 pb-24 sm:px-6 sm:pt-28 sm:pb-32 lg:pt-36 lg:pb-40">
        <p className="text-sm font-semibold tracking-[0.28em] text-shell-accent uppercase">
          Downtown London, Ontario
        </p>
        <h1
          id="home-title"
          className="mt-5 max-w-4xl text-5xl leading-[0.95] tracking-tight text-white sm:text-7xl lg:text-8xl"
        >
          {loaderData.title}
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-shell-foreground/85 sm:text-xl">
          {loaderData.summary}
        </p>
        <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <Link to="/menu" className={buttonVariants({ size: "lg" })}>
            See the menu
            <ArrowRightIcon aria-hidden="true" />
          </Link>
          <Link to="/venue" className={buttonVariants({ variant: "shell", size: "lg" })}>
            Book the room
          </Link>
          <Link to="/contact" className={buttonVariants({ variant: "shell", size: "lg" })}>
            Find us
          </Link>
        </div>
      </div>
    </section>
  );
}
