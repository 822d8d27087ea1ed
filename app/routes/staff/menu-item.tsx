import { eventChoices } from "~/events/editor/event-editor.server";
import { itemEditor } from "~/menu/editor/menu-editor";
import { itemStore } from "~/menu/editor/menu-editor.server";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { editorRoute, editorView } from "~/staff/editor/editor-page";
import { editorAction, editorLoader } from "~/staff/editor/editor-route.server";

export const loader = editorLoader(itemEditor, itemStore(eventChoices));
export const action = editorAction(itemEditor, itemStore(eventChoices));
export const headers = staffPageHeaders;
export const { meta, handle } = editorRoute(itemEditor);
export default editorView(itemEditor);
