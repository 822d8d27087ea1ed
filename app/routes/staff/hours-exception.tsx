import type { Route } from "./+types/hours-exception";
import { exceptionEditor } from "~/hours/editor/hours-editor";
import { exceptionStore } from "~/hours/editor/hours-editor.server";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { EditorPage, editorHandle, editorMeta } from "~/staff/editor/editor-page";
import { editorAction, editorLoader } from "~/staff/editor/editor-route.server";

export const loader = editorLoader(exceptionEditor, exceptionStore);
export const action = editorAction(exceptionEditor, exceptionStore);
export const meta: Route.MetaFunction = editorMeta(exceptionEditor);
export const headers = staffPageHeaders;
export const handle = editorHandle(exceptionEditor);

export default function HoursExceptionPage({ loaderData, actionData }: Route.ComponentProps) {
  return <EditorPage editor={exceptionEditor} loaderData={loaderData} actionData={actionData} />;
}
