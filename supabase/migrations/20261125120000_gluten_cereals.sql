-- Health Canada names gluten by the cereal it comes from: besides wheat, an
-- item may list triticale, barley, oats or rye (a beer's malted barley, an
-- oatmeal stout's oats, rye bread).
alter table public.menu_items drop constraint menu_items_allergens_check;
alter table public.menu_items add constraint menu_items_allergens_check check (
  allergens <@ array['eggs', 'milk', 'mustard', 'peanuts', 'crustaceans', 'molluscs', 'fish',
    'sesame', 'soy', 'sulphites', 'tree-nuts', 'wheat', 'triticale', 'barley', 'oats', 'rye']
);
