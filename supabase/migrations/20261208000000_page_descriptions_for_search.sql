-- Search results show about 160 characters of a page's description, and the
-- sample's lines under the menu's, the about page's and the venue page's
-- headings ran to 172-191. A database that still holds exactly those sample
-- lines gets shorter ones; lines staff have written are left alone. The
-- editor now keeps a line to 160 characters (app/pages/editor/page-text-editor.ts).
--
-- Nobody on the site made this change, so the recent changes do not list it,
-- as they did not list the sample's first words: the audit trigger is off for
-- these updates (the content revision still moves, so pages are rendered anew).

alter table public.page_texts disable trigger audit;

update public.page_texts
set description = 'Starters, wings, burgers and grill plates, Ontario beer on tap, cocktails and wine, priced in Canadian dollars, each dish marked for its diets.',
  updated_at = now()
where page = 'menu'
  and description = 'Starters, wings, burgers and plates from the grill, Ontario beer on tap, cocktails and wine, with prices in Canadian dollars and every dish marked for vegetarian, vegan and gluten-free diets.';

update public.page_texts
set description = 'A downtown London local with Ontario beer on tap, hockey on the screens and a step-free room: our story, what''s pouring, and answers to what people ask.',
  updated_at = now()
where page = 'about'
  and description = 'A downtown London local with a scratch kitchen, Ontario beer on tap, hockey on the screens and a step-free room. Our story, what''s pouring, and answers to the questions people ask.';

update public.page_texts
set description = 'Private rooms in downtown London for birthdays, work parties and game nights: a snug with a fireplace, an upstairs hall with a stage, and a summer patio.',
  updated_at = now()
where page = 'venue'
  and description = 'Private rooms for birthdays, work parties, rehearsal dinners and game nights in downtown London: a snug with a fireplace, an upstairs hall with a stage, and a summer patio.';

alter table public.page_texts enable trigger audit;
