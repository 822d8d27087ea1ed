import type { Route } from "./+types/menu-section";
import { sectionEditor } from "~/menu/editor/menu-editor";
import { sectionStore } from "~/menu/editor/menu-editor.server";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { EditorPage, editorHandle, editorMeta } from "~/staff/editor/editor-page";
import { editorAction, editorLoader } from "~/staff/editor/editor-route.server";

export const loader = editorLoader(sectionEditor, sectionStore);
export const action = editorAction(sectionEditor, sectionStore);
export const meta: Route.MetaFunction = editorMeta(sectionEditor);
export const headers = staffPageHeaders;
export const handle = editorHandle(sectionEditor);

export default function MenuSectionPage({ loaderData, actionData }: Route.ComponentProps) {
  return <EditorPage editor={sectionEditor} loaderData={loaderData} actionData={actionData} />;
}
