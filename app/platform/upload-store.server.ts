import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { env } from "./env.server";
import { retryingFetch } from "./retry.server";

/**
 * Where uploaded pictures' bytes are kept: a Supabase Storage bucket in
 * production, or a folder in DATA_DIR for the embedded default. Both answer
 * this small interface. Paths are the pictures' own (`uploads/<hash>.<ext>`),
 * content-addressed, so a path always holds the same bytes.
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

/**
 * A Supabase project's Storage bucket `pictures`. Uploads go through the
 * staff member's own client, so Storage's policies (staff write) apply;
 * reads use a client with the publishable key, as the bucket is public.
 */
export function supabaseUploadStore(project: {
  url: string;
  publishableKey: string;
  fetch?: typeof fetch;
}): UploadStore {
  const reader = createClient(project.url, project.publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: project.fetch ?? retryingFetch() },
  });
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
  };
}

/**
 * The store the environment names: the Supabase project's bucket when
 * SUPABASE_URL is set, else files in DATA_DIR.
 */
export function uploadStoreFor(settings: {
  SUPABASE_URL?: string;
  SUPABASE_PUBLISHABLE_KEY?: string;
  DATA_DIR: string;
}): UploadStore {
  if (settings.SUPABASE_URL && settings.SUPABASE_PUBLISHABLE_KEY) {
    return supabaseUploadStore({
      url: settings.SUPABASE_URL,
      publishableKey: settings.SUPABASE_PUBLISHABLE_KEY,
    });
  }
  return directoryUploadStore(settings.DATA_DIR);
}

/** The server's store, from the process environment. */
export const serverUploadStore = (): UploadStore => uploadStoreFor(env);
