-- The counts any member of the staff may read say, too, how many confirmed
-- addresses refused a newsletter for good (bounced_at): a send skips them,
-- so the newsletter's page can say whom a send would reach.
drop function public.newsletter_subscriber_counts();

create function public.newsletter_subscriber_counts()
returns table (confirmed integer, waiting integer, unsubscribed integer, bounced integer)
language sql stable security definer set search_path = ''
as $$
  select (count(*) filter (where state = 'confirmed'))::integer,
    (count(*) filter (where state = 'waiting' and confirm_expires_at > now()))::integer,
    (count(*) filter (where state = 'unsubscribed'))::integer,
    (count(*) filter (where state = 'confirmed' and bounced_at is not null))::integer
  from public.newsletter_subscribers
  where (select public.is_staff())
$$;

revoke all on function public.newsletter_subscriber_counts() from public;
grant execute on function public.newsletter_subscriber_counts() to authenticated;
