/** Fixed at build time by vite.config.ts; the same in the server and client bundles. */
declare const __BUILD_ID__: string;
declare const __BUILT_AT__: string;
