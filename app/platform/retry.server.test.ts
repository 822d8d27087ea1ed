import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { fetchWithRetry, retryingFetch } from "./retry.server";

/** What the test server does with each request in turn; the last one repeats. */
type Answer = number | "hang";

type TestServer = { url: string; bodies: string[]; close: () => Promise<void> };

const servers: TestServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function startServer(answers: Answer[]): Promise<TestServer> {
  const bodies: string[] = [];
  const waiting: ServerResponse[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      const answer = answers[Math.min(bodies.length, answers.length - 1)] ?? 200;
      bodies.push(body);
      if (answer === "hang") {
        waiting.push(response);
        return;
      }
      response.writeHead(answer, { "Content-Type": "text/plain" }).end(`answer ${answer}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const testServer: TestServer = {
    url: `http://127.0.0.1:${port}/`,
    bodies,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(testServer);
  return testServer;
}

/** A port nothing listens on: a server's, once that server has closed. */
async function closedPortUrl(): Promise<string> {
  const server = await startServer([200]);
  await server.close();
  return server.url;
}

function recordingSleep() {
  const delays: number[] = [];
  return { delays, sleep: async (ms: number) => void delays.push(ms) };
}

describe("fetchWithRetry", () => {
  test("retries a 503 and returns the answer that follows", async () => {
    const server = await startServer([503, 503, 200]);
    const { delays, sleep } = recordingSleep();

    const response = await fetchWithRetry(server.url, {}, { sleep });

    expect(response.status).toBe(200);
    expect(await response.text()).toBe("answer 200");
    expect(server.bodies).toHaveLength(3);
    expect(delays).toEqual([200, 400]);
  });

  test.each([502, 504])("retries a %i as well", async (status) => {
    const server = await startServer([status, 200]);
    const { delays, sleep } = recordingSleep();

    const response = await fetchWithRetry(server.url, {}, { sleep });

    expect(response.status).toBe(200);
    expect(delays).toEqual([200]);
  });

  test("gives up after 3 retries and returns the last 503", async () => {
    const server = await startServer([503]);
    const { delays, sleep } = recordingSleep();

    const response = await fetchWithRetry(server.url, {}, { sleep });

    expect(response.status).toBe(503);
    expect(await response.text()).toBe("answer 503");
    expect(server.bodies).toHaveLength(4);
    expect(delays).toEqual([200, 400, 800]);
  });

  test.each([400, 404, 500])("does not retry a %i", async (status) => {
    const server = await startServer([status, 200]);
    const { delays, sleep } = recordingSleep();

    const response = await fetchWithRetry(server.url, {}, { sleep });

    expect(response.status).toBe(status);
    expect(server.bodies).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  test("retries a refused connection, then throws the network error", async () => {
    const url = await closedPortUrl();
    const { delays, sleep } = recordingSleep();

    await expect(fetchWithRetry(url, {}, { sleep })).rejects.toThrow(TypeError);
    expect(delays).toEqual([200, 400, 800]);
  });

  test("counts an attempt that times out as a network error and retries it", async () => {
    const server = await startServer(["hang", 200]);
    const { delays, sleep } = recordingSleep();
    // The first attempt hangs until its 50 ms are up. The second is answered
    // at once, but a busy machine can take longer than 50 ms to carry that
    // answer: it goes out without the time-out, so only the first can time out.
    let attempts = 0;
    const firstTimesOut: typeof fetch = (input, init) =>
      attempts++ === 0 ? fetch(input, init) : fetch(input, { ...init, signal: null });

    const response = await fetchWithRetry(server.url, {}, { sleep, timeoutMs: 50 }, firstTimesOut);

    expect(response.status).toBe(200);
    expect(server.bodies).toHaveLength(2);
    expect(delays).toEqual([200]);
  });

  test("throws the timeout when every attempt times out", async () => {
    const server = await startServer(["hang"]);
    const { delays, sleep } = recordingSleep();

    await expect(
      fetchWithRetry(server.url, {}, { sleep, timeoutMs: 50, retries: 1 }),
    ).rejects.toMatchObject({ name: "TimeoutError" });
    expect(delays).toEqual([200]);
  });

  test("sends the same body with every attempt", async () => {
    const server = await startServer([503, 200]);
    const { sleep } = recordingSleep();

    await fetchWithRetry(
      server.url,
      { method: "POST", body: new URLSearchParams({ name: "Sam", note: "a & b" }) },
      { sleep },
    );

    expect(server.bodies).toEqual(["name=Sam&note=a+%26+b", "name=Sam&note=a+%26+b"]);
  });

  test("takes the number of retries and the first delay as options", async () => {
    const server = await startServer([503]);
    const { delays, sleep } = recordingSleep();

    const response = await fetchWithRetry(server.url, {}, { sleep, retries: 2, baseDelayMs: 10 });

    expect(response.status).toBe(503);
    expect(server.bodies).toHaveLength(3);
    expect(delays).toEqual([10, 20]);
  });

  test("does not retry a request the caller aborted", async () => {
    const server = await startServer([200]);
    const { delays, sleep } = recordingSleep();

    await expect(
      fetchWithRetry(server.url, { signal: AbortSignal.abort() }, { sleep }),
    ).rejects.toMatchObject({ name: "AbortError" });
    expect(delays).toEqual([]);
  });
});

describe("retryingFetch", () => {
  const noWait = async () => {};

  test("retries a JSON post on 502 as a client library sends it", async () => {
    const server = await startServer([502, 502, 200]);
    const send = retryingFetch(fetch, { sleep: noWait });
    const response = await send(`${server.url}auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "sam@example.com" }),
    });
    expect(response.status).toBe(200);
    expect(server.bodies).toEqual(Array(3).fill('{"email":"sam@example.com"}'));
  });

  test("sends a body that can be read only once a single time", async () => {
    const server = await startServer([503, 200]);
    const send = retryingFetch(fetch, { sleep: noWait });
    const response = await send(server.url, {
      method: "POST",
      body: new Blob(["photo"]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(503);
    expect(server.bodies).toEqual(["photo"]);
  });
});
