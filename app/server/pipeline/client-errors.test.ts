import { createServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { answerClientError } from "./client-errors";

describe("answerClientError", () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

  async function listen(): Promise<number> {
    server = createServer({ maxHeaderSize: 1024 }, (_, res) => res.end("handled"));
    server.on("clientError", answerClientError);
    await new Promise<void>((done) => server?.listen(0, "127.0.0.1", done));
    return (server.address() as AddressInfo).port;
  }

  /** Sends raw bytes and reads until the server closes the connection. */
  function raw(port: number, text: string): Promise<string> {
    return new Promise((resolve) => {
      const socket = connect(port, "127.0.0.1");
      let answer = "";
      socket.setEncoding("latin1");
      socket.on("data", (chunk: string) => (answer += chunk));
      socket.on("close", () => resolve(answer));
      // The server may reset the connection once it has answered.
      socket.on("error", () => {});
      socket.write(text);
    });
  }

  test.each([
    ["a malformed method", "GE T / HTTP/1.1\r\nHost: localhost\r\n\r\n"],
    ["a target that is not a path", "GET menu HTTP/1.1\r\nHost: localhost\r\n\r\n"],
    ["an unknown version", "GET / HTTP/3.7\r\nHost: localhost\r\n\r\n"],
    ["a header name with a space", "GET / HTTP/1.1\r\nHost: localhost\r\nX Bad: 1\r\n\r\n"],
    [
      "both Content-Length and Transfer-Encoding",
      "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\nabc",
    ],
  ])("%s gets 400 with a reason and the security headers", async (_, request) => {
    const answer = await raw(await listen(), request);
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer).toMatch(/\r\ncontent-type: text\/plain; charset=utf-8\r\n/);
    expect(answer).toMatch(/\r\ncache-control: private, no-store\r\n/);
    expect(answer).toMatch(/\r\ncontent-security-policy: default-src 'self'/);
    expect(answer).toMatch(/\r\nx-content-type-options: nosniff\r\n/);
    expect(answer).toMatch(/\r\nx-frame-options: DENY\r\n/);
    expect(answer).toMatch(/\r\nconnection: close\r\n/);
    expect(answer).toMatch(/\r\n\r\nThe request could not be read as HTTP\/1\.1\.$/);
  });

  test("headers over the limit get 431", async () => {
    const answer = await raw(
      await listen(),
      `GET / HTTP/1.1\r\nHost: localhost\r\nX-Long: ${"a".repeat(2048)}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(answer).toMatch(/\r\nx-content-type-options: nosniff\r\n/);
    expect(answer).toMatch(/\r\n\r\nThe request's headers are too large\.$/);
  });

  test("a good request is the handler's", async () => {
    const answer = await raw(
      await listen(),
      "GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer).toMatch(/\r\n\r\nhandled$/);
  });
});
