import type { Route } from "./+types/special";
import { eventChoices } from "~/events/editor/event-editor.server";
import { specialEditor } from "~/specials/editor/specials-editor";
import { specialStore } from "~/specials/editor/specials-editor.server";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { EditorPage, editorHandle, editorMeta } from "~/staff/editor/editor-page";
import { editorAction, editorLoader } from "~/staff/editor/editor-route.server";

export const loader = editorLoader(specialEditor, specialStore(eventChoices));
export const action = editorAction(specialEditor, specialStore(eventChoices));
export const meta: Route.MetaFunction = editorMeta(specialEditor);
export const headers = staffPageHeaders;
export const handle = editorHandle(specialEditor);

export default function SpecialPage({ loaderData, actionData }: Route.ComponentProps) {
  return <EditorPage editor={specialEditor} loaderData={loaderData} actionData={actionData} />;
}
