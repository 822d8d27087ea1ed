import { readFileSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { afterAll, describe, expect, test } from "vitest";
import { startServer, stopAllServers } from "../support/built-server";

afterAll(stopAllServers);

/** The resident memory of a process, in bytes (Linux). */
function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]);
  return kilobytes * 1024;
}

const MB = 1024 * 1024;

/**
 * An anonymous picture upload that stalls: the head says 11 MB (or nothing,
 * when chunked), then up to 10 MB of it is sent, as fast as the server takes
 * it, and no more. Resolves with the status line the server answered, once
 * it answers or closes the connection.
 */
function stalledUpload(url: URL, { chunked }: { chunked: boolean }): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(Number(url.port), url.hostname);
    let answer = "";
    const length = chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${11 * MB}`;
    socket.on("connect", () => {
      socket.write(
        [
          "POST /staff/menu/items/new HTTP/1.1",
          `Host: ${url.host}`,
          "Content-Type: multipart/form-data; boundary=x",
          "Sec-Fetch-Site: same-origin",
          length,
          "",
          "",
        ].join("\r\n"),
      );
      const part = Buffer.alloc(256 * 1024, 0x61);
      socket.write(
        chunked
          ? Buffer.concat([
              Buffer.from(`${part.length.toString(16)}\r\n`),
              part,
              Buffer.from("\r\n"),
            ])
          : part,
      );
    });
    socket.on("data", (data) => {
      answer += data.toString("latin1");
      if (answer.includes("\r\n\r\n")) {
        socket.destroy();
        resolve(answer.split("\r\n", 1)[0]!.trim());
      }
    });
    socket.on("close", () => resolve((answer.split("\r\n", 1)[0] ?? "").trim()));
    // Writing on after the server has answered and closed is refused: the answer stands.
    socket.on("error", (error) =>
      answer ? resolve(answer.split("\r\n", 1)[0]!.trim()) : reject(error),
    );
  });
}

describe("picture-sized uploads from someone not signed in", () => {
  test("forty stalled at once leave the server's memory within 50 MB of idle, and it answers them all", async () => {
    const server = await startServer();
    const url = new URL(server.url);
    // Idle, after the pages have been rendered once.
    for (const path of ["/", "/menu", "/staff/sign-in"])
      await (await fetch(`${server.url}${path}`)).text();
    const idle = residentBytes(server.process.pid!);

    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => stalledUpload(url, { chunked: i % 2 === 1 })),
    );
    const after = residentBytes(server.process.pid!);

    expect(answers).toEqual(Array.from({ length: 40 }, () => "HTTP/1.1 403"));
    expect(after - idle).toBeLessThan(50 * MB);
    // And the site still answers.
    expect((await fetch(`${server.url}/menu`)).status).toBe(200);
  });
});
