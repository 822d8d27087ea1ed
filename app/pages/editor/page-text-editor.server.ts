import { contentImage } from "~/images/content-image";
import { defineEditorStore } from "~/platform/forms/editor-spec";
import type { Database } from "~/platform/database/database.server";
import { editorRowCheck, type TableRowRules } from "~/platform/forms/row-rules.server";
import { PAGE_PARTS } from "./page-parts";
import { PAGE_PICTURE_NAMES, pageTextEditor, type EditablePageText } from "./page-text-editor";

/**
 * The queries of the pages' words: every page's, one by id, and the save,
 * in the transaction `writeAsStaff` opened. Pages are neither added nor
 * removed: the table holds one row per page.
 */

type PageTextRow = Omit<EditablePageText, "image"> & { imagePath: string | null; imageAlt: string };

const columns = `id::int as id, page, description, body, aside, sample,
  image_path as "imagePath", image_alt as "imageAlt"`;

const toText = ({ imagePath, imageAlt, ...row }: PageTextRow): EditablePageText => ({
  ...row,
  image: contentImage(imagePath, imageAlt),
});

/** Every page's words, in the site's navigation order. */
export async function listPageTexts(db: Database): Promise<EditablePageText[]> {
  const rows = await db.query<PageTextRow>(`select ${columns} from public.page_texts`);
  const order = Object.keys(PAGE_PARTS);
  return rows.map(toText).sort((a, b) => order.indexOf(a.page) - order.indexOf(b.page));
}

/** One page's words by id, or null. */
export async function getPageText(db: Database, id: number): Promise<EditablePageText | null> {
  const [row] = await db.query<PageTextRow>(
    `select ${columns} from public.page_texts where id = $1`,
    [id],
  );
  return row ? toText(row) : null;
}

export const pageTextStore = defineEditorStore(pageTextEditor, {
  rulesContext: () => undefined,
  adds: false,
  find: getPageText,
  load: async (_tx, text) => ({ page: text?.page ?? null }),
  pictures: [PAGE_PICTURE_NAMES],
  async save(tx, id, input, [picture]) {
    if (id === "new") return null;
    const current = await getPageText(tx, id);
    if (!current) return null;
    const parts = PAGE_PARTS[current.page];
    // What the page does not show is kept as it is, whatever a post says of it.
    const path = !parts.picture
      ? (current.image?.path ?? null)
      : picture!.path === undefined
        ? (current.image?.path ?? null)
        : picture!.path;
    const rows = await tx.query(
      `update public.page_texts set description = $1, body = $2, aside = $3,
         image_path = $4, image_alt = $5, sample = false, updated_at = now()
       where id = $6 returning id`,
      [
        input.description,
        parts.body ? input.body : current.body,
        parts.aside ? input.aside : current.aside,
        path,
        path ? (parts.picture ? input.imageAlt : (current.image?.alt ?? "")) : "",
        id,
      ],
    );
    return rows.length > 0 ? id : null;
  },
  savedTo: (id) => `/staff/pages/${id}`,
});

/** What undoing a change to a page's words must keep: its editor's rules. */
export const pageTextsRowRules: TableRowRules = {
  page_texts: { check: editorRowCheck(pageTextEditor, pageTextStore) },
};
