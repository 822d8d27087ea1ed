import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, test } from "vitest";
import { QueueFullError, createBackOfTheLine, createWorkQueue } from "./work-queue.server";

/** A promise and the function that settles it. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

test("waiting tasks start by priority, in order of arrival within one", async () => {
  const run = createWorkQueue(1, 10);
  let release!: () => void;
  const blocker = run(() => new Promise<void>((resolve) => (release = resolve)));
  const started: string[] = [];
  const task = (name: string) => async () => {
    started.push(name);
  };
  const waiting = [
    run(task("ordinary 1")),
    run(task("count 1"), 1, 1),
    run(task("checked by a human"), 1, 2),
    run(task("count 2"), 1, 1),
    run(task("ordinary 2")),
  ];
  release();
  await Promise.all([blocker, ...waiting]);
  expect(started).toEqual(["checked by a human", "count 1", "count 2", "ordinary 1", "ordinary 2"]);
});

describe("createWorkQueue", () => {
  test("runs two tasks at once and starts the next when one finishes", async () => {
    const run = createWorkQueue(2, 10);
    const started: number[] = [];
    const gates = [deferred(), deferred(), deferred()];
    const tasks = gates.map((gate, index) =>
      run(async () => {
        started.push(index);
        await gate.promise;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);

    gates[0]?.resolve();
    await tasks[0];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    gates.forEach((gate) => gate.resolve());
    await Promise.all(tasks);
  });

  test("refuses a task when the queue is full", async () => {
    const run = createWorkQueue(1, 1);
    const gate = deferred();
    const running = run(() => gate.promise);
    const waiting = run(async () => {});
    await expect(run(async () => {})).rejects.toBeInstanceOf(QueueFullError);
    gate.resolve();
    await Promise.all([running, waiting]);
  });

  test("refuses a task that would take the waiting work past its budget, yet takes smaller ones", async () => {
    const run = createWorkQueue(1, 10, 100);
    const gate = deferred();
    const running = run(() => gate.promise, 1_000);
    const large = run(async () => "large", 60);
    await expect(run(async () => "too much", 60)).rejects.toBeInstanceOf(QueueFullError);
    const small = run(async () => "small", 40);
    gate.resolve();
    expect(await Promise.all([running, large, small])).toEqual([undefined, "large", "small"]);
  });

  test("always lets one task wait, however large, and frees the budget as tasks start", async () => {
    const run = createWorkQueue(1, 10, 100);
    const first = deferred();
    const running = run(() => first.promise);
    const second = deferred();
    const huge = run(() => second.promise, 500);
    await expect(run(async () => {}, 1)).rejects.toBeInstanceOf(QueueFullError);
    first.resolve();
    await running;
    // The huge task is running now: the queue is empty again.
    const next = run(async () => "next", 100);
    second.resolve();
    await huge;
    await expect(next).resolves.toBe("next");
  });

  test("frees the slot of a task that fails", async () => {
    const run = createWorkQueue(1, 1);
    await expect(run(() => Promise.reject(new Error("sharp failed")))).rejects.toThrow();
    await expect(run(async () => "next")).resolves.toBe("next");
  });
});

describe("the back of the line", () => {
  test("lets through at most so many a turn, in order of arrival, and what arrives meanwhile goes between", async () => {
    const line = createBackOfTheLine(2);
    const through: string[] = [];
    const waiting = Array.from({ length: 5 }, (_, n) =>
      line.wait().then(() => through.push(`answer ${n}`)),
    );
    expect(line.waiting).toBe(5);
    // Two go through each turn of the event loop, and this test, standing
    // for any other request, runs between the turns, not after them all.
    const seenAfterEachTurn: number[] = [];
    while (through.length < 5) {
      await nextTurn();
      seenAfterEachTurn.push(through.length);
    }
    await Promise.all(waiting);
    expect(seenAfterEachTurn).toEqual([2, 4, 5]);
    expect(through).toEqual(["answer 0", "answer 1", "answer 2", "answer 3", "answer 4"]);
    expect(line.waiting).toBe(0);
  });

  test("with nothing else to do, one waiting goes through on the next turn", async () => {
    const line = createBackOfTheLine(1);
    let through = false;
    const waited = line.wait().then(() => (through = true));
    expect(through).toBe(false);
    await waited;
    expect(through).toBe(true);
    // And the line starts again for the next.
    await line.wait();
  });
});
