-- The words of the pages that are not a dish, a special or an event: each
-- public page's line under its heading (which search results show too), and
-- the About page's story, its kitchen and its picture, the Contact page's
-- notes on how the pub answers. One row per page, the pub's to change, with
-- the same history, undo and live updates as the rest of the content.
--
-- `body` and `aside` are the page's longer texts (paragraphs parted by a
-- blank line); what each is on its page is said by the editor
-- (app/pages/page-texts.ts). Empty: the page leaves that part out.

create table public.page_texts (
  id bigint generated always as identity primary key,
  page text not null unique
    check (page in ('about', 'menu', 'events', 'venue', 'contact')),
  description text not null check (description <> ''),
  body text not null default '',
  aside text not null default '',
  image_path text,
  image_alt text not null default '',
  sample boolean not null default false,
  updated_at timestamptz not null default now()
);

alter table public.page_texts enable row level security;

-- Every page is shown: there is nothing to hide, add or remove, only to change.
grant select on public.page_texts to anon, authenticated;
grant update on public.page_texts to authenticated;
revoke truncate, references, trigger on public.page_texts from anon, authenticated;

create policy "Anyone can read the pages' text" on public.page_texts
  for select to anon, authenticated using (true);
create policy "Staff can change the pages' text" on public.page_texts
  for update to authenticated
  using ((select public.is_staff())) with check ((select public.is_staff()));

-- What the pages said until now, written in the site's code: a site keeps
-- it, marked as the sample's (nobody on the site wrote it), with no entry of
-- its own in the recent changes (the log starts after it).
insert into public.page_texts (page, description, body, aside, image_path, image_alt, sample) values
  ('about',
   'A downtown London local with a scratch kitchen, Ontario beer on tap, hockey on the screens and a step-free room. Our story, what''s pouring, and answers to the questions people ask.',
   E'The kind of pub a downtown needs: somewhere to meet before a show or a game, to watch the game with people who care as much as you do, or to settle in with a pint and a plate of something honest after work.\n\nWe''re independent and local. The beer list leans on Ontario brewers, the kitchen cooks from scratch, and the people behind the bar know the regulars by name and the new faces by the end of the night.',
   'Burgers are made from Ontario beef ground in house every morning, wings are brined overnight and fries are cut by hand every morning. There''s always something for vegetarians and vegans that isn''t an afterthought, and every dish on the menu is marked for diet and allergens.',
   'rooms/main-bar.svg',
   'The main bar: wooden booths along brick walls, the taps at the back and a game on the screen',
   true),
  ('menu',
   'Starters, wings, burgers and plates from the grill, Ontario beer on tap, cocktails and wine, with prices in Canadian dollars and every dish marked for vegetarian, vegan and gluten-free diets.',
   E'Allergies\nEach dish lists the priority allergens Health Canada names that it contains. Our kitchen handles all of them and shares fryers, so we cannot promise any dish is free of traces. Please tell your server about any allergy before you order.\n\nPrices and tax\nPrices are in Canadian dollars and do not include HST (13%), which is added to your bill. Gratuity is not included, except for parties of eight or more (18%).\n\nDrinking responsibly\nAlcohol is served to guests 19 and over; bring photo ID. Our staff are Smart Serve trained and may refuse service. Ask us about a cab home.',
   '', null, '', true),
  ('events',
   'Live music, trivia, the game on the big screens and more: what''s coming up at the pub, with dates, times and cover charges.',
   '', '', null, '', true),
  ('venue',
   'Private rooms for birthdays, work parties, rehearsal dinners and game nights in downtown London: a snug with a fireplace, an upstairs hall with a stage, and a summer patio.',
   'Prices before HST and gratuity. Every package can be adapted for diets and allergies.',
   'Tell us the date, the size of your group and the space you like, and we''ll come back to you within a day with what''s free and what it costs. Asking commits you to nothing.',
   null, '', true),
  ('contact',
   'Address, phone, email and hours, with directions, parking and transit for the pub in downtown London, Ontario.',
   'We answer the phone during opening hours and email within a day. For a table of six or more, or a private party, calling is quickest.',
   'Questions, feedback, something left behind, access needs or press: we read every message and reply by email, usually within a day.',
   null, '', true);

create trigger audit after insert or update or delete on public.page_texts
  for each row execute function public.record_audit();
create trigger bump_content_revision
  after insert or update or delete or truncate on public.page_texts
  for each statement execute function public.bump_content_revision();
