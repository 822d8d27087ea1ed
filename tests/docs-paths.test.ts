import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

/**
 * Every repository path the README and the documents in docs/ name exists,
 * so a file that moves takes its documentation with it.
 *
 * What counts as a path:
 * - a word in inline code (`app/server/pipeline/pipeline.ts`, or one word of
 *   `npx node tests/perf/shutdown-under-load.ts`) that starts with one of the
 *   repository's top-level folders followed by a slash (`app/`, `tests/`,
 *   `.ci/`, …), read from the checkout, so a new top-level folder is covered
 *   without changing this test. It is read from the repository's root, in
 *   any document. A word ending in a slash must be a folder.
 * - the target of a Markdown link, inline or by reference, resolved against
 *   the folder of the document it is in (`decisions/006-page-cache.md` from
 *   docs/README.md); with a `#fragment` into a Markdown file, that file must
 *   have a heading it is the anchor of.
 *
 * What is left alone:
 * - URLs (`https://…`, `mailto:`) and the site's own paths (`/staff/menu`,
 *   `/img/*`), which start with a slash;
 * - names relative to something the text has just named (`methods.ts` beside
 *   pipeline.ts, `*.server.ts` in a domain's folder): there is no telling
 *   which folder they are in, so they are not guessed at;
 * - fenced code blocks: shell commands, SQL, configuration, which name paths
 *   inside an image or on a server as often as in the repository;
 * - what the repository's .gitignore keeps out of it, the products of a build
 *   or a run (`build/server/index.js`, `.data/`, `test-results/`,
 *   `.lighthouse/`): a fresh checkout has none of them, and the answer must
 *   not depend on whether something was built or run first;
 * - React Router's generated route types: `react-router typegen` writes
 *   `app/routes/+types/…` under .react-router/types/ (tsconfig's rootDirs lays
 *   it over app/), so only the part before `+types` is checked.
 *
 * A pattern is checked where one is clearly meant: a path with `*`, `?`,
 * `{a,b}`, a `<placeholder>` or `…` in it (`app/**\/*.test.ts`,
 * `app/<domain>/<domain>-rules.ts`) must match at least one file or folder
 * of the checkout.
 */

const ROOT = path.resolve(import.meta.dirname, "..");

/** The top-level names .gitignore keeps out of the repository, as patterns. */
function ignoredTopLevel(): RegExp[] {
  const lines = readFileSync(path.join(ROOT, ".gitignore"), "utf8").split("\n");
  return lines
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#") && !line.startsWith("!"))
    .map((line) => line.replace(/^\//, "").replace(/\/$/, ""))
    .filter((line) => !line.includes("/"))
    .map((line) => globToRegExp(line));
}

type Roots = { folders: string[]; isIgnored: (name: string) => boolean };

/** The repository's top-level folders, and what it keeps out of it. */
function readRoots(): Roots {
  const ignored = ignoredTopLevel();
  const isIgnored = (name: string) => ignored.some((pattern) => pattern.test(name));
  const folders = readdirSync(ROOT, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== ".git" && !isIgnored(entry.name))
    .map((entry) => entry.name);
  return { folders, isIgnored };
}

/** A glob (`*`, `**`, `?`, `{a,b}`, `<placeholder>`, `…`) as a regular expression. */
function globToRegExp(glob: string): RegExp {
  let source = "";
  for (let i = 0; i < glob.length; i++) {
    const character = glob[i]!;
    if (glob.startsWith("**/", i)) {
      source += "(?:.*/)?";
      i += 2;
    } else if (glob.startsWith("**", i)) {
      source += ".*";
      i += 1;
    } else if (character === "*") source += "[^/]*";
    else if (character === "?") source += "[^/]";
    else if (character === "…") source += ".+";
    else if (character === "<") {
      const end = glob.indexOf(">", i);
      source += "[^/]+";
      i = end === -1 ? glob.length : end;
    } else if (character === "{") {
      const end = glob.indexOf("}", i);
      const choices = glob.slice(i + 1, end === -1 ? glob.length : end).split(",");
      source += `(?:${choices.map(escape).join("|")})`;
      i = end === -1 ? glob.length : end;
    } else source += escape(character);
  }
  return new RegExp(`^${source}$`);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

const PATTERN = /[*?{}<>…]/;

/** Every file and folder (with a trailing slash) under the given top-level folders. */
function listCheckout(folders: string[]): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(ROOT, relative), { withFileTypes: true })) {
      if (entry.name === "node_modules") continue;
      const name = `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        found.push(`${name}/`);
        walk(name);
      } else found.push(name);
    }
  };
  for (const folder of folders) {
    found.push(`${folder}/`);
    walk(folder);
  }
  return found;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .replace(/`/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsIn(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of withoutFences(text).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const anchor = anchorOf(heading!);
    const count = seen.get(anchor) ?? 0;
    seen.set(anchor, count + 1);
    anchors.add(count === 0 ? anchor : `${anchor}-${count}`);
  }
  return anchors;
}

/** The text with the lines of fenced code blocks blanked, so line numbers still hold. */
function withoutFences(text: string): string {
  let fence: string | undefined;
  return text
    .split("\n")
    .map((line) => {
      const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence) {
        if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
        return "";
      }
      if (marker) {
        fence = marker;
        return "";
      }
      return line;
    })
    .join("\n");
}

type Reference = { line: number; target: string };

const lineAt = (text: string, index: number) => text.slice(0, index).split("\n").length;

/** The repository paths a document names, and where: `file` is its path from the root. */
function pathsNamedIn(file: string, text: string, roots: Roots): Reference[] {
  const prose = withoutFences(text);
  const references: Reference[] = [];

  // Inline code, over line breaks too (a paragraph's lines may break inside it).
  const CODE = /(`+)([^`][\s\S]*?)\1(?!`)/g;
  for (const match of prose.matchAll(CODE)) {
    const content = match[2]!;
    if (content.includes("\n\n")) continue;
    for (const raw of content.split(/\s+/)) {
      const word = raw.replace(/^[("'[]+/, "").replace(/[)"',;:.\]]+$/, "");
      const [top] = word.split("/");
      if (!word.includes("/") || !top || !roots.folders.includes(top)) continue;
      references.push({ line: lineAt(prose, match.index), target: word });
    }
  }

  // Link targets, with inline code taken out so a link written as code is not one.
  const links = prose.replace(CODE, (code) => code.replace(/[^\n]/g, " "));
  const TARGETS = [
    /\]\(\s*<?([^)\s>]+)>?(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/g,
    /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm,
  ];
  for (const pattern of TARGETS) {
    for (const match of links.matchAll(pattern)) {
      const target = match[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("/")) continue;
      const [address = "", fragment] = target.split("#");
      const resolved = address
        ? path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURI(address)))
        : file;
      const [top] = resolved.split("/");
      if (top && roots.isIgnored(top)) continue;
      references.push({
        line: lineAt(links, match.index),
        target: fragment === undefined ? resolved : `${resolved}#${fragment}`,
      });
    }
  }
  return references.sort((a, b) => a.line - b.line);
}

/** Why a named path does not hold, or undefined when it does. */
function problemWith(target: string, checkout: () => string[]): string | undefined {
  const [name = "", fragment] = target.split("#");
  if (name.startsWith("../")) return "outside the repository";
  const generatedAt = name.split("/").indexOf("+types");
  const checked = generatedAt === -1 ? name : name.split("/").slice(0, generatedAt).join("/") + "/";
  if (PATTERN.test(checked)) {
    const pattern = globToRegExp(checked);
    return checkout().some((entry) => pattern.test(entry) || pattern.test(entry.replace(/\/$/, "")))
      ? undefined
      : "matches nothing";
  }
  const full = path.join(ROOT, checked.replace(/\/$/, ""));
  if (!existsSync(full)) return "does not exist";
  if (checked.endsWith("/") && !statSync(full).isDirectory()) return "is not a folder";
  if (fragment !== undefined && checked.endsWith(".md")) {
    if (!anchorsIn(readFileSync(full, "utf8")).has(fragment)) return `has no heading #${fragment}`;
  }
  return undefined;
}

/** Every problem in one document, as "file:line: path (why)". */
function missingPathsIn(file: string, text: string, roots: Roots = readRoots()): string[] {
  let listed: string[] | undefined;
  const checkout = () => (listed ??= listCheckout(roots.folders));
  return pathsNamedIn(file, text, roots).flatMap(({ line, target }) => {
    const problem = problemWith(target, checkout);
    return problem ? [`${file}:${line}: ${target} (${problem})`] : [];
  });
}

function documents(): string[] {
  const inDocs = (folder: string): string[] =>
    readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
      const name = `${folder}/${entry.name}`;
      if (entry.isDirectory()) return inDocs(name);
      return entry.name.endsWith(".md") ? [name] : [];
    });
  return ["README.md", ...inDocs("docs")];
}

describe("paths named in the documentation", () => {
  test("every one exists", () => {
    const roots = readRoots();
    const missing = documents().flatMap((file) =>
      missingPathsIn(file, readFileSync(path.join(ROOT, file), "utf8"), roots),
    );
    expect(missing, `Missing paths:\n${missing.join("\n")}\n`).toEqual([]);
  });

  test("the README and the docs name the paths they are read for", () => {
    const roots = readRoots();
    const named = documents().flatMap((file) =>
      pathsNamedIn(file, readFileSync(path.join(ROOT, file), "utf8"), roots).map(
        ({ target }) => target,
      ),
    );
    // A reader that found nothing would pass the test above without checking anything.
    expect(named.length).toBeGreaterThan(100);
    expect(named).toContain("app/server/pipeline/pipeline.ts");
    expect(named).toContain("docs/decisions/006-page-cache.md");
  });
});

describe("what the check counts as a path", () => {
  const sample = [
    "# Sample", // 1
    "", // 2
    "`app/server/pipeline/pipeline.ts` and `app/server/no-such-module.ts`.", // 3
    "Run `npx node tests/perf/not-a-script.ts`, then `node build/server/index.js`.", // 4
    "[the page cache](decisions/006-page-cache.md), [gone](no-such-document.md)", // 5
    "[a section](../README.md#no-such-heading) and [a site](https://example.com/app/x.ts)", // 6
    "Site paths `/staff/menu` and `/img/*`, a schema `app.undoing`, a file `methods.ts`.", // 7
    "Patterns: `app/**/*.test.ts`, `app/<domain>/<domain>-rules.ts`, `app/*/nothing-*.ts`.", // 8
    "Generated: `app/routes/+types/menu.ts`, `app/nowhere/+types/x.ts`, `.data/pglite/`.", // 9
    "A folder `app/routes/`, and a file named as one, `app/root.tsx/`.", // 10
    "```sh", // 11
    "cat app/in-a-fence.ts", // 12
    "```", // 13
    "Code over two lines: `npx node", // 14
    "tests/perf/gone.ts`, and a link [to build](../build/server/index.js).", // 15
  ].join("\n");

  test("it names each path that does not hold, with its document and line", () => {
    expect(missingPathsIn("docs/sample.md", sample)).toEqual([
      "docs/sample.md:3: app/server/no-such-module.ts (does not exist)",
      "docs/sample.md:4: tests/perf/not-a-script.ts (does not exist)",
      "docs/sample.md:5: docs/no-such-document.md (does not exist)",
      "docs/sample.md:6: README.md#no-such-heading (has no heading #no-such-heading)",
      "docs/sample.md:8: app/*/nothing-*.ts (matches nothing)",
      "docs/sample.md:9: app/nowhere/+types/x.ts (does not exist)",
      "docs/sample.md:10: app/root.tsx/ (is not a folder)",
      "docs/sample.md:14: tests/perf/gone.ts (does not exist)",
    ]);
  });
});
