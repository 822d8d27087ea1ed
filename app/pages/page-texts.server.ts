import { contentImage } from "~/images/content-image";
import type { Database } from "~/platform/database/database.server";
import { PAGE_KEYS, type PageKey, type PageText, type PageTexts } from "./page-texts";

type PageTextRow = {
  page: PageKey;
  description: string;
  body: string;
  aside: string;
  imagePath: string | null;
  imageAlt: string;
};

/** Every page's words. A page whose row is missing (never, by the table's own rows) throws. */
export async function getPageTexts(db: Database): Promise<PageTexts> {
  const rows = await db.query<PageTextRow>(
    `select page, description, body, aside, image_path as "imagePath", image_alt as "imageAlt"
     from public.page_texts`,
  );
  const byPage = new Map(rows.map((row) => [row.page, row]));
  return Object.fromEntries(
    PAGE_KEYS.map((page): [PageKey, PageText] => {
      const row = byPage.get(page);
      if (!row) throw new Error(`The ${page} page has no row in page_texts`);
      return [
        page,
        {
          description: row.description,
          body: row.body,
          aside: row.aside,
          image: contentImage(row.imagePath, row.imageAlt),
        },
      ];
    }),
  ) as PageTexts;
}
