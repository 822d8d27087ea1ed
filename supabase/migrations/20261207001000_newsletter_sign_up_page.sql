-- A sign-up made on the newsletter's own page (/newsletter) is recorded as
-- from that page, not from the footer of every page: the consent record names
-- the form the visitor used (the words shown are the same on both).
alter table public.newsletter_subscribers
  drop constraint newsletter_subscribers_consent_form_check,
  add constraint newsletter_subscribers_consent_form_check
    check (consent_form in ('contact', 'venue', 'footer', 'page', 'resubscribe'));
