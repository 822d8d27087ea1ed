import { readFileSync } from "node:fs";
import { cp } from "node:fs/promises";
import type { Config } from "@react-router/dev/config";
import { createPGliteTemplate } from "./app/platform/database/database.server";
import { precompressDirectory } from "./app/server/pipeline/precompress";

/** initdb's output depends on PGlite alone: one empty database per version is kept between builds. */
const pgliteVersion = (
  JSON.parse(readFileSync("node_modules/@electric-sql/pglite/package.json", "utf8")) as {
    version: string;
  }
).version;
const PGLITE_TEMPLATE_CACHE = `node_modules/.cache/pglite-template/${pgliteVersion}`;

export default {
  ssr: true,
  async buildEnd({ reactRouterConfig }) {
    // Brotli and gzip copies of the client files, so the server never compresses them per request.
    await precompressDirectory(`${reactRouterConfig.buildDirectory}/client`);
    // The empty embedded database a first start copies, so the server never runs initdb.
    await createPGliteTemplate(PGLITE_TEMPLATE_CACHE);
    await cp(PGLITE_TEMPLATE_CACHE, `${reactRouterConfig.buildDirectory}/server/pglite-template`, {
      recursive: true,
    });
  },
} satisfies Config;
