-- An owner may take an address off the newsletter's list. CASL asks the pub
-- to prove consent for every address it mails and to honour a withdrawal; a
-- removal by the pub is recorded on the row it changes, as the other
-- withdrawals are: when (unsubscribed_at), how (unsubscribed_by = 'owner')
-- and, here, which owner. The owner's address is kept as it was then, so the
-- record outlives their account; their user id goes when the account does.
alter table public.newsletter_subscribers
  add column unsubscribed_by_staff uuid references auth.users (id) on delete set null,
  add column unsubscribed_by_staff_email text
    check (char_length(unsubscribed_by_staff_email) between 3 and 254),
  add constraint newsletter_subscribers_owner_removal check (
    case when unsubscribed_by = 'owner' then unsubscribed_by_staff_email is not null
      else unsubscribed_by_staff is null and unsubscribed_by_staff_email is null
    end
  );

-- The addresses and consent records are the owners' alone: an editor, like
-- the public, learns only how many there are (the function below), so the
-- Supabase REST API shows them no address either.
drop policy "Staff can read the newsletter's subscribers" on public.newsletter_subscribers;
create policy "Owners can read the newsletter's subscribers" on public.newsletter_subscribers
  for select to authenticated using ((select public.is_owner()));

-- How many addresses are in each state, for any member of the staff; a
-- request whose link has run out counts as absent, as everywhere else.
create function public.newsletter_subscriber_counts()
returns table (confirmed integer, waiting integer, unsubscribed integer)
language sql stable security definer set search_path = ''
as $$
  select (count(*) filter (where state = 'confirmed'))::integer,
    (count(*) filter (where state = 'waiting' and confirm_expires_at > now()))::integer,
    (count(*) filter (where state = 'unsubscribed'))::integer
  from public.newsletter_subscribers
  where (select public.is_staff())
$$;

revoke all on function public.newsletter_subscriber_counts() from public;
grant execute on function public.newsletter_subscriber_counts() to authenticated;
