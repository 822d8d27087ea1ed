import { formatPrice } from "~/platform/money";
import { TickedList } from "./ticked-list";
import type { VenuePackage } from "./venue";

/** The food and drink packages as cards: price and its unit, any minimum, what each includes. */
export function PackageList({ packages }: { packages: readonly VenuePackage[] }) {
  return (
    <ul className="mt-10 grid gap-6 lg:grid-cols-3">
      {packages.map((item) => (
        <li key={item.id} className="flex flex-col border-t-4 border-primary bg-background p-6">
          <h3 className="text-2xl">{item.name}</h3>
          <p className="mt-3">
            <span className="font-display text-4xl">{formatPrice(item.priceCents)}</span>{" "}
            <span className="text-muted-foreground">
              {item.priceUnit === "per-guest" ? "per guest" : "flat rate"}
            </span>
          </p>
          {item.minimumGuests ? (
            <p className="mt-1 text-sm font-semibold">Minimum {item.minimumGuests} guests</p>
          ) : null}
          <p className="mt-3 text-muted-foreground">{item.description}</p>
          <TickedList
            items={item.includes}
            label={`${item.name} includes`}
            className="mt-4 space-y-2"
          />
        </li>
      ))}
    </ul>
  );
}
