import type { Route } from "./+types/settings";
import { settingsEditor } from "~/settings/editor/settings-editor";
import { settingsStore } from "~/settings/editor/settings-editor.server";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { EditorPage, editorHandle, editorMeta } from "~/staff/editor/editor-page";
import { editorAction, editorLoader } from "~/staff/editor/editor-route.server";

export const loader = editorLoader(settingsEditor, settingsStore);
export const action = editorAction(settingsEditor, settingsStore);
export const meta: Route.MetaFunction = editorMeta(settingsEditor);
export const headers = staffPageHeaders;
export const handle = editorHandle(settingsEditor);

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <EditorPage editor={settingsEditor} loaderData={loaderData} actionData={actionData} />;
}
