-- The site's settings are one row that every page reads: without it every
-- page fails. Staff change it; no role but the server's own may add or
-- remove it (the seed and the first start write it).
drop policy "Staff can add site_settings" on public.site_settings;
drop policy "Staff can delete site_settings" on public.site_settings;
revoke insert, delete on public.site_settings from anon, authenticated;
