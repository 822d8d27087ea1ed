import { settingsEditor } from "~/settings/editor/settings-editor";
import { settingsStore } from "~/settings/editor/settings-editor.server";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { editorRoute, editorView } from "~/staff/editor/editor-page";
import { editorAction, editorLoader } from "~/staff/editor/editor-route.server";

export const loader = editorLoader(settingsEditor, settingsStore);
export const action = editorAction(settingsEditor, settingsStore);
export const headers = staffPageHeaders;
export const { meta, handle } = editorRoute(settingsEditor);
export default editorView(settingsEditor);
