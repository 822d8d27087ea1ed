-- Who performs at an event (a band, a quizmaster, a comic), for the event's
-- page and its structured data; empty when there is no one to name.
alter table public.events add column performer text not null default '';
