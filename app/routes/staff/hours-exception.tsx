import { exceptionEditor } from "~/hours/editor/hours-editor";
import { exceptionStore } from "~/hours/editor/hours-editor.server";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { editorRoute, editorView } from "~/staff/editor/editor-page";
import { editorAction, editorLoader } from "~/staff/editor/editor-route.server";

export const loader = editorLoader(exceptionEditor, exceptionStore);
export const action = editorAction(exceptionEditor, exceptionStore);
export const headers = staffPageHeaders;
export const { meta, handle } = editorRoute(exceptionEditor);
export default editorView(exceptionEditor);
