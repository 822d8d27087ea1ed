import { describe, expect, test } from "vitest";
import { clientAddress } from "./client-address";

const request = (headers: Record<string, string>) => new Request("http://localhost/", { headers });

describe("clientAddress", () => {
  test("uses what the connection says when no header is trusted", () => {
    expect(clientAddress(request({ "Fly-Client-IP": "198.51.100.4" }), "10.0.0.2", undefined)).toBe(
      "10.0.0.2",
    );
  });

  test("prefers the proxy's own header when one is trusted", () => {
    expect(
      clientAddress(request({ "Fly-Client-IP": "198.51.100.4" }), "10.0.0.2", "Fly-Client-IP"),
    ).toBe("198.51.100.4");
    expect(
      clientAddress(request({ "Fly-Client-IP": "2001:db8::1" }), "10.0.0.2", "fly-client-ip"),
    ).toBe("2001:db8::1");
  });

  test.each(["", "not-an-ip", "198.51.100.4, 10.0.0.1", "<script>"])(
    "gives no address for a trusted header holding %j, never the forwarded one",
    (value) => {
      expect(
        clientAddress(request({ "Fly-Client-IP": value }), "203.0.113.9", "Fly-Client-IP"),
      ).toBeNull();
    },
  );

  test("gives no address when the trusted header is missing, whatever X-Forwarded-For says", () => {
    // `seen` is X-Forwarded-For's first entry behind a trusted proxy: the client's to choose.
    expect(
      clientAddress(request({ "X-Forwarded-For": "203.0.113.9" }), "203.0.113.9", "Fly-Client-IP"),
    ).toBeNull();
  });
});
