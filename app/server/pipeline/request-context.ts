import path from "node:path";
import { RouterContextProvider } from "react-router";
import { serverAuthBackend } from "~/platform/auth-backend.server";
import {
  authBackendContext,
  databaseContext,
  formProtectionContext,
  imageStoreContext,
  lastGoodContentContext,
  liveContext,
  type ImageStore,
} from "~/platform/context";
import { sharedDatabase } from "~/platform/database/connection.server";
import { env } from "~/platform/env.server";
import { DEFAULT_RATE_LIMITS } from "~/platform/form-protection";
import { fileLastGoodStore } from "~/platform/last-good-store.server";
import { serverUploadStore } from "~/platform/upload-store.server";
import { liveStreams } from "~/platform/live/live-process.server";

/**
 * What the server gives every request through React Router's context, from
 * the environment: the one place the keys of `~/platform/context` get their
 * production values.
 */

/** Where source images are read, resized copies kept and uploads stored (DATA_DIR, the upload store). */
export const serverImageStore: ImageStore = {
  sourceDirectory: path.resolve("public/images"),
  cacheDirectory: path.resolve(env.DATA_DIR, "image-cache"),
  cacheMaxBytes: env.IMAGE_CACHE_MAX_MB * 1024 * 1024,
  uploads: serverUploadStore(),
};

/** The last good copy of the content, kept in DATA_DIR for a restart during an outage. */
const lastGoodContent = fileLastGoodStore(path.resolve(env.DATA_DIR, "last-good-content.json"));

/** How the public forms are guarded: Turnstile when its keys are set, and the rate limits. */
const formProtection = {
  turnstile: env.TURNSTILE_SECRET_KEY
    ? { secretKey: env.TURNSTILE_SECRET_KEY, verifyUrl: env.TURNSTILE_VERIFY_URL }
    : null,
  ...DEFAULT_RATE_LIMITS,
};

/**
 * A request's context with the server's values: the shared database, the
 * last good content, the forms' protection, the image store (`images`, the
 * build's copy of public/images in production), the sign-in backend and the
 * live streams.
 */
export function serverRequestContext(images: ImageStore = serverImageStore): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(databaseContext, sharedDatabase);
  context.set(lastGoodContentContext, lastGoodContent);
  context.set(formProtectionContext, formProtection);
  context.set(imageStoreContext, images);
  context.set(authBackendContext, serverAuthBackend);
  context.set(liveContext, liveStreams);
  return context;
}
