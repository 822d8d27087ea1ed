// The React Router build, provided by its Vite plugin; main.ts casts it to ServerBuild.
declare module "virtual:react-router/server-build";
