import type { ItemInput } from "./menu-rules";

/**
 * A dish as the item form's rules hand it to the database: $9.50 fries in
 * `sectionId`, vegetarian, new, with wheat, available and shown, no picture
 * or event, but for `values`.
 */
export const itemInput = (sectionId: number, values: Partial<ItemInput> = {}): ItemInput => ({
  sectionId,
  name: "Midnight Fries",
  description: "Fries with gravy.",
  price: 950,
  portion: "",
  dietaryTags: ["vegetarian"],
  allergens: ["wheat"],
  badges: ["new"],
  available: true,
  featured: false,
  hidden: false,
  imageFile: "",
  imagePath: "",
  imageRemove: false,
  imageAlt: "",
  eventId: null,
  ...values,
});
