-- The people who asked for the pub's newsletter, with the consent CASL asks
-- the pub to be able to show: when, from which form, the exact words they
-- agreed to, and who the pub was (its name and postal address) at that
-- moment. A request waits until the one-time link in its confirmation mail
-- is used; then the address is confirmed. An unsubscribed address keeps only
-- what proves the withdrawal: the address, when and how.
--
-- Only the server's own connection writes it. Staff read it (the policy
-- below); anon may neither read nor write it.
create table public.newsletter_subscribers (
  id bigint generated always as identity primary key,
  -- Trimmed and in lower case: one row per address.
  email text not null unique
    check (char_length(email) between 3 and 254 and email = lower(btrim(email))),
  state text not null check (state in ('waiting', 'confirmed', 'unsubscribed')),
  -- The consent record, as it was given (cleared on unsubscribe).
  consented_at timestamptz,
  consent_form text check (consent_form in ('contact', 'venue', 'footer', 'resubscribe')),
  consent_wording text check (char_length(consent_wording) between 1 and 500),
  pub_name text check (char_length(pub_name) between 1 and 200),
  pub_postal_address text check (char_length(pub_postal_address) between 1 and 500),
  -- The confirmation link's token, as a SHA-256 digest (hex), and when it
  -- runs out. Cleared once used; a waiting row past it counts as absent.
  confirm_token_hash text unique check (confirm_token_hash ~ '^[0-9a-f]{64}$'),
  confirm_expires_at timestamptz,
  confirmed_at timestamptz,
  unsubscribed_at timestamptz,
  -- How: the link's page, the mail program's one-click, or the pub (an owner).
  unsubscribed_by text check (unsubscribed_by in ('link', 'one-click', 'owner')),
  updated_at timestamptz not null default now(),
  check (
    case state
      when 'waiting' then consented_at is not null and consent_form is not null
        and consent_wording is not null and pub_name is not null
        and pub_postal_address is not null and confirm_token_hash is not null
        and confirm_expires_at is not null and confirmed_at is null
        and unsubscribed_at is null and unsubscribed_by is null
      when 'confirmed' then consented_at is not null and consent_form is not null
        and consent_wording is not null and pub_name is not null
        and pub_postal_address is not null and confirm_token_hash is null
        and confirm_expires_at is null and confirmed_at is not null
        and unsubscribed_at is null and unsubscribed_by is null
      when 'unsubscribed' then consented_at is null and consent_form is null
        and consent_wording is null and pub_name is null and pub_postal_address is null
        and confirm_token_hash is null and confirm_expires_at is null
        and confirmed_at is null and unsubscribed_at is not null
        and unsubscribed_by is not null
    end
  )
);

-- The sweep of requests never confirmed.
create index newsletter_subscribers_waiting_idx on public.newsletter_subscribers
  (confirm_expires_at) where state = 'waiting';

alter table public.newsletter_subscribers enable row level security;
revoke all on public.newsletter_subscribers from anon, authenticated;
revoke all on sequence public.newsletter_subscribers_id_seq from anon, authenticated;
grant select on public.newsletter_subscribers to authenticated;

create policy "Staff can read the newsletter's subscribers" on public.newsletter_subscribers
  for select to authenticated using ((select public.is_staff()));

-- A mail to a subscriber: deleted with the request it confirms when that is
-- swept, and carrying the address of its one-click unsubscribe (RFC 8058),
-- which the sender puts in its List-Unsubscribe headers.
alter table public.outbox
  add column newsletter_subscriber_id bigint
    references public.newsletter_subscribers (id) on delete cascade,
  add column list_unsubscribe text
    check (list_unsubscribe ~ '^https?://' and char_length(list_unsubscribe) <= 500);

create index outbox_newsletter_subscriber_id_idx on public.outbox (newsletter_subscriber_id);
