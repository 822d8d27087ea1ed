import { prepareTemplates } from "./test-database";

/** Vitest's global setup: the template databases every test file copies. */
export default async function setup() {
  await prepareTemplates();
}
