import type { Note } from "~/pages/page-texts";

/** The notes after the menu (allergies, tax, ID), as staff wrote them under Page text. */
export function MenuNotes({ notes }: { notes: readonly Note[] }) {
  if (notes.length === 0) return null;
  return (
    <aside aria-labelledby="menu-notes-title" className="mt-16 grid gap-6 md:grid-cols-3">
      <h2 id="menu-notes-title" className="sr-only">
        Notes
      </h2>
      {notes.map((note, index) => (
        <div key={index} className="border-t-4 border-primary bg-card p-5">
          {note.title ? <h3 className="text-lg">{note.title}</h3> : null}
          <p className={note.title ? "mt-2 text-sm text-muted-foreground" : "text-sm"}>
            {note.text}
          </p>
        </div>
      ))}
    </aside>
  );
}
