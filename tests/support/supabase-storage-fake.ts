import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequestListener } from "@remix-run/node-fetch-server";

/**
 * Supabase Storage's object API on a loopback port, as its documentation
 * describes it, for tests of the production mode's upload store:
 *
 * - `POST /storage/v1/object/{bucket}/{path}` uploads (`x-upsert: true` to
 *   replace), `PUT` replaces;
 * - `GET /storage/v1/object/{bucket}/{path}` downloads with the caller's key or
 *   token, `GET /storage/v1/object/public/{bucket}/{path}` without one.
 *
 * Errors come as Storage sends them: `{ statusCode, error, message }`. Any
 * other path (Auth's `/auth/v1/…`) is passed on to `upstream`, so one URL can
 * serve a whole project to supabase-js.
 */
export type StorageFake = {
  /** http://127.0.0.1:<port>: the SUPABASE_URL to give the site. */
  url: string;
  /** Stored objects by `<bucket>/<path>`. */
  objects: Map<string, { bytes: Buffer; contentType: string }>;
  /** Every upload, as it arrived. */
  uploads: StorageUpload[];
  /** Every download, as it arrived. */
  downloads: { path: string; authorization: string | null }[];
  /** The next requests to Storage get these statuses instead, in order. */
  failNext(...statuses: number[]): void;
  close(): Promise<void>;
};

export type StorageUpload = {
  method: string;
  bucket: string;
  path: string;
  authorization: string | null;
  contentType: string | null;
  upsert: string | null;
  cacheControl: string | null;
  size: number;
};

const ERROR_NAMES: Record<number, string> = {
  400: "Bad Request",
  403: "Unauthorized",
  404: "not_found",
  409: "Duplicate",
  413: "Payload too large",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

function storageError(status: number, message: string): Response {
  return Response.json(
    { statusCode: String(status), error: ERROR_NAMES[status] ?? "Error", message },
    { status },
  );
}

/**
 * Starts the fake. `authorize` says whether a bearer token may write (the
 * bucket's "staff write" policy); by default anything but the publishable
 * key may. Uploads over `fileSizeLimit` (10 MB, as the bucket's) get 413.
 */
export async function startStorageFake(options: {
  publishableKey: string;
  upstream?: string;
  authorize?: (token: string) => boolean | Promise<boolean>;
  fileSizeLimit?: number;
}): Promise<StorageFake> {
  const {
    publishableKey,
    upstream,
    authorize = (token) => token !== publishableKey,
    fileSizeLimit = 10 * 1024 * 1024,
  } = options;
  const objects = new Map<string, { bytes: Buffer; contentType: string }>();
  const uploads: StorageUpload[] = [];
  const downloads: StorageFake["downloads"] = [];
  const failures: number[] = [];

  async function handleStorage(request: Request, rest: string): Promise<Response> {
    const failure = failures.shift();
    if (failure) {
      await request.arrayBuffer().catch(() => undefined);
      return storageError(failure, "The fake was told to fail");
    }
    if (request.headers.get("apikey") === null) {
      return storageError(400, "headers must have required property 'apikey'");
    }
    const isPublic = rest.startsWith("public/");
    const [bucket = "", ...parts] = (isPublic ? rest.slice("public/".length) : rest).split("/");
    const path = parts.join("/");
    const key = `${bucket}/${path}`;
    const authorization = request.headers.get("Authorization");

    if (request.method === "GET" || request.method === "HEAD") {
      downloads.push({ path: key, authorization });
      const object = objects.get(key);
      if (!object) return storageError(404, "Object not found");
      return new Response(request.method === "HEAD" ? null : new Uint8Array(object.bytes), {
        headers: { "Content-Type": object.contentType },
      });
    }
    if ((request.method !== "POST" && request.method !== "PUT") || isPublic) {
      return storageError(400, "Route not supported");
    }
    const bytes = Buffer.from(await request.arrayBuffer());
    const upload: StorageUpload = {
      method: request.method,
      bucket,
      path,
      authorization,
      contentType: request.headers.get("Content-Type"),
      upsert: request.headers.get("x-upsert"),
      cacheControl: request.headers.get("Cache-Control"),
      size: bytes.length,
    };
    uploads.push(upload);
    const token = authorization?.replace(/^Bearer /, "") ?? "";
    if (!(await authorize(token))) {
      return storageError(403, "new row violates row-level security policy");
    }
    if (bytes.length > fileSizeLimit) {
      return storageError(413, "The object exceeded the maximum allowed size");
    }
    const replace = request.method === "PUT" || upload.upsert === "true";
    if (objects.has(key) && !replace) return storageError(409, "The resource already exists");
    objects.set(key, { bytes, contentType: upload.contentType ?? "application/octet-stream" });
    return Response.json({ Key: key, Id: crypto.randomUUID() });
  }

  async function forward(request: Request, url: URL): Promise<Response> {
    if (!upstream) return new Response("Not found", { status: 404 });
    const body =
      request.method === "GET" || request.method === "HEAD" ? undefined : await request.text();
    return fetch(new URL(`${url.pathname}${url.search}`, upstream), {
      method: request.method,
      headers: request.headers,
      body,
    });
  }

  const server = createServer(
    createRequestListener(async (request) => {
      const url = new URL(request.url);
      const prefix = "/storage/v1/object/";
      if (url.pathname.startsWith(prefix)) {
        return handleStorage(request, decodeURIComponent(url.pathname.slice(prefix.length)));
      }
      return forward(request, url);
    }),
  );
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    uploads,
    downloads,
    failNext: (...statuses) => void failures.push(...statuses),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
