// `npm run dev`: Vite's development server in middleware mode, and the site's
// own server and request pipeline around it (see development.ts, which Vite
// loads so that it can import the app's modules as they are edited). Hot
// reloading shares the site's port. Node runs this file directly: erasable
// TypeScript only.
import { createServer as createHttpServer } from "node:http";
import { createServer } from "vite";
import type { startDevelopment } from "./development.ts";

const server = createHttpServer();
const vite = await createServer({
  // No CORS answers of its own: OPTIONS and every other method get the site's.
  server: { middlewareMode: true, hmr: { server }, cors: false },
  appType: "custom",
});
const development = (await vite.ssrLoadModule("/app/server/development.ts")) as {
  startDevelopment: typeof startDevelopment;
};
await development.startDevelopment(vite, server);
