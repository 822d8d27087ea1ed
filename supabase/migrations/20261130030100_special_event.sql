-- A special may be tied to an event ("Trivia Night Pitchers … while the quiz
-- is on"): it then shows only on a day its event is on (published, not
-- cancelled), besides its own weekday or dates. An event a special is tied
-- to cannot be deleted until the special is tied elsewhere or deleted, so a
-- special never outlives its event and shows on every night instead.
alter table public.specials
  add column event_id bigint references public.events (id) on delete restrict;

create index specials_event on public.specials (event_id) where event_id is not null;

comment on column public.specials.event_id is
  'Shown only on a day this event is on. Null: not tied to an event.';
