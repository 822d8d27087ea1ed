-- The questions people ask, with the pub's answers, on the About page: the
-- house rules (reservations, the patio, children) are the pub's to write,
-- add to, reorder and remove, with the same history, undo and live updates
-- as the rest of the content. Parking and the buses are answered from the
-- settings' notes, edited there.

create table public.questions (
  id bigint generated always as identity primary key,
  question text not null check (question <> ''),
  answer text not null check (answer <> ''),
  sort_order integer not null default 0,
  published boolean not null default true,
  updated_at timestamptz not null default now()
);

alter table public.questions enable row level security;

grant select on public.questions to anon, authenticated;
grant insert, update, delete on public.questions to authenticated;
revoke truncate, references, trigger on public.questions from anon, authenticated;

create policy "Anyone can read published questions" on public.questions
  for select to anon, authenticated using (published);
create policy "Staff can read every question" on public.questions
  for select to authenticated using ((select public.is_staff()));
create policy "Staff can add questions" on public.questions
  for insert to authenticated with check ((select public.is_staff()));
create policy "Staff can change questions" on public.questions
  for update to authenticated
  using ((select public.is_staff())) with check ((select public.is_staff()));
create policy "Staff can delete questions" on public.questions
  for delete to authenticated using ((select public.is_staff()));


-- What the About page said until now: a site keeps it, as it was, with no
-- entry of its own in the recent changes (the log starts after it).
insert into public.questions (question, answer, sort_order) values
  ('Do you take reservations?',
   'For six or more, yes: call us and we''ll hold a table. Smaller groups can just walk in; on hockey nights and Fridays after 7 pm it''s worth calling ahead. For private parties, see the venue page.',
   10),
  ('Is there a patio?',
   'Yes, from May to October, weather permitting, with heaters for cool evenings. Patio tables are first come, first served unless you book it for a party.',
   20),
  ('Can I bring my kids?',
   'Yes. Our house policy: guests under 19 are welcome with an adult until 9 pm, and there''s a kids'' menu. After 9 pm, and at the bar at any hour, the pub is for guests 19 and over. Ontario''s drinking age is 19, so we ask for ID.',
   30),
  ('Can you handle allergies and special diets?',
   'Every dish on the menu lists its priority allergens and dietary tags, and the kitchen can adapt many dishes. Tell your server about any allergy before you order; we share fryers, so we can''t promise a dish is free of traces.',
   40);

create trigger audit after insert or update or delete on public.questions
  for each row execute function public.record_audit();
create trigger bump_content_revision
  after insert or update or delete or truncate on public.questions
  for each statement execute function public.bump_content_revision();
