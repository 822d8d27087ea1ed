import { existsSync, readFileSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { env } from "~/platform/env.server";
import { createAppHandler, type AppHandler } from "./pipeline/pipeline";
import { serve } from "./serve";

/**
 * `npm run dev`: the production process and request pipeline (static files,
 * methods, the cross-site check, body limits, the page cache with its holes,
 * the CSP, compression, security headers, shutdown) over Vite's development
 * server in middleware mode, which answers first for its own files and hot
 * reloading. Each request gets the current build: an edit makes a new one,
 * and with it a new pipeline and an empty page cache.
 */
export function startDevelopment(vite: ViteDevServer, server: Server): Promise<void> {
  let current: { build: unknown; handler: Promise<AppHandler> } | undefined;
  async function pipelineForCurrentBuild(): Promise<AppHandler> {
    const build = await vite.ssrLoadModule("virtual:react-router/server-build");
    if (current?.build !== build) {
      current = {
        build,
        handler: createAppHandler({
          build: build as unknown as ServerBuild,
          mode: "development",
          clientDirectory: path.resolve("public"),
          clientIpHeader: env.CLIENT_IP_HEADER,
        }),
      };
    }
    return current.handler;
  }
  const handler: AppHandler = Object.assign(
    async (...args: Parameters<AppHandler>) => (await pipelineForCurrentBuild())(...args),
    { allowedMethods: async (url: URL) => (await pipelineForCurrentBuild()).allowedMethods(url) },
  );
  return serve({
    pgliteTemplate: builtPGliteTemplate(),
    pipeline: async () => handler,
    before: (req, res, next) => vite.middlewares(req, res, next),
    server,
  });
}

/** The empty embedded database a build leaves in the cache, for a first start to copy. */
function builtPGliteTemplate(): string | undefined {
  const { version } = JSON.parse(
    readFileSync("node_modules/@electric-sql/pglite/package.json", "utf8"),
  ) as { version: string };
  const template = path.resolve("node_modules/.cache/pglite-template", version);
  return existsSync(template) ? template : undefined;
}
