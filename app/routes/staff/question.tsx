import { questionEditor } from "~/about/editor/questions-editor";
import { questionStore } from "~/about/editor/questions-editor.server";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { editorRoute, editorView } from "~/staff/editor/editor-page";
import { editorAction, editorLoader } from "~/staff/editor/editor-route.server";

export const loader = editorLoader(questionEditor, questionStore);
export const action = editorAction(questionEditor, questionStore);
export const headers = staffPageHeaders;
export const { meta, handle } = editorRoute(questionEditor);
export default editorView(questionEditor);
