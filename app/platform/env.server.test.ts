import { describe, expect, test } from "vitest";
import { EnvError, getPublicEnv, parseEnv } from "./env.server";

describe("parseEnv", () => {
  test("needs nothing: every variable has a default", () => {
    expect(parseEnv({})).toEqual({
      NODE_ENV: "production",
      PORT: 3000,
      TRUST_PROXY: false,
      LOG_LEVEL: "info",
      DATA_DIR: ".data",
      LIVE_MAX_STREAMS: 2000,
      IMAGE_CACHE_MAX_MB: 512,
      SHUTDOWN_GRACE_SECONDS: 10,
      AUTH_PASSWORD_HASH_COST: 10,
      ENQUIRY_RETENTION_DAYS: 365,
      NEWSLETTER_MAILS_PER_MINUTE: 60,
      TURNSTILE_VERIFY_URL: "https://challenges.cloudflare.com/turnstile/v0/siteverify",
    });
  });

  test("reads the values given", () => {
    expect(
      parseEnv({
        NODE_ENV: "development",
        HOST: "127.0.0.1",
        PORT: "8080",
        TRUST_PROXY: "true",
        CLIENT_IP_HEADER: "Fly-Client-IP",
        LOG_LEVEL: "warn",
        SITE_URL: "https://pub.example/some/path",
        DATABASE_URL: "postgres://site:secret@db.internal:5432/pub",
        DATA_DIR: "/data",
        IMAGE_CACHE_MAX_MB: "2048",
        SHUTDOWN_GRACE_SECONDS: "25",
        AUTH_PASSWORD_HASH_COST: "12",
        ENQUIRY_RETENTION_DAYS: "90",
        NEWSLETTER_MAILS_PER_MINUTE: "20",
        TURNSTILE_SITE_KEY: "0x4AAAAAAAsitekey",
        TURNSTILE_SECRET_KEY: "0x4AAAAAAAsecret",
        TURNSTILE_VERIFY_URL: "http://127.0.0.1:9999/siteverify",
      }),
    ).toEqual({
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: 8080,
      TRUST_PROXY: true,
      CLIENT_IP_HEADER: "Fly-Client-IP",
      LOG_LEVEL: "warn",
      SITE_URL: "https://pub.example",
      DATABASE_URL: "postgres://site:secret@db.internal:5432/pub",
      DATA_DIR: "/data",
      LIVE_MAX_STREAMS: 2000,
      IMAGE_CACHE_MAX_MB: 2048,
      SHUTDOWN_GRACE_SECONDS: 25,
      AUTH_PASSWORD_HASH_COST: 12,
      ENQUIRY_RETENTION_DAYS: 90,
      NEWSLETTER_MAILS_PER_MINUTE: 20,
      TURNSTILE_SITE_KEY: "0x4AAAAAAAsitekey",
      TURNSTILE_SECRET_KEY: "0x4AAAAAAAsecret",
      TURNSTILE_VERIFY_URL: "http://127.0.0.1:9999/siteverify",
    });
  });

  test("treats empty values as unset", () => {
    expect(parseEnv({ PORT: "", SITE_URL: " " }).PORT).toBe(3000);
  });

  test.each([
    ["PORT", "abc", /PORT: must be a whole number from 0 to 65535 \(got "abc"\)/],
    ["PORT", "70000", /PORT: must be a whole number/],
    [
      "SHUTDOWN_GRACE_SECONDS",
      "0",
      /SHUTDOWN_GRACE_SECONDS: must be a whole number of seconds from 1 to 3600/,
    ],
    ["SHUTDOWN_GRACE_SECONDS", "2.5", /SHUTDOWN_GRACE_SECONDS: must be a whole number of seconds/],
    ["PORT", "3.5", /PORT: must be a whole number/],
    ["TRUST_PROXY", "maybe", /TRUST_PROXY: must be "true" or "false"/],
    ["DATABASE_URL", "mysql://db/pub", /DATABASE_URL: must be a Postgres connection string/],
    ["NODE_ENV", "staging", /NODE_ENV: must be "production", "development" or "test"/],
    ["LOG_LEVEL", "loud", /LOG_LEVEL: must be one of/],
    ["CLIENT_IP_HEADER", "Fly Client IP", /CLIENT_IP_HEADER: must be a header name/],
    ["SITE_URL", "pub.example", /SITE_URL: must be an absolute http\(s\) URL/],
    ["SITE_URL", "ftp://pub.example", /SITE_URL: must be an absolute http\(s\) URL/],
    ["IMAGE_CACHE_MAX_MB", "8", /IMAGE_CACHE_MAX_MB: must be a whole number of megabytes/],
    ["IMAGE_CACHE_MAX_MB", "1.5", /IMAGE_CACHE_MAX_MB: must be a whole number of megabytes/],
    ["ENQUIRY_RETENTION_DAYS", "0", /ENQUIRY_RETENTION_DAYS: must be a whole number of days/],
    ["NEWSLETTER_MAILS_PER_MINUTE", "0", /NEWSLETTER_MAILS_PER_MINUTE: must be a whole number/],
    ["NEWSLETTER_MAILS_PER_MINUTE", "1001", /NEWSLETTER_MAILS_PER_MINUTE: must be a whole number/],
    ["NEWSLETTER_MAILS_PER_MINUTE", "2.5", /NEWSLETTER_MAILS_PER_MINUTE: must be a whole number/],
    [
      "AUTH_PASSWORD_HASH_COST",
      "3",
      /AUTH_PASSWORD_HASH_COST: must be a whole number from 4 to 16/,
    ],
    [
      "AUTH_PASSWORD_HASH_COST",
      "17",
      /AUTH_PASSWORD_HASH_COST: must be a whole number from 4 to 16/,
    ],
    [
      "AUTH_PASSWORD_HASH_COST",
      "ten",
      /AUTH_PASSWORD_HASH_COST: must be a whole number from 4 to 16/,
    ],
    ["ENQUIRY_RETENTION_DAYS", "a year", /ENQUIRY_RETENTION_DAYS: must be a whole number/],
    ["LIVE_MAX_STREAMS", "-1", /LIVE_MAX_STREAMS: must be a whole number from 0 to 100000/],
    ["LIVE_MAX_STREAMS", "lots", /LIVE_MAX_STREAMS: must be a whole number from 0 to 100000/],
    [
      "LIVE_LISTEN_DATABASE_URL",
      "https://db.example.com",
      /LIVE_LISTEN_DATABASE_URL: must be a Postgres connection string that can LISTEN/,
    ],
    [
      "TURNSTILE_VERIFY_URL",
      "siteverify",
      /TURNSTILE_VERIFY_URL: must be an absolute http\(s\) URL/,
    ],
  ])("rejects %s=%s with a message naming it", (name, value, message) => {
    expect(() => parseEnv({ [name]: value })).toThrow(EnvError);
    expect(() => parseEnv({ [name]: value })).toThrow(message);
  });

  test("behind a trusted proxy the public origin must be given", () => {
    expect(() => parseEnv({ TRUST_PROXY: "true", CLIENT_IP_HEADER: "Fly-Client-IP" })).toThrow(
      /SITE_URL: must be set when TRUST_PROXY is true/,
    );
    expect(
      parseEnv({
        TRUST_PROXY: "true",
        SITE_URL: "https://pub.example",
        CLIENT_IP_HEADER: "Fly-Client-IP",
      }).TRUST_PROXY,
    ).toBe(true);
  });

  test("behind a trusted proxy the client's address must come from a header the proxy sets", () => {
    expect(() => parseEnv({ TRUST_PROXY: "true", SITE_URL: "https://pub.example" })).toThrow(
      /CLIENT_IP_HEADER: must be set when TRUST_PROXY is true: the header the proxy sets/,
    );
    // Without a proxy the connection's own address is used, and no header is needed.
    expect(parseEnv({}).CLIENT_IP_HEADER).toBeUndefined();
  });

  test("without a trusted proxy no header names the client's address: any client could send it", () => {
    expect(() => parseEnv({ CLIENT_IP_HEADER: "Fly-Client-IP" })).toThrow(
      /CLIENT_IP_HEADER: is read only behind a proxy: set TRUST_PROXY=true as well/,
    );
  });

  test("Turnstile needs both of its keys", () => {
    expect(() => parseEnv({ TURNSTILE_SITE_KEY: "0x4AAAAAAAsitekey" })).toThrow(
      /TURNSTILE_SECRET_KEY: must be set too/,
    );
    expect(() => parseEnv({ TURNSTILE_SECRET_KEY: "0x4AAAAAAAsecret" })).toThrow(
      /TURNSTILE_SITE_KEY: must be set too/,
    );
  });

  test("Supabase needs its URL and publishable key together; the secret key needs the URL", () => {
    const project = {
      SUPABASE_URL: "https://abcdefgh.supabase.co/",
      SUPABASE_PUBLISHABLE_KEY: "sb_publishable_abcdefgh123",
      DATABASE_URL: "postgres://postgres:secret@db.abcdefgh.supabase.co:5432/postgres",
    };
    expect(parseEnv(project)).toMatchObject({ SUPABASE_URL: "https://abcdefgh.supabase.co" });
    expect(
      parseEnv({ ...project, SUPABASE_SECRET_KEY: "sb_secret_abcdefgh123" }).SUPABASE_SECRET_KEY,
    ).toBe("sb_secret_abcdefgh123");
    expect(() =>
      parseEnv({ SUPABASE_URL: project.SUPABASE_URL, DATABASE_URL: project.DATABASE_URL }),
    ).toThrow(/SUPABASE_PUBLISHABLE_KEY: must be set too/);
    expect(() =>
      parseEnv({
        SUPABASE_URL: project.SUPABASE_URL,
        SUPABASE_PUBLISHABLE_KEY: project.SUPABASE_PUBLISHABLE_KEY,
      }),
    ).toThrow(/DATABASE_URL: must be set when SUPABASE_URL is/);
    expect(() => parseEnv({ SUPABASE_PUBLISHABLE_KEY: project.SUPABASE_PUBLISHABLE_KEY })).toThrow(
      /SUPABASE_URL: must be set too/,
    );
    expect(() => parseEnv({ SUPABASE_SECRET_KEY: "sb_secret_abcdefgh123" })).toThrow(
      /SUPABASE_URL: must be set when SUPABASE_SECRET_KEY is/,
    );
  });

  test.each([
    ["SUPABASE_URL", "abcdefgh.supabase.co"],
    ["SUPABASE_URL", "ftp://abcdefgh.supabase.co"],
    ["SUPABASE_PUBLISHABLE_KEY", "sb_secret_abcdefgh123"],
    ["SUPABASE_PUBLISHABLE_KEY", "not a key"],
    ["SUPABASE_SECRET_KEY", "sb_publishable_abcdefgh123"],
  ])("a bad %s (%s) is refused by name", (name, value) => {
    const project = {
      SUPABASE_URL: "https://abcdefgh.supabase.co",
      SUPABASE_PUBLISHABLE_KEY: "sb_publishable_abcdefgh123",
      DATABASE_URL: "postgres://postgres:secret@db.abcdefgh.supabase.co:5432/postgres",
    };
    expect(() => parseEnv({ ...project, [name]: value })).toThrow(new RegExp(`${name}: must be`));
  });

  test("mail: SMTP_URL, MAIL_FROM and ENQUIRY_NOTIFY_TO are read", () => {
    expect(
      parseEnv({
        SMTP_URL: "smtps://site%40pub.example:secret@smtp.example.com:465",
        MAIL_FROM: "The Squire <site@pub.example>",
        ENQUIRY_NOTIFY_TO: "manager@pub.example, owner@pub.example",
      }),
    ).toMatchObject({
      SMTP_URL: "smtps://site%40pub.example:secret@smtp.example.com:465",
      MAIL_FROM: { name: "The Squire", address: "site@pub.example" },
      ENQUIRY_NOTIFY_TO: ["manager@pub.example", "owner@pub.example"],
    });
    expect(
      parseEnv({ SMTP_URL: "smtp://127.0.0.1:2525", MAIL_FROM: "site@pub.example" }).MAIL_FROM,
    ).toEqual({ address: "site@pub.example" });
    // Without a mail server the notifications wait in the outbox: nothing else is needed.
    expect(parseEnv({ ENQUIRY_NOTIFY_TO: "manager@pub.example" }).SMTP_URL).toBeUndefined();
  });

  test.each([
    ["SMTP_URL", "smtp.example.com", /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/],
    ["SMTP_URL", "https://smtp.example.com", /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/],
    ["SMTP_URL", "smtp://", /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/],
    ["MAIL_FROM", "not an address", /MAIL_FROM: must be an address such as pub@example.com/],
    ["MAIL_FROM", "Pub <pub@example.com", /MAIL_FROM: must be an address/],
    ["MAIL_FROM", "Pub\r\nBcc: x@evil.example <pub@example.com>", /MAIL_FROM: must be an address/],
    ["ENQUIRY_NOTIFY_TO", "manager", /ENQUIRY_NOTIFY_TO: must be an email address, or up to ten/],
    ["ENQUIRY_NOTIFY_TO", "a@pub.example,,b@pub.example", /ENQUIRY_NOTIFY_TO: must be an email/],
    [
      "ENQUIRY_NOTIFY_TO",
      "a@pub.example\r\nBcc: x@evil.example",
      /ENQUIRY_NOTIFY_TO: must be an email address/,
    ],
  ])("a bad %s (%j) is refused by name", (name, value, message) => {
    const mail = { SMTP_URL: "smtp://127.0.0.1:2525", MAIL_FROM: "site@pub.example" };
    expect(() => parseEnv({ ...mail, [name]: value })).toThrow(message);
  });

  test("the live channel's listener URL is for a database server, and its password stays out of the message", () => {
    expect(() =>
      parseEnv({ LIVE_LISTEN_DATABASE_URL: "postgres://u:secret@db.example.com:5432/postgres" }),
    ).toThrow(/DATABASE_URL: must be set when LIVE_LISTEN_DATABASE_URL is/);
    expect(() => parseEnv({ LIVE_LISTEN_DATABASE_URL: "http://u:secret@db.example.com" })).toThrow(
      /got "http:\/\/u:\*\*\*@db\.example\.com"/,
    );
    expect(
      parseEnv({
        DATABASE_URL: "postgres://u:p@pooler.example.com:6543/postgres",
        LIVE_LISTEN_DATABASE_URL: "postgres://u:p@pooler.example.com:5432/postgres",
        LIVE_MAX_STREAMS: "0",
      }),
    ).toMatchObject({
      LIVE_LISTEN_DATABASE_URL: "postgres://u:p@pooler.example.com:5432/postgres",
      LIVE_MAX_STREAMS: 0,
    });
  });

  test("a mail server needs MAIL_FROM, the sender it accepts", () => {
    expect(() => parseEnv({ SMTP_URL: "smtp://127.0.0.1:2525" })).toThrow(
      /MAIL_FROM: must be set when SMTP_URL is/,
    );
  });

  test("a bad SMTP_URL is shown without its password", () => {
    let message = "";
    try {
      parseEnv({ SMTP_URL: "http://site:hunter2@smtp.example.com", MAIL_FROM: "a@pub.example" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain("SMTP_URL: must be an smtp:// or smtps:// URL");
    expect(message).toContain('(got "http://site:***@smtp.example.com")');
    expect(message).not.toContain("hunter2");
  });

  test("reports every bad variable at once", () => {
    expect(() => parseEnv({ PORT: "x", LOG_LEVEL: "y" })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });
});

describe("getPublicEnv", () => {
  test("sends the browser only the allow-listed values", () => {
    const env = parseEnv({
      HOST: "10.0.0.5",
      PORT: "4000",
      SITE_URL: "https://pub.example",
      TURNSTILE_SITE_KEY: "0x4AAAAAAAsitekey",
      TURNSTILE_SECRET_KEY: "0x4AAAAAAAsecret",
      SUPABASE_URL: "https://abcdefgh.supabase.co",
      SUPABASE_PUBLISHABLE_KEY: "sb_publishable_abcdefgh123",
      SUPABASE_SECRET_KEY: "sb_secret_abcdefgh123",
      DATABASE_URL: "postgres://postgres:secret@db.abcdefgh.supabase.co:5432/postgres",
    });
    expect(getPublicEnv(env)).toEqual({
      SITE_URL: "https://pub.example",
      TURNSTILE_SITE_KEY: "0x4AAAAAAAsitekey",
    });
  });
});
