import { eventChoices } from "~/events/editor/event-editor.server";
import { specialEditor } from "~/specials/editor/specials-editor";
import { specialStore } from "~/specials/editor/specials-editor.server";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { editorRoute, editorView } from "~/staff/editor/editor-page";
import { editorAction, editorLoader } from "~/staff/editor/editor-route.server";

export const loader = editorLoader(specialEditor, specialStore(eventChoices));
export const action = editorAction(specialEditor, specialStore(eventChoices));
export const headers = staffPageHeaders;
export const { meta, handle } = editorRoute(specialEditor);
export default editorView(specialEditor);
