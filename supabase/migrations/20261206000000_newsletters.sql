-- The pub's newsletter: what an owner writes and sends, and what became of
-- each copy. A newsletter is a draft until it is sent; sending fixes its
-- recipients (the confirmed subscribers at that moment, bounced addresses
-- left out) in one transaction, with one delivery and one outbox row each,
-- spread out in time so the pub's mail provider is not flooded.
create table public.newsletters (
  id bigint generated always as identity primary key,
  subject text not null check (char_length(subject) between 1 and 150),
  body text not null check (char_length(body) between 1 and 20000),
  -- draft: being written; sending: queued, copies going out; stopped: an
  -- owner stopped it halfway (what was sent stays sent); sent: every copy
  -- has been tried.
  state text not null default 'draft' check (state in ('draft', 'sending', 'stopped', 'sent')),
  -- Who wrote it and who sent it, as their addresses were then (kept when
  -- they leave the staff).
  written_by text check (char_length(written_by) <= 254),
  sent_by text check (char_length(sent_by) <= 254),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  sent_at timestamptz,
  stopped_at timestamptz,
  finished_at timestamptz,
  -- How many it was sent to (fixed when sent): kept with the text, whatever
  -- later happens to the subscribers' rows.
  recipient_count integer check (recipient_count >= 0),
  check ((state = 'draft') = (sent_at is null)),
  check ((state = 'draft') = (recipient_count is null)),
  check ((state = 'stopped') = (stopped_at is not null))
);

create index newsletters_created_at_idx on public.newsletters (created_at);

-- One copy of a newsletter: who it went to, its outbox row while that is
-- kept, and its state. The state is kept here, not read from the outbox, so
-- the counts of a sent newsletter stay when its mail or its subscribers are
-- deleted: a subscriber removed leaves the delivery, without an address.
create table public.newsletter_deliveries (
  id bigint generated always as identity primary key,
  newsletter_id bigint not null references public.newsletters (id) on delete cascade,
  subscriber_id bigint references public.newsletter_subscribers (id) on delete set null,
  outbox_id bigint unique references public.outbox (id) on delete set null,
  -- waiting: queued; sent; failed: given up on; bounced: refused for good by
  -- the mail server (the address is marked bounced); stopped: not sent, the
  -- send was stopped; unsubscribed: not sent, the address left first.
  state text not null default 'waiting'
    check (state in ('waiting', 'sent', 'failed', 'bounced', 'stopped', 'unsubscribed')),
  updated_at timestamptz not null default now(),
  -- One copy each: a second send, or a repeated post, can add no second row.
  unique (newsletter_id, subscriber_id)
);

create index newsletter_deliveries_subscriber_id_idx on public.newsletter_deliveries (subscriber_id);
create index newsletter_deliveries_waiting_idx on public.newsletter_deliveries (newsletter_id)
  where state = 'waiting';

-- An address whose newsletter the mail server refused for good: later sends
-- skip it. Cleared when the address asks again (a new request).
alter table public.newsletter_subscribers add column bounced_at timestamptz;

-- A try the mail server refused for good (a 5xx answer), as opposed to one
-- given up on after a day of retries.
alter table public.outbox add column refused boolean not null default false;

-- The outbox's outcome reaches the delivery: sent, failed, or refused for
-- good (a bounce: the subscriber is marked). A newsletter with no copy left
-- waiting is sent. Security definer: the sender's connection and the
-- cascades from other tables all reach it the same way.
create function public.newsletter_delivery_outcome() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  delivery record;
begin
  update public.newsletter_deliveries d set
    state = case new.status
      when 'sent' then 'sent'
      when 'failed' then case when new.refused then 'bounced' else 'failed' end
      else 'waiting' end,
    updated_at = now()
  where d.outbox_id = new.id
  returning d.newsletter_id, d.subscriber_id, d.state into delivery;
  if not found then
    return null;
  end if;
  if delivery.state = 'bounced' and delivery.subscriber_id is not null then
    update public.newsletter_subscribers set bounced_at = now(), updated_at = now()
    where id = delivery.subscriber_id and bounced_at is null;
  end if;
  perform public.newsletter_finished(delivery.newsletter_id);
  return null;
end;
$$;

-- A copy whose mail is deleted before it went (the address unsubscribed or
-- was removed) is not sent; the newsletter may be finished by it.
create function public.newsletter_delivery_withdrawn() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  withdrawn bigint;
begin
  update public.newsletter_deliveries d set state = 'unsubscribed', updated_at = now()
  where d.outbox_id = old.id and d.state = 'waiting'
  returning d.newsletter_id into withdrawn;
  if withdrawn is not null then
    perform public.newsletter_finished(withdrawn);
  end if;
  return old;
end;
$$;

-- A newsletter being sent with no copy left waiting is sent. The row is
-- locked first, and the copies counted in a statement after it: two senders
-- finishing its last two copies at once then cannot each see the other's
-- still waiting.
create function public.newsletter_finished(newsletter bigint) returns void
language plpgsql security definer set search_path = ''
as $$
begin
  perform 1 from public.newsletters where id = newsletter and state = 'sending' for update;
  if not found then
    return;
  end if;
  update public.newsletters n set state = 'sent', finished_at = now(), updated_at = now()
  where n.id = newsletter
    and not exists (
      select 1 from public.newsletter_deliveries d
      where d.newsletter_id = newsletter and d.state = 'waiting'
    );
end;
$$;

revoke all on function public.newsletter_delivery_outcome(), public.newsletter_delivery_withdrawn(),
  public.newsletter_finished(bigint) from public;

create trigger outbox_newsletter_outcome
  after update of status on public.outbox
  for each row when (old.status is distinct from new.status)
  execute function public.newsletter_delivery_outcome();

create trigger outbox_newsletter_withdrawn
  before delete on public.outbox
  for each row when (old.status = 'waiting')
  execute function public.newsletter_delivery_withdrawn();

-- Staff read both (editors see what was sent and its counts). Owners write
-- drafts as themselves; sending, stopping and the copies are the server's
-- own work, after it has checked that the member is an owner.
alter table public.newsletters enable row level security;
alter table public.newsletter_deliveries enable row level security;
revoke all on public.newsletters, public.newsletter_deliveries from anon, authenticated;
revoke all on sequence public.newsletters_id_seq, public.newsletter_deliveries_id_seq
  from anon, authenticated;
grant select on public.newsletters, public.newsletter_deliveries to authenticated;
grant insert (subject, body, written_by), update (subject, body, updated_at),
  delete on public.newsletters to authenticated;

create policy "Staff can read the newsletters" on public.newsletters
  for select to authenticated using ((select public.is_staff()));
create policy "Owners can write drafts" on public.newsletters
  for insert to authenticated with check ((select public.is_owner()) and state = 'draft');
create policy "Owners can change drafts" on public.newsletters
  for update to authenticated
  using ((select public.is_owner()) and state = 'draft')
  with check ((select public.is_owner()) and state = 'draft');
create policy "Owners can delete drafts" on public.newsletters
  for delete to authenticated using ((select public.is_owner()) and state = 'draft');
create policy "Staff can read the deliveries" on public.newsletter_deliveries
  for select to authenticated using ((select public.is_staff()));
