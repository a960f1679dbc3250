import { useEffect, useRef, useState } from "react";
import { EventImageUploadField } from "./event-image-upload-field";
import { chosenImage, EVENT_IMAGES, IMAGE_HINT, imageNotFoundText } from "#app/modules/events";

/**
 * The event form's image field: the site's event images as radio buttons with thumbnails, and a
 * free path field that any choice fills. The preview says 'Image not found: …' when the path
 * does not load. The fields are the form's own (uncontrolled): a pick or a path made before
 * hydration stays, and the server reads the pick without JavaScript (`chosenImage`, with
 * `imageShown` telling it whether the path was typed).
 */
export function EventImagePicker(props: { defaultValue: string; error?: string; uploadError?: string }) {
  const [path, setPath] = useState(props.defaultValue);
  const [failedPath, setFailedPath] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const choices = useRef<HTMLDivElement>(null);
  // Fixed ids: the form's error summary links to the path field (one picker per page).
  const id = "event-image";
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const trimmed = path.trim();

  /** Shows `next` in the free field and the preview, with the matching site image's button on. */
  function show(next: string, from: "field" | "choice") {
    if (field.current && from === "choice") field.current.value = next;
    for (const radio of choices.current?.querySelectorAll<HTMLInputElement>("input[type=radio]") ?? []) radio.checked = radio.value === next.trim();
    setPath(next);
    setFailedPath(null);
  }

  useEffect(() => {
    // As the page hydrates: what the person picked or typed by then.
    const picked = choices.current?.querySelector<HTMLInputElement>("input:checked")?.value;
    const chosen = chosenImage({ image: field.current?.value, imageChoice: picked, imageShown: props.defaultValue });
    if (chosen !== props.defaultValue.trim()) show(chosen, "choice");
    // Once: the defaultValue is what the page was served with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <fieldset className="sm:col-span-2">
      <legend className="text-sm font-semibold text-sand">Image *</legend>
      <input type="hidden" name="imageShown" value={props.defaultValue} />
      <div ref={choices} role="radiogroup" aria-label="Site event images" className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-5">
        {EVENT_IMAGES.map((image) => (
          <label
            key={image.path}
            className="flex cursor-pointer flex-col items-center gap-1 rounded-xl border border-sand/20 p-2 text-xs text-sand has-checked:border-amber has-checked:bg-amber/10 has-focus-visible:outline-2 has-focus-visible:outline-amber"
          >
            <input
              type="radio"
              name="imageChoice"
              value={image.path}
              defaultChecked={props.defaultValue.trim() === image.path}
              onChange={() => show(image.path, "choice")}
              className="sr-only"
            />
            <img src={image.path} alt="" width={96} height={72} loading="lazy" className="h-[72px] w-24 rounded-md object-cover" />
            {image.label}
          </label>
        ))}
      </div>
      <label htmlFor={id} className="mt-3 block text-sm text-sand">
        Image path or https address
      </label>
      <input
        ref={field}
        id={id}
        name="image"
        defaultValue={props.defaultValue}
        onChange={(event) => show(event.target.value, "field")}
        aria-describedby={props.error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={props.error ? true : undefined}
        className="input-field mt-1.5"
      />
      <p id={hintId} className="mt-1 text-xs text-mist">
        {IMAGE_HINT}
      </p>
      {props.error ? (
        <p id={errorId} className="mt-1 text-sm text-danger">
          {props.error}
        </p>
      ) : null}
      <EventImageUploadField error={props.uploadError} />
      <div className="mt-3" aria-live="polite">
        {trimmed && failedPath === trimmed ? (
          <p className="text-sm text-danger">{imageNotFoundText(trimmed)}</p>
        ) : trimmed ? (
          <img
            key={trimmed}
            src={trimmed}
            alt="Preview of the chosen image"
            width={200}
            height={150}
            className="h-[150px] w-[200px] rounded-xl object-cover"
            onError={() => setFailedPath(trimmed)}
          />
        ) : null}
      </div>
    </fieldset>
  );
}
