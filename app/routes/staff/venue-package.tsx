import { staffPageHeaders } from "~/staff/accounts/session.server";
import { editorRoute, editorView } from "~/staff/editor/editor-page";
import { editorAction, editorLoader } from "~/staff/editor/editor-route.server";
import { packageEditor } from "~/venue/editor/venue-editor";
import { packageStore } from "~/venue/editor/venue-editor.server";

export const loader = editorLoader(packageEditor, packageStore);
export const action = editorAction(packageEditor, packageStore);
export const headers = staffPageHeaders;
export const { meta, handle } = editorRoute(packageEditor);
export default editorView(packageEditor);
