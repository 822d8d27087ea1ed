import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, test } from "vitest";

/**
 * The pipeline knows no route by id or by path: routes say what they need
 * of it in their `handle` (`app/platform/route-needs.ts`), and it reads that
 * from the build. This reads every string, template and regular expression
 * in its sources and fails on one that names a path or a route id, but for
 * those the transport itself owns.
 */

const PIPELINE = path.resolve("app/server/pipeline");

/** Paths the transport owns, not any route's. */
const ALLOWED = new Set([
  // The root: a stand-in URL for a request's head, and the start of a path
  // made from a file's name (static-files.ts).
  "/",
  // The build's hashed files (static-files.ts).
  "/assets/",
  // React Router's data URL for the root (`/_.data`), the form of every data URL.
  "/_.data",
]);

function sources(): string[] {
  return readdirSync(PIPELINE)
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => path.join(PIPELINE, name));
}

/** Whether a string's text reads as a page path or a route id. */
function namesRoute(text: string): boolean {
  return text.startsWith("/") || text.startsWith("routes/");
}

/**
 * Whether a regular expression's pattern matches a page path: a slash and
 * a name (`^\/live`), not a slash alone (`\/+$`, trailing slashes).
 */
function patternNamesRoute(pattern: string): boolean {
  const text = pattern.replace(/^\^/, "").replace(/\\(.)/g, "$1");
  return /^\/[\w-]/.test(text) || text.startsWith("routes/");
}

/** Every literal in a file that names a path or a route id, with its line. */
function routeLiterals(file: string, text = readFileSync(file, "utf8")): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const note = (node: ts.Node, text: string, names = namesRoute(text)) => {
    if (!names || ALLOWED.has(text)) return;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${path.basename(file)}:${line + 1} ${JSON.stringify(text)}`);
  };
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node)
    ) {
      note(node, node.text);
    } else if (ts.isRegularExpressionLiteral(node)) {
      const pattern = node.text.slice(1, node.text.lastIndexOf("/"));
      note(node, pattern, patternNamesRoute(pattern));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("the request pipeline", () => {
  test("reads its sources", () => {
    expect(sources().map((file) => path.basename(file))).toContain("pipeline.ts");
  });

  test("names no route id and no page path", () => {
    expect(sources().flatMap((file) => routeLiterals(file))).toEqual([]);
  });

  test("would notice one in a string, a template or a regular expression", () => {
    const example = [
      'const any = new Set(["routes/contact"]);',
      "const live = /^\\/live(?:\\/revision)?\\/?$/i;",
      "const image = (url: URL) => url.pathname.startsWith(`/img/${''}`);",
      'const data = (path: string) => path.endsWith("/_.data") || /\\.data$/.test(path);',
      'const trimmed = (path: string) => path.replace(/\\/+$/, "");',
    ].join("\n");
    expect(routeLiterals("example.ts", example)).toEqual([
      'example.ts:1 "routes/contact"',
      'example.ts:2 "^\\\\/live(?:\\\\/revision)?\\\\/?$"',
      'example.ts:3 "/img/"',
    ]);
  });
});
