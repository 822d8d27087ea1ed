import { pageTextEditor } from "~/pages/editor/page-text-editor";
import { pageTextStore } from "~/pages/editor/page-text-editor.server";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { editorRoute, editorView } from "~/staff/editor/editor-page";
import { editorAction, editorLoader } from "~/staff/editor/editor-route.server";

export const loader = editorLoader(pageTextEditor, pageTextStore);
export const action = editorAction(pageTextEditor, pageTextStore);
export const headers = staffPageHeaders;
export const { meta, handle } = editorRoute(pageTextEditor);
export default editorView(pageTextEditor);
