-- What a section's shared equipment (a fryer, a grill, a board) may pass on
-- to every item in it, as Health Canada's priority allergens: the note says
-- it in words ("cooked in a shared fryer"), this says which allergens, so the
-- menu can show "May contain traces of …" and an item's diet tags can be held
-- to it (a Vegan tag under a fryer shared with fish is refused). The rule
-- itself is app/menu/menu-rules.ts.
alter table public.menu_sections add column may_contain text[] not null default '{}' check (
  may_contain <@ array['eggs', 'milk', 'mustard', 'peanuts', 'crustaceans', 'molluscs', 'fish',
    'sesame', 'soy', 'sulphites', 'tree-nuts', 'wheat', 'triticale', 'barley', 'oats', 'rye']
);

comment on column public.menu_sections.may_contain is
  'Allergens every item in the section may carry traces of (shared fryer or equipment).';
