-- Mail the site sends, kept until it is sent. A notification is written here
-- in the same transaction as what it is about (an enquiry), so an enquiry
-- stored always has its mail queued and one refused never does; the server's
-- sender sends it, and retries when the mail server is down or slow.
--
-- Only the server's own connection, which owns the table, writes it. Owners
-- read it in the staff area (as the `authenticated` role, through the policy
-- below); "send again" there is checked against that policy, then carried
-- out by the server's connection. No API role may write it, and anon may not
-- read it.
create table public.outbox (
  id bigint generated always as identity primary key,
  -- The enquiry the mail is about: deleted with it, so the retention purge
  -- leaves no copy of a visitor's details behind in the outbox.
  enquiry_id bigint references public.enquiries (id) on delete cascade,
  -- Recipients, comma-separated, as the mail's To header.
  to_address text not null check (char_length(to_address) between 3 and 2600),
  -- Where a reply goes (the visitor), when not to the sender.
  reply_to_name text check (char_length(reply_to_name) <= 200),
  reply_to_address text check (char_length(reply_to_address) between 3 and 254),
  subject text not null check (char_length(subject) between 1 and 300),
  text_body text not null check (char_length(text_body) <= 50000),
  html_body text check (char_length(html_body) <= 200000),
  -- waiting: not sent yet (never tried, or tried and to be tried again);
  -- sent; failed: given up on, with the last error.
  status text not null default 'waiting' check (status in ('waiting', 'sent', 'failed')),
  -- Tries since it was queued or last sent again by staff.
  attempts integer not null default 0 check (attempts >= 0),
  -- When it may next be tried. A sender claims due rows by moving
  -- claimed_until ahead, so no other sender takes them while it sends.
  next_attempt_at timestamptz not null default now(),
  claimed_until timestamptz,
  -- The first try since it was queued or sent again: a mail is given up on
  -- a day after it.
  first_attempted_at timestamptz,
  last_attempted_at timestamptz,
  -- Why the last try failed, in plain words.
  last_error text check (char_length(last_error) <= 1000),
  sent_at timestamptz,
  failed_at timestamptz,
  -- Printed to the log while no mail server is configured (once).
  logged_at timestamptz,
  created_at timestamptz not null default now(),
  check ((status = 'sent') = (sent_at is not null)),
  check ((status = 'failed') = (failed_at is not null))
);

-- What the sender asks for: waiting mail by when it is due.
create index outbox_due_idx on public.outbox (next_attempt_at) where status = 'waiting';
-- The cascade from enquiries, and the staff list (newest first).
create index outbox_enquiry_id_idx on public.outbox (enquiry_id);
create index outbox_created_at_idx on public.outbox (created_at);

alter table public.outbox enable row level security;
revoke all on public.outbox from anon, authenticated;
revoke all on sequence public.outbox_id_seq from anon, authenticated;
grant select on public.outbox to authenticated;

create policy "Owners can read the outbox" on public.outbox
  for select to authenticated using ((select public.is_owner()));
