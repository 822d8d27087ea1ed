/// <reference types="vitest/config" />
import { randomBytes } from "node:crypto";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { postgresJsFix } from "./app/platform/database/postgres-js-fix.ts";

// One id per build, shared by the server and client bundles, so the browser can
// tell when the server it talks to runs a newer build than the page it shows.
const builtAt = new Date();
const buildId =
  process.env.BUILD_ID?.trim() ||
  `${builtAt.toISOString().replace(/\D/g, "").slice(0, 14)}-${randomBytes(3).toString("hex")}`;

const isVitest = Boolean(process.env.VITEST);

/**
 * The forms' components, fields and checks, kept with the pages that have
 * forms (the enquiry pages, the menu's editors, the staff area).
 */
const FORM_COMPONENT =
  /[\\/]app[\\/](enquiries[\\/][^\\/]+\.tsx?|platform[\\/]forms[\\/](form-fields|character-count|typed-input|form-check)\.tsx?)$/;

/**
 * The staff area's own modules (its pages, each domain's editor and its
 * fields, the words each domain gives the recent changes, the editor kit's
 * parts), kept out of the chunk every visitor loads.
 */
const STAFF_ONLY =
  /[\\/]app[\\/](staff[\\/]|routes[\\/]staff[\\/]|[a-z]+[\\/]editor[\\/]|[a-z]+[\\/][a-z-]+-changes\.ts$|platform[\\/]change-words\.ts$|platform[\\/]forms[\\/](checked-form|editor-form|editor-spec|field-specs|row-choice-options)\.tsx?$|platform[\\/]ui[\\/](editor-parts|refused-notice|confirmation|confirm-dialog|newer-older|state-badge|list-search)\.tsx$|images[\\/](picture-field\.tsx|uploads\.ts)$)/;

/** What every visitor's first page loads: the entry, the frame, its layouts and the home page. */
const FIRST_PAGE_ROUTES =
  /[\\/]app[\\/](entry\.client|root|routes[\\/](site-layout|site-page|home))\.tsx$/;

/** What any visitor's page loads: the entry, the frame and every public route (not the staff area's). */
const VISITOR_ROUTES = /[\\/]app[\\/](entry\.client|root|routes[\\/][^\\/]+)\.tsx?$/;

/**
 * The modules the first page loads, and those any visitor's page loads,
 * found in the client build's module graph once every module is known: the
 * routes above and what they import, statically. Only these go in the chunks
 * visitors load up front; what only other pages, or only the staff area,
 * use stays with them.
 */
const firstPageModules = new Set<string>();
const visitorModules = new Set<string>();

function findVisitorModules(): Plugin {
  return {
    name: "find-visitor-modules",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      const ids = [...this.getModuleIds()];
      for (const [found, roots] of [
        [firstPageModules, FIRST_PAGE_ROUTES],
        [visitorModules, VISITOR_ROUTES],
      ] as const) {
        found.clear();
        const next = ids.filter((id) => roots.test(id.split("?")[0]!));
        for (let id = next.pop(); id !== undefined; id = next.pop()) {
          if (found.has(id)) continue;
          found.add(id);
          next.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      }
    },
  };
}

const DIETARY_ICON = /[\\/]app[\\/]menu[\\/]icons[\\/][a-z-]+\.svg$/;

export default defineConfig({
  plugins: [postgresJsFix(), tailwindcss(), !isVitest && reactRouter(), findVisitorModules()],
  resolve: { tsconfigPaths: true },
  ssr: {
    // Bundled into the server: lucide-react so it keeps only the icons the
    // site draws (as a package it loads all of them, a fifth of the time
    // loading the server takes); postgres so it carries its fix
    // (app/platform/database/postgres-js-fix.ts).
    noExternal: ["lucide-react", "postgres"],
  },
  define: {
    __BUILD_ID__: JSON.stringify(buildId),
    __BUILT_AT__: JSON.stringify(builtAt.toISOString()),
  },
  build: {
    // The dietary icons are masks the stylesheet names: as files they are
    // fetched only by pages that show them, instead of riding in every page's CSS.
    assetsInlineLimit: (file) => (DIETARY_ICON.test(file) ? false : undefined),
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              // A first visit fetches a handful of scripts instead of two dozen
              // small ones: every module the pages load up front goes into one
              // framework chunk, one shared app chunk of what the first page
              // needs, and for the other pages one chunk of what they share.
              // Code loaded on demand (the toaster, tooltips, the navigation
              // sheet, the form rules) keeps its own chunks.
              groups: [
                {
                  name: "framework",
                  // The packages the first page loads; a package only the
                  // staff pages use (an icon, a dialog) stays with them.
                  test: (id) => /[\\/]node_modules[\\/]/.test(id) && firstPageModules.has(id),
                  tags: ["$initial"],
                  priority: 2,
                },
                {
                  name: "shared",
                  // What the first page loads, but for the forms' components,
                  // which stay with the pages that have forms.
                  test: (id) =>
                    firstPageModules.has(id) &&
                    /[\\/]app[\\/]/.test(id) &&
                    !FORM_COMPONENT.test(id),
                  tags: ["$initial"],
                  minShareCount: 2,
                  priority: 1,
                },
                {
                  name: "other-pages",
                  // What the other visitors' pages share: one chunk more for
                  // them, none for the first page, nothing only the staff
                  // area uses. The forms' components and the staff area's
                  // parts that visitors' forms use keep their own chunks.
                  test: (id) =>
                    visitorModules.has(id) &&
                    /[\\/]app[\\/]/.test(id) &&
                    !FORM_COMPONENT.test(id) &&
                    !STAFF_ONLY.test(id),
                  tags: ["$initial"],
                  minShareCount: 2,
                  priority: 0,
                },
              ],
            },
          },
        },
      },
    },
    ssr: {
      build: {
        // The production server (static files, security headers, graceful
        // shutdown) wraps the React Router build in the same bundle.
        rollupOptions: { input: "./app/server/main.ts" },
      },
    },
  },
  test: {
    projects: [
      { extends: true, test: { name: "app", include: ["app/**/*.test.{ts,tsx}"] } },
      {
        extends: true,
        test: {
          name: "server",
          include: ["tests/**/*.test.ts"],
          // The production build, which these tests run in-process, runs as
          // `npm run serve` runs it: on React's production build, not its
          // development one, which checks every element it renders (the
          // 2,000 posts of enquiry-fuzz.test.ts took 35 s with it, 25 s without).
          env: { NODE_ENV: "production" },
        },
      },
    ],
    // A worker runs file after file instead of starting afresh for each (a
    // process per file, loading React, Supabase, sharp and Postgres again, was
    // over a quarter of the suite's CPU time). Each file still starts from the
    // worker's environment and fresh copies of the site's modules
    // (setup-fresh-modules.ts).
    isolate: false,
    // postgres.js through Vite, as the server bundles it, so it carries its fix.
    server: { deps: { inline: ["postgres"] } },
    setupFiles: [
      "./tests/support/setup-fresh-modules.ts",
      "./tests/support/setup-matchers.ts",
      "./tests/support/setup-data-directory.ts",
    ],
    globalSetup: ["./tests/support/database-templates.ts"],
    env: {
      // bcrypt's lowest cost for the passwords the tests make and sign in
      // with, as Supabase Auth's own tests do: at the production cost of 10
      // they were a quarter of the \`app\` project's time. Servers the tests
      // start inherit it; the cost itself is asserted in auth-service.server.test.ts.
      AUTH_PASSWORD_HASH_COST: "4",
    },
    // Three files at a time on two cores. Vitest's default there is one
    // worker, which leaves a core idle whenever a file waits on a server it
    // started; with two the cores were still idle a sixth of the time (the
    // suite took 334 s, against 268 s with three).
    maxWorkers: 3,
    // Loading a database copy takes a second, more on a busy two-core machine.
    hookTimeout: 60_000,
    testTimeout: 15_000,
    restoreMocks: true,
  },
});
