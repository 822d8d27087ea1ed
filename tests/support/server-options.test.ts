import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { root } from "./built-server";
import { SERVER_ENV, SERVER_NODE_OPTIONS } from "./server-options";

const read = (file: string) => readFileSync(path.join(root, file), "utf8");

describe("the server starts everywhere with the options its memory depends on", () => {
  const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;
  const dockerfile = read("Dockerfile");

  test("npm run serve", () => {
    const serve = scripts.serve!;
    for (const option of SERVER_NODE_OPTIONS) {
      expect(serve).toMatch(new RegExp(`\\bnode (--\\S+ )*${option} `));
    }
    for (const [name, value] of Object.entries(SERVER_ENV))
      expect(serve).toContain(`${name}=${value} `);
  });

  test("the commands that open the database", () => {
    for (const name of ["db:migrate", "db:seed", "enquiries:purge", "staff:add"]) {
      for (const option of SERVER_NODE_OPTIONS) expect(scripts[name]).toContain(` ${option} `);
    }
  });

  test("the browser tests' server", () => {
    const config = read("playwright.config.ts");
    expect(config).toContain('const node = ["node", ...SERVER_NODE_OPTIONS].join(" ");');
    expect(config).toContain("&& ${node} ./build/server/index.js`");
    expect(config).toMatch(/env: \{\n\s+\.\.\.SERVER_ENV,/);
  });

  test("the Docker image", () => {
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
    expect(cmd).toEqual(["node", ...SERVER_NODE_OPTIONS, "build/server/index.js"]);
    const runtime = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
    for (const [name, value] of Object.entries(SERVER_ENV)) {
      expect(runtime).toMatch(new RegExp(`^(ENV |\\s+)${name}=${value}\\b`, "m"));
    }
  });
});
