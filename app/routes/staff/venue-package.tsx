import type { Route } from "./+types/venue-package";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { EditorPage, editorHandle, editorMeta } from "~/staff/editor/editor-page";
import { editorAction, editorLoader } from "~/staff/editor/editor-route.server";
import { packageEditor } from "~/venue/editor/venue-editor";
import { packageStore } from "~/venue/editor/venue-editor.server";

export const loader = editorLoader(packageEditor, packageStore);
export const action = editorAction(packageEditor, packageStore);
export const meta: Route.MetaFunction = editorMeta(packageEditor);
export const headers = staffPageHeaders;
export const handle = editorHandle(packageEditor);

export default function StaffPackagePage({ loaderData, actionData }: Route.ComponentProps) {
  return <EditorPage editor={packageEditor} loaderData={loaderData} actionData={actionData} />;
}
