-- An event can be put off before a new date is known (postponed) or moved to
-- a new one (rescheduled), besides on as planned, cancelled and sold out.
-- A rescheduled event keeps when it was to start before, so its page and
-- search data can say it moved; no other status has an earlier start.

alter table public.events drop constraint events_status_check;
alter table public.events add constraint events_status_check
  check (status in ('scheduled', 'postponed', 'rescheduled', 'cancelled', 'sold-out'));

alter table public.events add column previous_starts_at timestamptz;
alter table public.events add constraint events_previous_start check (
  (status = 'rescheduled') = (previous_starts_at is not null)
  and previous_starts_at is distinct from starts_at
);

-- The sample's band that "has had to postpone" was marked cancelled, and its
-- championship now shows a move. Rows staff have saved are left alone, and
-- nobody on the site made this change, so the audit trigger is off for it.
alter table public.events disable trigger audit;

update public.events
set status = 'postponed',
  summary = 'Postponed: the band cannot play this date. Advance covers will be refunded, and we will post the new date here.',
  description = 'Lantern Hollow were due to play an evening of Americana and country originals. The band has had to postpone; anyone who paid the cover in advance will be refunded to the card they used.',
  updated_at = now()
where sample and slug = 'live-music-lantern-hollow' and status = 'cancelled';

update public.events
set status = 'rescheduled',
  previous_starts_at =
    ((starts_at at time zone 'America/Toronto') - interval '7 days') at time zone 'America/Toronto',
  summary = 'The ten best teams from our Wednesday trivia nights play for the trophy and a $250 bar tab.',
  description = 'The ten teams with the most points from our Wednesday trivia nights play a ten-round final, with a picture round and a music round. It moved a week later, so the hall can be set up for it. Spectators welcome.',
  updated_at = now()
where sample and slug = 'trivia-championship' and status = 'scheduled';

alter table public.events enable trigger audit;

-- When the event was put on the site: from then its cover can be paid, which
-- search data gives as its offer's validFrom. An event already listed takes
-- the time the audit log recorded it added, else its start, else now.
alter table public.events add column created_at timestamptz not null default now();
alter table public.events disable trigger audit;
update public.events event
set created_at = least(
  event.created_at,
  event.starts_at,
  (select min(logged.at) from public.audit_log logged
   where logged.table_name = 'events' and logged.operation = 'INSERT'
     and logged.new_row ->> 'id' = event.id::text)
);
alter table public.events enable trigger audit;
