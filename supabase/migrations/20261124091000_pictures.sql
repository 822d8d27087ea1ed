-- Pictures staff upload for dishes, events, spaces and the home hero.
--
-- The bytes live in the upload store: the Supabase Storage bucket `pictures`
-- in production, or DATA_DIR/uploads for the embedded default. This table
-- records each one at upload time, so pages can describe a picture (its size
-- and version) without reading it. Paths are content-addressed
-- (`uploads/<version>.<ext>`): a path always names the same bytes, so rows are
-- only ever added, and saving the same picture again adds nothing.
create table public.pictures (
  path text primary key check (path ~ '^uploads/[0-9a-f]{16}\.(jpg|png|webp|avif)$'),
  width integer not null check (width between 1 and 100000),
  height integer not null check (height between 1 and 100000),
  version text not null check (version ~ '^[0-9a-f]{16}$'),
  content_type text not null
    check (content_type in ('image/jpeg', 'image/png', 'image/webp', 'image/avif')),
  byte_size integer not null check (byte_size between 1 and 10485760),
  uploaded_by uuid default auth.uid(),
  created_at timestamptz not null default now()
);

alter table public.pictures enable row level security;
revoke all on public.pictures from anon, authenticated;
grant select on public.pictures to anon, authenticated;
grant insert on public.pictures to authenticated;

create policy "Anyone can read the pictures" on public.pictures
  for select to anon, authenticated using (true);
-- Recorded as the staff member who uploaded it, never in someone else's name.
create policy "Staff can add pictures" on public.pictures
  for insert to authenticated
  with check ((select public.is_staff()) and uploaded_by = (select auth.uid()));

create trigger audit after insert or update or delete on public.pictures
  for each row execute function public.record_audit();

-- On Supabase: the bucket the bytes go to, readable by anyone (the site's
-- image route and public URLs), written only by staff. Local databases have
-- no storage schema; there the server keeps the files in DATA_DIR/uploads.
do $$
begin
  if not exists (select from pg_namespace where nspname = 'storage') then
    return;
  end if;

  insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
  values (
    'pictures', 'pictures', true, 10485760,
    array['image/jpeg', 'image/png', 'image/webp', 'image/avif']
  )
  on conflict (id) do update set
    public = excluded.public,
    file_size_limit = excluded.file_size_limit,
    allowed_mime_types = excluded.allowed_mime_types;

  execute $policy$
    create policy "Anyone can read pictures" on storage.objects
      for select to anon, authenticated using (bucket_id = 'pictures')
  $policy$;
  execute $policy$
    create policy "Staff can upload pictures" on storage.objects
      for insert to authenticated
      with check (bucket_id = 'pictures' and (select public.is_staff()))
  $policy$;
  -- An upload with x-upsert over an object already there is an update.
  execute $policy$
    create policy "Staff can replace pictures" on storage.objects
      for update to authenticated
      using (bucket_id = 'pictures' and (select public.is_staff()))
      with check (bucket_id = 'pictures' and (select public.is_staff()))
  $policy$;
end
$$;
