import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for Cloudflare's siteverify endpoint on a loopback port, so route
 * tests verify real tokens over real HTTP without reaching the internet. It
 * follows the documented API: form-encoded or JSON requests carrying `secret`,
 * `response`, `remoteip` and `idempotency_key`; JSON answers with `success` and
 * `error-codes`; tokens valid for 300 seconds and good for one check, except
 * that a repeat with the same idempotency key gets the first answer again.
 */
export type SiteverifyFake = {
  /** http://127.0.0.1:<port>/turnstile/v0/siteverify */
  url: string;
  /** The only secret it accepts. */
  secret: string;
  /** A token the widget would have produced for `action` on `hostname`. */
  issue(options: { action: string; hostname: string; expired?: boolean }): string;
  /** Every POST received, outages included, oldest first. */
  requests: Array<{
    secret: string;
    response: string;
    remoteip?: string;
    idempotency_key?: string;
  }>;
  /** Answers the next `count` requests with `status` (503 unless given), to simulate an outage. */
  failNext(count: number, status?: number): void;
  close(): Promise<void>;
};

const PATH = "/turnstile/v0/siteverify";
const TOKEN_LIFETIME_MS = 300_000;
const MAX_TOKEN_LENGTH = 2048;

type Verdict = { status: number; body: Record<string, unknown> };

type IssuedToken = {
  action: string;
  hostname: string;
  issuedAt: number;
  redeemed: boolean;
  /** The verdict given for each idempotency key, to repeat for a retry. */
  verdicts: Map<string, Verdict>;
};

const failure = (code: string, status = 200): Verdict => ({
  status,
  body: { success: false, "error-codes": [code], messages: [] },
});

function readBody(request: IncomingMessage): Promise<Buffer<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

/** The string fields of a form-encoded, multipart or JSON body; null when it is none of these. */
async function parseFields(request: IncomingMessage): Promise<Map<string, string> | null> {
  const contentType = request.headers["content-type"] ?? "";
  const body = await readBody(request);
  try {
    if (/^application\/json\b/i.test(contentType)) {
      const json: unknown = JSON.parse(body.toString("utf8"));
      if (typeof json !== "object" || json === null || Array.isArray(json)) return null;
      return new Map(
        Object.entries(json).filter((entry): entry is [string, string] => {
          return typeof entry[1] === "string";
        }),
      );
    }
    if (/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(contentType)) {
      const form = await new Request("http://siteverify.invalid/", {
        method: "POST",
        headers: { "Content-Type": contentType },
        body,
      }).formData();
      return new Map(
        [...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
      );
    }
  } catch {
    // A body that does not parse is answered like one of an unknown type.
  }
  return null;
}

function send(response: ServerResponse, { status, body }: Verdict, headers = {}) {
  response
    .writeHead(status, { "Content-Type": "application/json", ...headers })
    .end(JSON.stringify(body));
}

export async function startSiteverifyFake(): Promise<SiteverifyFake> {
  const secret = `fake-secret-${randomUUID()}`;
  const tokens = new Map<string, IssuedToken>();
  const requests: SiteverifyFake["requests"] = [];
  let outage = { remaining: 0, status: 503 };

  function verify(fields: Map<string, string>): Verdict {
    const givenSecret = fields.get("secret") ?? "";
    const token = fields.get("response") ?? "";
    const key = fields.get("idempotency_key");
    if (givenSecret === "") return failure("missing-input-secret");
    if (givenSecret !== secret) return failure("invalid-input-secret");
    if (token === "") return failure("missing-input-response");
    const issued = token.length <= MAX_TOKEN_LENGTH ? tokens.get(token) : undefined;
    if (!issued) return failure("invalid-input-response");

    const repeated = key === undefined ? undefined : issued.verdicts.get(key);
    if (repeated) return repeated;

    let verdict: Verdict;
    if (issued.redeemed || Date.now() - issued.issuedAt > TOKEN_LIFETIME_MS) {
      verdict = failure("timeout-or-duplicate");
    } else {
      issued.redeemed = true;
      verdict = {
        status: 200,
        body: {
          success: true,
          challenge_ts: new Date(issued.issuedAt).toISOString(),
          hostname: issued.hostname,
          "error-codes": [],
          action: issued.action,
          cdata: "",
        },
      };
    }
    if (key !== undefined) issued.verdicts.set(key, verdict);
    return verdict;
  }

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://siteverify.invalid").pathname;
    if (path !== PATH) {
      send(response, failure("bad-request", 404));
      return;
    }
    if (request.method !== "POST") {
      send(response, failure("bad-request", 405), { Allow: "POST" });
      return;
    }
    void parseFields(request).then((fields) => {
      if (!fields) {
        send(response, failure("bad-request", 400));
        return;
      }
      const remoteip = fields.get("remoteip");
      const idempotencyKey = fields.get("idempotency_key");
      requests.push({
        secret: fields.get("secret") ?? "",
        response: fields.get("response") ?? "",
        ...(remoteip !== undefined && { remoteip }),
        ...(idempotencyKey !== undefined && { idempotency_key: idempotencyKey }),
      });
      if (outage.remaining > 0) {
        outage.remaining -= 1;
        response
          .writeHead(outage.status, { "Content-Type": "text/plain" })
          .end("Service temporarily unavailable");
        return;
      }
      send(response, verify(fields));
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${PATH}`,
    secret,
    requests,
    issue({ action, hostname, expired = false }) {
      const token = `fake.${randomBytes(48).toString("base64url")}`;
      tokens.set(token, {
        action,
        hostname,
        issuedAt: Date.now() - (expired ? TOKEN_LIFETIME_MS + 1_000 : 0),
        redeemed: false,
        verdicts: new Map(),
      });
      return token;
    },
    failNext(count, status = 503) {
      outage = { remaining: count, status };
    },
    close() {
      return new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      });
    },
  };
}
