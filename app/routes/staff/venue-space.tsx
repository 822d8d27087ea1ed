import type { Route } from "./+types/venue-space";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { EditorPage, editorHandle, editorMeta } from "~/staff/editor/editor-page";
import { editorAction, editorLoader } from "~/staff/editor/editor-route.server";
import { spaceEditor } from "~/venue/editor/venue-editor";
import { spaceStore } from "~/venue/editor/venue-editor.server";

export const loader = editorLoader(spaceEditor, spaceStore);
export const action = editorAction(spaceEditor, spaceStore);
export const meta: Route.MetaFunction = editorMeta(spaceEditor);
export const headers = staffPageHeaders;
export const handle = editorHandle(spaceEditor);

export default function StaffSpacePage({ loaderData, actionData }: Route.ComponentProps) {
  return <EditorPage editor={spaceEditor} loaderData={loaderData} actionData={actionData} />;
}
