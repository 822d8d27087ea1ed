import type { Route } from "./+types/menu-item";
import { eventChoices } from "~/events/editor/event-editor.server";
import { itemEditor } from "~/menu/editor/menu-editor";
import { itemStore } from "~/menu/editor/menu-editor.server";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { EditorPage, editorHandle, editorMeta } from "~/staff/editor/editor-page";
import { editorAction, editorLoader } from "~/staff/editor/editor-route.server";

export const loader = editorLoader(itemEditor, itemStore(eventChoices));
export const action = editorAction(itemEditor, itemStore(eventChoices));
export const meta: Route.MetaFunction = editorMeta(itemEditor);
export const headers = staffPageHeaders;
export const handle = editorHandle(itemEditor);

export default function MenuItemPage({ loaderData, actionData }: Route.ComponentProps) {
  return <EditorPage editor={itemEditor} loaderData={loaderData} actionData={actionData} />;
}
