import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

/**
 * The folders tell the architecture (docs/decisions/005): routes use the
 * domains, domains use the platform, and never the reverse, type-only
 * imports included. These tests read every module's imports and fail on an
 * import that points the wrong way or closes a cycle.
 */

const APP = path.resolve("app");

type Layer = "platform" | "domain" | "shell" | "entry";

/** Which layer a module (a path under app/) belongs to. */
function layerOf(file: string): Layer {
  const [top, second] = file.split("/");
  if (top === "platform") return "platform";
  if (top === "components") return second === "ui" ? "platform" : "shell";
  if (top === "routes" || top === "server" || !file.includes("/")) return "entry";
  return "domain";
}

/** What each layer may import from. */
const allowed: Record<Layer, readonly Layer[]> = {
  platform: ["platform"],
  domain: ["platform", "domain"],
  shell: ["platform", "domain", "shell"],
  entry: ["platform", "domain", "shell", "entry"],
};

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    if (name.startsWith("+types")) return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) ? [full] : [];
  });
}

const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g;

/** The app modules a file imports, as paths under app/. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, "utf8");
  const found: string[] = [];
  for (const [, specifier] of source.matchAll(SPECIFIER)) {
    if (!specifier) continue;
    let base: string;
    if (specifier.startsWith("~/")) base = path.join(APP, specifier.slice(2));
    else if (specifier.startsWith(".")) base = path.resolve(path.dirname(file), specifier);
    else continue;
    const target = ["", ".ts", ".tsx", "/index.ts"]
      .map((extension) => base.replace(/\?.*$/, "") + extension)
      .find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
    if (target?.startsWith(APP + path.sep) && /\.tsx?$/.test(target)) {
      found.push(path.relative(APP, target));
    }
  }
  return found;
}

const graph = new Map(
  sourceFiles(APP).map((file) => [path.relative(APP, file), importsOf(file)] as const),
);

describe("the app's layers", () => {
  test("every module is read", () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get("root.tsx")).toContain("platform/env.server.ts");
  });

  test.each(["platform", "domain", "shell"] as const)(
    "%s modules import only from the layers below them",
    (layer) => {
      const wrong = [...graph]
        .filter(([file]) => layerOf(file) === layer)
        .flatMap(([file, imports]) =>
          imports
            .filter((target) => !allowed[layer].includes(layerOf(target)))
            .map((target) => `${file} -> ${target}`),
        );
      expect(wrong).toEqual([]);
    },
  );

  test("no module imports a route module", () => {
    const wrong = [...graph].flatMap(([file, imports]) =>
      imports.filter((target) => target.startsWith("routes/")).map((t) => `${file} -> ${t}`),
    );
    expect(wrong).toEqual([]);
  });

  test("router contexts are defined in one module", () => {
    const defining = [...graph.keys()].filter((file) =>
      /\bcreateContext\s*[<(]/.test(readFileSync(path.join(APP, file), "utf8")),
    );
    expect(defining).toEqual(["platform/context.ts"]);
  });

  test("there are no import cycles", () => {
    const cycles: string[] = [];
    const state = new Map<string, "visiting" | "done">();
    const trail: string[] = [];
    function visit(file: string) {
      if (state.get(file) === "done") return;
      if (state.get(file) === "visiting") {
        cycles.push([...trail.slice(trail.indexOf(file)), file].join(" -> "));
        return;
      }
      state.set(file, "visiting");
      trail.push(file);
      for (const target of graph.get(file) ?? []) visit(target);
      trail.pop();
      state.set(file, "done");
    }
    for (const file of graph.keys()) visit(file);
    expect(cycles).toEqual([]);
  });
});
