-- A dish may be tied to an event (a platter for quiz night): it then shows on
-- the menu only on the day its event is on (published, not cancelled). As
-- with specials, an event a dish is tied to cannot be deleted until the dish
-- is untied (deleting the event in the staff area hides and unties it first),
-- so a dish never outlives its event to show on every day instead.
alter table public.menu_items
  add column event_id bigint references public.events (id) on delete restrict;

create index menu_items_event on public.menu_items (event_id) where event_id is not null;

comment on column public.menu_items.event_id is
  'Shown only on a day this event is on. Null: not tied to an event.';
