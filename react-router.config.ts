import type { Config } from "@react-router/dev/config";
import { precompressDirectory } from "./app/platform/http/precompress";

export default {
  ssr: true,
  // Brotli and gzip copies of the client files, so the server never compresses them per request.
  async buildEnd({ reactRouterConfig }) {
    await precompressDirectory(`${reactRouterConfig.buildDirectory}/client`);
  },
} satisfies Config;
