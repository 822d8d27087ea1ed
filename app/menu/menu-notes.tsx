/** What every diner should know, whatever they order. */
const NOTES = [
  {
    title: "Allergies",
    text: "Each dish lists the priority allergens Health Canada names that it contains. Our kitchen handles all of them and shares fryers, so we cannot promise any dish is free of traces. Please tell your server about any allergy before you order.",
  },
  {
    title: "Prices and tax",
    text: "Prices are in Canadian dollars and do not include HST (13%), which is added to your bill. Gratuity is not included, except for parties of eight or more (18%).",
  },
  {
    title: "Drinking responsibly",
    text: "Alcohol is served to guests 19 and over; bring photo ID. Our staff are Smart Serve trained and may refuse service. Ask us about a cab home.",
  },
] as const;

/** The notes after the menu: allergies, prices and tax, drinking responsibly. */
export function MenuNotes() {
  return (
    <aside aria-labelledby="menu-notes-title" className="mt-16 grid gap-6 md:grid-cols-3">
      <h2 id="menu-notes-title" className="sr-only">
        Notes
      </h2>
      {NOTES.map((note) => (
        <div key={note.title} className="border-t-4 border-primary bg-card p-5">
          <h3 className="text-lg">{note.title}</h3>
          <p className="mt-2 text-sm text-muted-foreground">{note.text}</p>
        </div>
      ))}
    </aside>
  );
}
