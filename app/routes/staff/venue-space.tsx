import { staffPageHeaders } from "~/staff/accounts/session.server";
import { editorRoute, editorView } from "~/staff/editor/editor-page";
import { editorAction, editorLoader } from "~/staff/editor/editor-route.server";
import { spaceEditor } from "~/venue/editor/venue-editor";
import { spaceStore } from "~/venue/editor/venue-editor.server";

export const loader = editorLoader(spaceEditor, spaceStore);
export const action = editorAction(spaceEditor, spaceStore);
export const headers = staffPageHeaders;
export const { meta, handle } = editorRoute(spaceEditor);
export default editorView(spaceEditor);
