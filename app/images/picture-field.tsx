import { useEffect, useRef, useState, type ReactNode } from "react";
import { CheckboxField, FileField, LineAreaField } from "~/platform/forms/form-fields";
import { IMAGE_DENSITIES, PREVIEW_WIDTH, imageUrl, type ImageSource } from "./images";
import {
  ALT_TEXT_REQUIRED,
  MAX_UPLOAD_BYTES,
  PICTURE_ACCEPT,
  checkChosenPicture,
  megabytes,
} from "./uploads";

/** The message for a picture without alt text, for the editors' schemas. */
export { ALT_TEXT_REQUIRED };

/** The names of a picture's four fields in the editor's form. */
export type PictureFieldNames = {
  /** The file input; `readPictureFields` reads it with `kept` and `remove`. */
  file: string;
  /** The hidden input carrying the current picture's path (or one a refused post uploaded). */
  kept: string;
  /** The "Remove picture" checkbox, shown when there is a picture. */
  remove: string;
  /** The alt text input. */
  alt: string;
};

/** The preview is drawn for the sharpest screens. */
const PREVIEW_PIXELS = PREVIEW_WIDTH * Math.max(...IMAGE_DENSITIES);

/** How to describe a picture, said beside every picture staff choose. */
export const DESCRIBE_PICTURE_HINT =
  "Say what is in it, as you would to someone who cannot see it: what, who and where, in one sentence, such as “A basket of sauced wings with carrot and celery sticks.” Leave out “Picture of”. The description goes with the picture wherever the site shows it.";

/** The small preview of the current picture, through the image route. */
function Preview({ path, source }: { path: string; source?: ImageSource | null }) {
  const src = source
    ? imageUrl(source, { width: PREVIEW_PIXELS, format: "webp" })
    : `/img/${path}?w=${PREVIEW_PIXELS}&fm=webp`;
  return (
    <img
      src={src}
      alt=""
      width={source ? PREVIEW_WIDTH : undefined}
      height={source ? Math.round((PREVIEW_WIDTH * source.height) / source.width) : undefined}
      className={PREVIEW_CLASS}
    />
  );
}

const PREVIEW_CLASS =
  "mt-2 h-auto max-h-48 w-60 max-w-full border-2 border-foreground/20 bg-muted object-contain";

/**
 * An editor's picture: the current one (a small preview), a file input for a
 * new one (JPEG, PNG, WebP or AVIF, at most 10 MB), a "Remove picture" box
 * when there is one, the hidden field that keeps the current path across a
 * refused post, and the alt text. With scripts a file that is too large or
 * not a picture is named at once (the server checks it again). Errors are
 * tied to their controls by aria-describedby, as the other fields' are.
 */
export function PictureField({
  formId,
  names,
  label = "Picture",
  path,
  source,
  alt,
  errors = {},
  altHint,
  altLimit,
}: {
  formId: string;
  names: PictureFieldNames;
  label?: ReactNode;
  /** The picture shown now (stored, or uploaded by a refused post), or null. */
  path: string | null;
  /** Its description, for a versioned preview; the path alone is enough. */
  source?: ImageSource | null;
  /** The alt text as stored or as typed. */
  alt: string;
  errors?: { file?: string; alt?: string };
  altHint?: ReactNode;
  /** The most characters the description may have, as the editor's rules say. */
  altLimit: number;
}) {
  // The file just chosen, drawn by the browser itself from a URL of its own until it is saved.
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  const chosenUrl = useRef<string | null>(null);
  function choose(file: File | null) {
    if (chosenUrl.current) URL.revokeObjectURL(chosenUrl.current);
    chosenUrl.current = file ? URL.createObjectURL(file) : null;
    setChosen(file && chosenUrl.current ? { file, url: chosenUrl.current } : null);
  }
  useEffect(
    () => () => {
      if (chosenUrl.current) URL.revokeObjectURL(chosenUrl.current);
    },
    [],
  );
  const [removing, setRemoving] = useState(false);
  const hint = `JPEG, PNG, WebP or AVIF, at most ${megabytes(MAX_UPLOAD_BYTES)}.${path ? " Choose a file to replace the picture." : ""}`;

  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-semibold">{label}</legend>
      <input type="hidden" name={names.kept} value={path ?? ""} />
      <FileField
        formId={formId}
        name={names.file}
        label={path ? "New picture" : "Choose a picture"}
        hint={hint}
        error={errors.file}
        optional
        accept={PICTURE_ACCEPT}
        check={checkChosenPicture}
        onChosen={choose}
      />
      {path ? (
        <CheckboxField
          formId={formId}
          name={names.remove}
          label="Remove picture"
          hint="The page shows no picture until a new one is chosen."
          optional
          checked={removing}
          onChange={(event) => setRemoving(event.currentTarget.checked)}
        />
      ) : null}
      {/* The picture beside its description, so the words can be checked against it. */}
      <div className="grid gap-4 sm:grid-cols-[15rem_1fr] sm:items-start">
        {chosen || path ? (
          <div>
            <p className="text-muted-foreground">
              {chosen ? "The picture chosen" : "Current picture"}
            </p>
            {chosen ? (
              <img src={chosen.url} alt="" className={PREVIEW_CLASS} />
            ) : (
              <Preview path={path!} source={source} />
            )}
          </div>
        ) : null}
        <LineAreaField
          formId={formId}
          name={names.alt}
          label="Describe the picture"
          hint={altHint ?? DESCRIBE_PICTURE_HINT}
          error={errors.alt}
          optional={!((path && !removing) || chosen)}
          defaultValue={alt}
          limit={altLimit}
          className="sm:col-start-2"
        />
      </div>
    </fieldset>
  );
}
