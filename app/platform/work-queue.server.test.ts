import { expect, test } from "vitest";
import { createWorkQueue } from "./work-queue.server";

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
