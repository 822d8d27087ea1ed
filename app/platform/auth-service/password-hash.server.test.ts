import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, test } from "vitest";
import { createPGlite } from "~/platform/database/database.server";
import { checkPassword, hashPassword } from "./password-hash.server";

describe("passwords hashed on a thread of their own", () => {
  test("a hash is bcrypt's $2a$ at the cost asked, and checks only its own password", async () => {
    const hash = await hashPassword("Pint of the usual 1", 5);
    expect(hash).toMatch(/^\$2a\$05\$[./A-Za-z0-9]{53}$/);
    expect(await hashPassword("Pint of the usual 1", 5)).not.toBe(hash);
    expect(await checkPassword("Pint of the usual 1", hash, 5)).toBe(true);
    expect(await checkPassword("Pint of the usual 2", hash, 5)).toBe(false);
  });

  test("no hash (no such account, or no password set) checks as wrong", async () => {
    expect(await checkPassword("anything at all", null, 5)).toBe(false);
    expect(await checkPassword("", "", 5)).toBe(false);
  });

  test("hashes pgcrypto made check here, and pgcrypto checks the ones made here", async () => {
    const db = await createPGlite();
    try {
      await db.exec("create extension if not exists pgcrypto");
      for (const password of ["secret password", "pâté été, ünïcode ☕", "x".repeat(72)]) {
        const {
          rows: [made],
        } = await db.query<{ hash: string }>("select crypt($1, gen_salt('bf', 5)) as hash", [
          password,
        ]);
        expect(await checkPassword(password, made!.hash, 5)).toBe(true);
        expect(await checkPassword(`!${password.slice(1)}`, made!.hash, 5)).toBe(false);

        const ours = await hashPassword(password, 5);
        const {
          rows: [checked],
        } = await db.query<{ same: boolean }>("select crypt($1, $2) = $2 as same", [
          password,
          ours,
        ]);
        expect(checked!.same).toBe(true);
      }
    } finally {
      await db.close();
    }
  });

  test("the main thread goes on while a slow check runs", async () => {
    // Cost 12 is a few hundred milliseconds of work: on this thread it would
    // leave no turn of the event loop until it was done.
    const slow = hashPassword("held up?", 12);
    let done = false;
    void slow.then(() => (done = true));
    let turns = 0;
    while (!done) {
      await nextTurn();
      turns++;
    }
    expect(await slow).toMatch(/^\$2a\$12\$/);
    expect(turns).toBeGreaterThan(20);
  });

  test("jobs given at once each get their own answer", async () => {
    const passwords = Array.from({ length: 6 }, (_, n) => `password number ${n}`);
    const hashes = await Promise.all(passwords.map((password) => hashPassword(password, 4)));
    const checks = await Promise.all(
      passwords.map((password, n) => checkPassword(password, hashes[(n + 1) % 6]!, 4)),
    );
    expect(checks).toEqual([false, false, false, false, false, false]);
    expect(
      await Promise.all(passwords.map((password, n) => checkPassword(password, hashes[n]!, 4))),
    ).toEqual([true, true, true, true, true, true]);
  });
});
