import type { Config } from "@react-router/dev/config";

// The yardstick `npm run bench` measures the site against: the smallest React
// Router app that renders a page on the server, as its templates make it.
export default {
  ssr: true,
  buildDirectory: "../../../node_modules/.cache/minimal-app-build",
} satisfies Config;
