import { ChevronRightIcon, PlusIcon } from "lucide-react";
import { Form, data, useNavigation } from "react-router";
import type { Route } from "./+types/venue";
import { buttonVariants } from "~/platform/ui/button";
import { Link } from "~/platform/ui/link";
import { formatPrice } from "~/platform/money";
import { cn } from "~/platform/cn";
import { redirectWithToast } from "~/platform/toast.server";
import { EditorHeading, MoveButtons, StatusBadge } from "~/staff/editor/editor-ui";
import { readAsStaff, writeAsStaff } from "~/staff/editor/editor.server";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { staffMeta } from "~/staff/staff-meta";
import { MOVE_INTENTS, type MoveIntent } from "~/venue/venue-editor";
import {
  moveVenueRow,
  packagesForStaff,
  spacesForStaff,
  type VenueTable,
} from "~/venue/venue-editor.server";
import type { RouteHandle } from "~/platform/route-needs";

export async function loader({ context }: Route.LoaderArgs) {
  const [spaces, packages] = await readAsStaff(context, async (tx) => [
    await spacesForStaff(tx),
    await packagesForStaff(tx),
  ]);
  return { spaces, packages };
}

const TABLES: Record<string, VenueTable> = { space: "venue_spaces", package: "venue_packages" };

/** Moving a space or package up or down its list. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  const table = TABLES[String(form.get("list"))];
  const rawId = form.get("id");
  if (!MOVE_INTENTS.includes(intent as MoveIntent) || !table) {
    throw data("Choose an entry to move up or down.", { status: 400 });
  }
  if (typeof rawId !== "string" || !/^[1-9]\d{0,15}$/.test(rawId)) {
    throw data("Not Found", { status: 404 });
  }
  const moved = await writeAsStaff(context, (tx) =>
    moveVenueRow(tx, table, Number(rawId), intent as MoveIntent),
  );
  if (!moved) throw data("Not Found", { status: 404 });
  return redirectWithToast(`/staff/venue#${table}-${rawId}`, {
    type: "success",
    title: "Order saved. Visitors see it now.",
  });
}

export const meta: Route.MetaFunction = ({ matches }) => staffMeta("Venue", matches);

export const headers: Route.HeadersFunction = staffPageHeaders;

/**
 * No picture is posted here, but posts take the picture editors' limit, as
 * they always have under /staff/venue.
 */
export const handle = { transport: { body: "upload" } } satisfies RouteHandle;

function MoveForm({
  list,
  id,
  name,
  first,
  last,
}: {
  list: "space" | "package";
  id: number;
  name: string;
  first: boolean;
  last: boolean;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  return (
    <Form
      method="post"
      className="flex shrink-0 gap-1"
      onSubmit={(event) => {
        if (pending) event.preventDefault();
      }}
    >
      <input type="hidden" name="list" value={list} />
      <input type="hidden" name="id" value={id} />
      <MoveButtons name={name} first={first} last={last} />
    </Form>
  );
}

function VenueRow({
  list,
  id,
  to,
  name,
  details,
  hidden,
  first,
  last,
}: {
  list: "space" | "package";
  id: number;
  to: string;
  name: string;
  details: string;
  hidden: boolean;
  first: boolean;
  last: boolean;
}) {
  return (
    <li id={`${TABLES[list]}-${id}`} className="flex scroll-mt-28 items-center gap-2 py-2 sm:px-2">
      <Link to={to} className="group flex min-h-14 min-w-0 flex-1 items-center gap-3 py-1">
        <span className="min-w-0 flex-1">
          <span className="block text-lg font-semibold break-words underline-offset-4 group-hover:underline">
            {name}
          </span>
          <span className="mt-0.5 block text-muted-foreground">{details}</span>
          {hidden ? (
            <span className="mt-1.5 flex">
              <StatusBadge>Hidden</StatusBadge>
            </span>
          ) : null}
        </span>
        <ChevronRightIcon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      </Link>
      <MoveForm list={list} id={id} name={name} first={first} last={last} />
    </li>
  );
}

function AddLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className={cn(buttonVariants({ variant: "outline" }), "mt-4 w-full sm:w-auto")}>
      <PlusIcon aria-hidden="true" />
      {children}
    </Link>
  );
}

export default function StaffVenuePage({ loaderData }: Route.ComponentProps) {
  const { spaces, packages } = loaderData;
  return (
    <>
      <EditorHeading
        title="Venue"
        intro="The rooms for private parties and the packages, in the order the venue page shows them."
      />

      <section aria-labelledby="spaces-heading" className="mt-10">
        <h2 id="spaces-heading" className="text-2xl tracking-tight">
          Spaces
        </h2>
        <p className="mt-1 text-muted-foreground">
          The venue enquiry form checks a party’s size against each space’s capacity.
        </p>
        <ul aria-label="Spaces" className="mt-4 divide-y divide-border border-y border-border">
          {spaces.map((space, index) => (
            <VenueRow
              key={space.id}
              list="space"
              id={space.id}
              to={`/staff/venue/spaces/${space.id}`}
              name={space.name}
              details={`${space.seatedCapacity} seated · ${space.standingCapacity} standing${space.stepFree ? " · step-free" : ""}`}
              hidden={!space.published}
              first={index === 0}
              last={index === spaces.length - 1}
            />
          ))}
        </ul>
        <AddLink to="/staff/venue/spaces/new">Add a space</AddLink>
      </section>

      <section aria-labelledby="packages-heading" className="mt-12">
        <h2 id="packages-heading" className="text-2xl tracking-tight">
          Packages
        </h2>
        <ul aria-label="Packages" className="mt-4 divide-y divide-border border-y border-border">
          {packages.map((pack, index) => (
            <VenueRow
              key={pack.id}
              list="package"
              id={pack.id}
              to={`/staff/venue/packages/${pack.id}`}
              name={pack.name}
              details={`${formatPrice(pack.priceCents)} ${pack.priceUnit === "per-guest" ? "per guest" : "flat"}${pack.minimumGuests ? ` · at least ${pack.minimumGuests} guests` : ""}`}
              hidden={!pack.published}
              first={index === 0}
              last={index === packages.length - 1}
            />
          ))}
        </ul>
        <AddLink to="/staff/venue/packages/new">Add a package</AddLink>
      </section>
    </>
  );
}
