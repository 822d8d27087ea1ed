import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

/**
 * The folders tell the architecture (docs/decisions/005): routes use the
 * read model and the staff area, which use the domains, which use the
 * platform, and never the reverse, type-only imports included. These tests
 * read every module's imports and fail on an import that points up a layer,
 * on a domain that imports another (pictures aside: every domain may show
 * one), and on any file cycle.
 */

const APP = path.resolve("app");

/** From the bottom up. */
const LAYERS = ["platform", "domain", "site", "staff", "shell", "entry"] as const;
type Layer = (typeof LAYERS)[number];

const DOMAINS = [
  "settings",
  "hours",
  "menu",
  "specials",
  "events",
  "venue",
  "about",
  "pages",
  "enquiries",
  "newsletter",
  "images",
  "theme",
];

/** Which layer a module (a path under app/) belongs to. */
function layerOf(file: string): Layer {
  const [top] = file.split("/");
  if (!file.includes("/") || top === "routes" || top === "server") return "entry";
  if (top === "platform") return "platform";
  if (top === "site") return "site";
  if (top === "staff") return "staff";
  if (top === "components") return "shell";
  if (DOMAINS.includes(top!)) return "domain";
  throw new Error(`${file} is in no layer: add its folder to the architecture`);
}

/** The domain folder a domain module is in. */
const domainOf = (file: string) => file.split("/")[0]!;

/** A layer imports from itself and the layers below it. */
const allowed = (from: Layer, to: Layer) => LAYERS.indexOf(to) <= LAYERS.indexOf(from);

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    if (name.startsWith("+types")) return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) ? [full] : [];
  });
}

const STATIC_SPECIFIER = /(?:\bfrom\s+|\bimport\s+)["']([^"']+)["']/g;
const ANY_SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g;

/**
 * The app modules a file imports, as paths under app/: all of them, or only
 * those it loads with itself (not the ones it loads on demand, `import()`,
 * nor the ones it takes only types from).
 */
function importsOf(file: string, which: "all" | "static" = "all"): string[] {
  const text = readFileSync(file, "utf8");
  // A type-only import is erased from what runs: it loads nothing.
  const source = which === "all" ? text : text.replace(/^(?:import|export) type [^;]*;/gm, "");
  const found: string[] = [];
  for (const [, specifier] of source.matchAll(which === "all" ? ANY_SPECIFIER : STATIC_SPECIFIER)) {
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

/**
 * What loads with what: a form's declaration loads its rules on demand, and
 * the rules use the declaration's names and limits, which is no cycle.
 */
const loadGraph = new Map(
  sourceFiles(APP).map((file) => [path.relative(APP, file), importsOf(file, "static")] as const),
);

describe("the app's layers", () => {
  test("every module is read", () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get("root.tsx")).toContain("platform/env.server.ts");
  });

  test.each(LAYERS.filter((layer) => layer !== "entry"))(
    "%s modules import only from their layer and the layers below it",
    (layer) => {
      const wrong = [...graph]
        .filter(([file]) => layerOf(file) === layer)
        .flatMap(([file, imports]) =>
          imports
            .filter((target) => !allowed(layer, layerOf(target)))
            .map((target) => `${file} -> ${target}`),
        );
      expect(wrong).toEqual([]);
    },
  );

  test("no domain imports another, pictures aside", () => {
    const wrong = [...graph]
      .filter(([file]) => layerOf(file) === "domain")
      .flatMap(([file, imports]) =>
        imports
          .filter((target) => layerOf(target) === "domain")
          .filter((target) => domainOf(target) !== domainOf(file) && domainOf(target) !== "images")
          .map((target) => `${file} -> ${target}`),
      );
    expect(wrong).toEqual([]);
  });

  test("the router contexts are declared without importing what fills them", () => {
    const source = readFileSync(path.join(APP, "platform/context.ts"), "utf8");
    const valueImports = [...source.matchAll(/^import (?!type )[^;]*from "([^"]+)";/gm)].map(
      ([, from]) => from,
    );
    expect(valueImports).toEqual(["react-router"]);
  });

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
      for (const target of loadGraph.get(file) ?? []) visit(target);
      trail.pop();
      state.set(file, "done");
    }
    for (const file of loadGraph.keys()) visit(file);
    expect(cycles).toEqual([]);
  });
});
