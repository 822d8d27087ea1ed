import { sectionEditor } from "~/menu/editor/menu-editor";
import { sectionStore } from "~/menu/editor/menu-editor.server";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { editorRoute, editorView } from "~/staff/editor/editor-page";
import { editorAction, editorLoader } from "~/staff/editor/editor-route.server";

export const loader = editorLoader(sectionEditor, sectionStore);
export const action = editorAction(sectionEditor, sectionStore);
export const headers = staffPageHeaders;
export const { meta, handle } = editorRoute(sectionEditor);
export default editorView(sectionEditor);
