import { createHash } from "node:crypto";
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
 *   token, `GET /storage/v1/object/public/{bucket}/{path}` without one;
 * - `POST /storage/v1/object/list/{bucket}` lists a folder (`prefix`, `limit`,
 *   `offset`, `sortBy`, `search`): its objects with their times, and its
 *   subfolders with an id and times of null, as the bucket is public;
 * - `DELETE /storage/v1/object/{bucket}` with `{ prefixes }` removes objects
 *   and answers the ones it removed. No policy lets the API roles delete, so
 *   only the secret key removes anything; anyone else gets 200 and `[]`, as
 *   row level security hides the rows from their delete.
 *
 * Errors come as Storage sends them: `{ statusCode, error, message }`. Any
 * other path (Auth's `/auth/v1/…`) is passed on to `upstream`, so one URL can
 * serve a whole project to supabase-js.
 */
export type StorageFake = {
  /** http://127.0.0.1:<port>: the SUPABASE_URL to give the site. */
  url: string;
  /** Stored objects by `<bucket>/<path>`. */
  objects: Map<string, StoredObject>;
  /** Every upload, as it arrived. */
  uploads: StorageUpload[];
  /** Every download, as it arrived. */
  downloads: { path: string; authorization: string | null }[];
  /** Every removal asked for, as it arrived. */
  removals: { bucket: string; prefixes: string[]; authorization: string | null }[];
  /** The next requests to Storage get these statuses instead, in order. */
  failNext(...statuses: number[]): void;
  close(): Promise<void>;
};

/**
 * An object as Storage keeps it. Uploading sets its times (a replacement
 * moves `updatedAt` on); an object put in the map without them counts as
 * uploaded when the fake started.
 */
export type StoredObject = {
  bytes: Buffer;
  contentType: string;
  createdAt?: Date;
  updatedAt?: Date;
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
  /** The project's secret key: the only one that removes objects. */
  secretKey?: string;
  upstream?: string;
  authorize?: (token: string) => boolean | Promise<boolean>;
  fileSizeLimit?: number;
}): Promise<StorageFake> {
  const {
    publishableKey,
    secretKey,
    upstream,
    authorize = (token) => token !== publishableKey,
    fileSizeLimit = 10 * 1024 * 1024,
  } = options;
  const started = new Date();
  const objects = new Map<string, StoredObject>();
  const uploads: StorageUpload[] = [];
  const downloads: StorageFake["downloads"] = [];
  const removals: StorageFake["removals"] = [];
  const failures: number[] = [];

  /** The object as Storage describes it in a listing or a removal's answer. */
  function described(key: string, name: string, object: StoredObject) {
    const createdAt = (object.createdAt ?? started).toISOString();
    const updatedAt = (object.updatedAt ?? object.createdAt ?? started).toISOString();
    return {
      name,
      id: createHash("sha256").update(key).digest("hex").slice(0, 32),
      updated_at: updatedAt,
      created_at: createdAt,
      last_accessed_at: updatedAt,
      metadata: {
        eTag: `"${createHash("md5").update(object.bytes).digest("hex")}"`,
        size: object.bytes.length,
        mimetype: object.contentType,
        cacheControl: "max-age=31536000",
        lastModified: updatedAt,
        contentLength: object.bytes.length,
        httpStatusCode: 200,
      },
    };
  }

  /** `POST /object/list/{bucket}`: the folder `prefix`'s files and subfolders, sorted by name. */
  function list(bucket: string, body: Record<string, unknown>): Response {
    const prefix = typeof body.prefix === "string" ? body.prefix.replace(/\/+$/, "") : "";
    const limit = typeof body.limit === "number" ? body.limit : 100;
    const offset = typeof body.offset === "number" ? body.offset : 0;
    const search = typeof body.search === "string" ? body.search : "";
    const sortBy = (body.sortBy ?? {}) as { column?: string; order?: string };
    const folder = `${bucket}/${prefix ? `${prefix}/` : ""}`;
    const files = new Map<string, ReturnType<typeof described>>();
    const folders = new Set<string>();
    for (const [key, object] of objects) {
      if (!key.startsWith(folder)) continue;
      const rest = key.slice(folder.length);
      const [first = "", ...deeper] = rest.split("/");
      if (!first.startsWith(search)) continue;
      if (deeper.length > 0) folders.add(first);
      else files.set(first, described(key, first, object));
    }
    const entries = [
      ...[...folders].map((name) => ({
        name,
        id: null,
        updated_at: null,
        created_at: null,
        last_accessed_at: null,
        metadata: null,
      })),
      ...files.values(),
    ];
    const column = (sortBy.column ?? "name") as "name" | "created_at" | "updated_at";
    entries.sort((a, b) => String(a[column] ?? "").localeCompare(String(b[column] ?? "")));
    if (sortBy.order === "desc") entries.reverse();
    return Response.json(entries.slice(offset, offset + limit));
  }

  /** `DELETE /object/{bucket}`: removes what the caller may, answering what was removed. */
  function remove(
    bucket: string,
    body: Record<string, unknown>,
    authorization: string | null,
  ): Response {
    const prefixes = Array.isArray(body.prefixes) ? body.prefixes.map(String) : [];
    removals.push({ bucket, prefixes, authorization });
    if (prefixes.length === 0 || prefixes.length > 1000) {
      return storageError(400, "body/prefixes must NOT have fewer than 1 items");
    }
    const token = authorization?.replace(/^Bearer /, "") ?? "";
    if (!secretKey || token !== secretKey) return Response.json([]);
    const removed = [];
    for (const name of prefixes) {
      const key = `${bucket}/${name}`;
      const object = objects.get(key);
      if (!object) continue;
      objects.delete(key);
      removed.push({ ...described(key, name, object), bucket_id: bucket });
    }
    return Response.json(removed);
  }

  async function handleStorage(request: Request, rest: string): Promise<Response> {
    const failure = failures.shift();
    if (failure) {
      await request.arrayBuffer().catch(() => undefined);
      return storageError(failure, "The fake was told to fail");
    }
    if (request.headers.get("apikey") === null) {
      return storageError(400, "headers must have required property 'apikey'");
    }
    const authorization = request.headers.get("Authorization");
    if (request.method === "POST" && rest.startsWith("list/")) {
      return list(rest.slice("list/".length), (await request.json()) as Record<string, unknown>);
    }
    if (request.method === "DELETE" && !rest.includes("/")) {
      return remove(rest, (await request.json()) as Record<string, unknown>, authorization);
    }
    const isPublic = rest.startsWith("public/");
    const [bucket = "", ...parts] = (isPublic ? rest.slice("public/".length) : rest).split("/");
    const path = parts.join("/");
    const key = `${bucket}/${path}`;

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
    const before = objects.get(key);
    if (before && !replace) return storageError(409, "The resource already exists");
    const now = new Date();
    objects.set(key, {
      bytes,
      contentType: upload.contentType ?? "application/octet-stream",
      createdAt: before?.createdAt ?? now,
      updatedAt: now,
    });
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
    removals,
    failNext: (...statuses) => void failures.push(...statuses),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
