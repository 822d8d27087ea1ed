-- "Not available today" and "off the menu" are two choices. `available`
-- false keeps its meaning so far, an item out until staff put it back (the
-- menu said "not available today" of it, but nothing ever reset it);
-- `unavailable_until` is new: the item is out until that moment (the pub's
-- next 4 am, Toronto time), then available again by itself. Existing rows
-- keep what they said: none is out for the day.

alter table public.menu_items add column unavailable_until timestamptz;

comment on column public.menu_items.available is
  'False: off the menu until staff put it back.';
comment on column public.menu_items.unavailable_until is
  'Not available today: out until this moment (the pub''s next 4 am), then available again. Null: no such limit.';
