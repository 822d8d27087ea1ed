export type BuildInfo = { buildId: string; builtAt: string };

/** The build this code belongs to. */
export const buildInfo: BuildInfo = { buildId: __BUILD_ID__, builtAt: __BUILT_AT__ };

export function isBuildInfo(value: unknown): value is BuildInfo {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as BuildInfo).buildId === "string" &&
    typeof (value as BuildInfo).builtAt === "string"
  );
}

/** Whether what /build-info answered names a build other than `current`. */
export function isNewBuild(answer: unknown, current: BuildInfo = buildInfo): boolean {
  return isBuildInfo(answer) && answer.buildId !== current.buildId;
}
