import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { sharedDatabase } from "./database/connection.server";
import type { Database } from "./database/database.server";
import { env } from "./env.server";
import { retryingFetch } from "./retry.server";

/** A picture a store keeps, and when its bytes were last saved there. */
export type StoredPicture = { path: string; savedAt: Date };

/**
 * Where uploaded pictures' bytes are kept: a Supabase Storage bucket in
 * production, the database on PostgreSQL without Supabase, or a folder in
 * DATA_DIR for the embedded default. All three answer this small interface.
 * Paths are the pictures' own (`uploads/<hash>.<ext>`), content-addressed,
 * so a path always holds the same bytes.
 */
export type UploadStore = {
  /** Where the bytes live, for the log. */
  description: string;
  /**
   * Keeps `bytes` at `path`; saving the same path again is fine. `writer` is
   * the signed-in staff member's Supabase client: Storage's policies check
   * it. Throws `UploadStoreError` when the store refuses or cannot be reached.
   */
  save(upload: {
    path: string;
    bytes: Uint8Array;
    contentType: string;
    writer: SupabaseClient;
  }): Promise<void>;
  /** The bytes at `path`, or null when nothing is kept there. */
  read(path: string): Promise<Uint8Array | null>;
  /** Every picture kept, with when each was last saved. Throws when the store cannot say. */
  list(): Promise<StoredPicture[]>;
  /**
   * Removes the pictures at `paths`, each only if it was last saved before
   * `savedBefore` where the store can tell (the folder and the database: a
   * picture saved again meanwhile stays), and gives back the paths it
   * removed; ones already gone are left out, so several instances may remove
   * the same pictures at once. Throws `UploadStoreError` when the store
   * refuses or cannot be reached.
   */
  remove(paths: readonly string[], options: { savedBefore: Date }): Promise<string[]>;
};

/** Why the store did not keep an upload. */
export type UploadFailure = "refused" | "too-large" | "unavailable";

export class UploadStoreError extends Error {
  override name = "UploadStoreError";
  constructor(
    readonly reason: UploadFailure,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** The only paths a store reads or writes; nothing else reaches a file name or a URL. */
const STORED_PATH = /^uploads\/[0-9a-f]{16}\.(?:jpg|png|webp|avif)$/;

function checked(picturePath: string): string {
  if (!STORED_PATH.test(picturePath)) {
    throw new TypeError(`Not an uploaded picture's path: ${JSON.stringify(picturePath)}`);
  }
  return picturePath;
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

/**
 * Files under `directory` (DATA_DIR), at `<directory>/uploads/<hash>.<ext>`.
 * Each is written to a temporary file first and renamed into place, so a
 * reader sees the whole file or none.
 */
export function directoryUploadStore(directory: string): UploadStore {
  const root = path.resolve(directory);
  return {
    description: `${path.join(root, "uploads")}`,
    async save({ path: picturePath, bytes }) {
      const filePath = path.join(root, checked(picturePath));
      const temporary = `${filePath}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await mkdir(path.dirname(filePath), { recursive: true });
        await writeFile(temporary, bytes);
        await rename(temporary, filePath);
      } catch (error) {
        await rm(temporary, { force: true }).catch(() => undefined);
        throw new UploadStoreError("unavailable", "The picture could not be written", {
          cause: error,
        });
      }
    },
    async read(picturePath) {
      try {
        return await readFile(path.join(root, checked(picturePath)));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async list() {
      let names: string[];
      try {
        names = await readdir(path.join(root, "uploads"));
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
      const pictures: StoredPicture[] = [];
      for (const name of names) {
        const picturePath = `uploads/${name}`;
        // Half-written files (`….tmp`) and anything else are not pictures.
        if (!STORED_PATH.test(picturePath)) continue;
        const saved = await modifiedAt(path.join(root, picturePath));
        if (saved) pictures.push({ path: picturePath, savedAt: saved });
      }
      return pictures;
    },
    async remove(paths, { savedBefore }) {
      const removed: string[] = [];
      for (const picturePath of paths) {
        const filePath = path.join(root, checked(picturePath));
        const saved = await modifiedAt(filePath);
        // Gone already, or saved again since it was listed.
        if (!saved || saved >= savedBefore) continue;
        try {
          // unlink, not rm: rm says nothing when another instance got there first.
          await unlink(filePath);
          removed.push(picturePath);
        } catch (error) {
          if (isMissing(error)) continue;
          throw new UploadStoreError("unavailable", "The picture could not be removed", {
            cause: error,
          });
        }
      }
      return removed;
    },
  };
}

/** When the file was last written (a picture saved again is written again), or null when it is gone. */
async function modifiedAt(filePath: string): Promise<Date | null> {
  try {
    const stats = await stat(filePath);
    return stats.isFile() ? stats.mtime : null;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/**
 * The table `picture_bytes` in the site's own database, for PostgreSQL
 * without Supabase: every instance on the database serves every picture.
 * Only the server's connection touches it (the API roles hold nothing on
 * it); staff are checked before a picture gets here, and the `pictures` row
 * is written as them.
 */
export function databaseUploadStore(database: () => Promise<Database>): UploadStore {
  return {
    description: "the database (table picture_bytes)",
    async save({ path: picturePath, bytes, contentType }) {
      const params = [checked(picturePath), contentType, bytes];
      try {
        const db = await database();
        await db.query(
          `insert into public.picture_bytes (path, content_type, bytes) values ($1, $2, $3)
           on conflict (path) do update set created_at = now()`,
          params,
        );
      } catch (error) {
        throw new UploadStoreError("unavailable", "The picture could not be stored", {
          cause: error,
        });
      }
    },
    async read(picturePath) {
      const params = [checked(picturePath)];
      const db = await database();
      const [row] = await db.query<{ bytes: Uint8Array }>(
        "select bytes from public.picture_bytes where path = $1",
        params,
      );
      return row?.bytes ?? null;
    },
    async list() {
      const db = await database();
      const rows = await db.query<{ path: string; savedAtMs: number }>(
        `select path, (extract(epoch from created_at) * 1000)::float8 as "savedAtMs"
         from public.picture_bytes order by path`,
      );
      return rows.map((row) => ({ path: row.path, savedAt: new Date(row.savedAtMs) }));
    },
    async remove(paths, { savedBefore }) {
      if (paths.length === 0) return [];
      const params = [paths.map(checked), savedBefore.toISOString()];
      try {
        const db = await database();
        const rows = await db.query<{ path: string }>(
          `delete from public.picture_bytes
           where path = any($1::text[]) and created_at < $2::timestamptz
           returning path`,
          params,
        );
        return rows.map((row) => row.path);
      } catch (error) {
        throw new UploadStoreError("unavailable", "The pictures could not be removed", {
          cause: error,
        });
      }
    },
  };
}

/** The Storage bucket uploaded pictures go to (made by the pictures migration). */
export const PICTURES_BUCKET = "pictures";

function failure(status: number | undefined): UploadFailure {
  if (status === 401 || status === 403) return "refused";
  if (status === 413) return "too-large";
  return "unavailable";
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" ? status : undefined;
}

/** How many objects one request to Storage lists or removes. */
const STORAGE_PAGE = 100;

/**
 * A Supabase project's Storage bucket `pictures`. Uploads go through the
 * staff member's own client, so Storage's policies (staff write) apply;
 * reads and lists use a client with the publishable key, as the bucket is
 * public. Removing needs the project's secret key: no policy lets anyone
 * else delete, and the server has no session of its own.
 */
export function supabaseUploadStore(project: {
  url: string;
  publishableKey: string;
  secretKey?: string | null;
  fetch?: typeof fetch;
}): UploadStore {
  const client = (key: string) =>
    createClient(project.url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { fetch: project.fetch ?? retryingFetch() },
    });
  const reader = client(project.publishableKey);
  const remover = project.secretKey ? client(project.secretKey) : null;
  return {
    description: `the Supabase Storage bucket "${PICTURES_BUCKET}"`,
    async save({ path: picturePath, bytes, contentType, writer }) {
      const { error } = await writer.storage
        .from(PICTURES_BUCKET)
        .upload(checked(picturePath), bytes, {
          contentType,
          // The same path always holds the same bytes: a year in caches is safe.
          cacheControl: "31536000",
          upsert: true,
        });
      if (!error) return;
      const status = statusOf(error);
      throw new UploadStoreError(
        failure(status),
        `Storage refused the picture${status ? ` (${status})` : ""}: ${error.message}`,
        { cause: error },
      );
    },
    async read(picturePath) {
      const { data, error } = await reader.storage
        .from(PICTURES_BUCKET)
        .download(checked(picturePath));
      if (!error) return new Uint8Array(await data.arrayBuffer());
      const status = statusOf(error);
      // Storage answers 400 "not found" for a missing object as well as 404.
      if (status === 404 || (status === 400 && /not.?found/i.test(error.message))) return null;
      throw new Error(`The picture could not be read from Storage: ${error.message}`, {
        cause: error,
      });
    },
    async list() {
      const pictures: StoredPicture[] = [];
      for (let offset = 0; ; offset += STORAGE_PAGE) {
        const { data, error } = await reader.storage.from(PICTURES_BUCKET).list("uploads", {
          limit: STORAGE_PAGE,
          offset,
          sortBy: { column: "name", order: "asc" },
        });
        if (error) {
          throw new Error(`The pictures in Storage could not be listed: ${error.message}`, {
            cause: error,
          });
        }
        // Files, and folders (which have no id).
        for (const entry of data) {
          const picturePath = `uploads/${entry.name}`;
          const saved = entry.updated_at ?? entry.created_at;
          // An object without a time cannot be shown to be old.
          if (entry.id === null || !saved || !STORED_PATH.test(picturePath)) continue;
          const savedAt = new Date(saved);
          if (!Number.isNaN(savedAt.getTime())) pictures.push({ path: picturePath, savedAt });
        }
        if (data.length < STORAGE_PAGE) return pictures;
      }
    },
    // Storage removes by name only: `savedBefore` is for the stores that can check it.
    async remove(paths) {
      const checkedPaths = paths.map(checked);
      if (checkedPaths.length === 0) return [];
      if (!remover) {
        throw new UploadStoreError(
          "refused",
          "Removing pictures from Storage needs the project's secret key (SUPABASE_SECRET_KEY)",
        );
      }
      const removed: string[] = [];
      for (let start = 0; start < checkedPaths.length; start += STORAGE_PAGE) {
        const { data, error } = await remover.storage
          .from(PICTURES_BUCKET)
          .remove(checkedPaths.slice(start, start + STORAGE_PAGE));
        if (error) {
          const status = statusOf(error);
          throw new UploadStoreError(
            failure(status),
            `Storage did not remove the pictures${status ? ` (${status})` : ""}: ${error.message}`,
            { cause: error },
          );
        }
        // What Storage deleted: names its policies let it see and that were still there.
        removed.push(...data.map((object) => object.name));
      }
      return removed;
    },
  };
}

/**
 * The store the environment names: the Supabase project's bucket when
 * SUPABASE_URL is set; else the database (`database`) when DATABASE_URL is,
 * so every instance on it serves every picture; else files in DATA_DIR.
 */
export function uploadStoreFor(
  settings: {
    SUPABASE_URL?: string;
    SUPABASE_PUBLISHABLE_KEY?: string;
    SUPABASE_SECRET_KEY?: string;
    DATABASE_URL?: string;
    DATA_DIR: string;
  },
  database: () => Promise<Database>,
): UploadStore {
  if (settings.SUPABASE_URL && settings.SUPABASE_PUBLISHABLE_KEY) {
    return supabaseUploadStore({
      url: settings.SUPABASE_URL,
      publishableKey: settings.SUPABASE_PUBLISHABLE_KEY,
      secretKey: settings.SUPABASE_SECRET_KEY,
    });
  }
  if (settings.DATABASE_URL) return databaseUploadStore(database);
  return directoryUploadStore(settings.DATA_DIR);
}

/** The server's store, from the process environment, over the shared database. */
export const serverUploadStore = (): UploadStore => uploadStoreFor(env, sharedDatabase);

/**
 * Copies the pictures an earlier version kept in `DATA_DIR/uploads` into
 * the database store, so that a site already running with DATABASE_URL (and
 * no Supabase) keeps showing them once pictures live in the database.
 * Content-addressed, so a picture already there is left as it is and running
 * this again, or on several instances at once, copies nothing twice. The
 * folder is left in place. Returns how many were copied.
 */
export async function importFolderUploads(
  dataDirectory: string,
  database: () => Promise<Database>,
): Promise<number> {
  const folder = directoryUploadStore(dataDirectory);
  const found = await folder.list().catch(() => []);
  if (found.length === 0) return 0;
  const db = await database();
  const present = new Set(
    (
      await db.query<{ path: string }>(
        "select path from public.picture_bytes where path = any($1::text[])",
        [found.map((picture) => picture.path)],
      )
    ).map((row) => row.path),
  );
  let copied = 0;
  for (const { path: picturePath } of found) {
    if (present.has(picturePath)) continue;
    const bytes = await folder.read(picturePath);
    if (!bytes) continue;
    const rows = await db.query(
      `insert into public.picture_bytes (path, content_type, bytes) values ($1, $2, $3)
       on conflict (path) do nothing returning path`,
      [picturePath, contentTypeOf(picturePath), bytes],
    );
    copied += rows.length;
  }
  return copied;
}

const PICTURE_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
};

function contentTypeOf(picturePath: string): string {
  return PICTURE_TYPES[path.extname(picturePath)] ?? "application/octet-stream";
}
