import { useEffect, useRef, useState } from "react";
import { eventImageFieldText, MAX_EVENT_IMAGE_BYTES, MIN_EVENT_IMAGE_SIZE } from "#app/modules/events";

/** The field's name, as the action reads it (withUploadedEventImage). */
const FIELD = "imageFile";
/** Its id: the form's error summary links here. */
export const EVENT_IMAGE_FILE_ID = "event-imageFile";

/**
 * The event form's own-picture field: a plain file input (the form posts multipart, so it works
 * without JavaScript, where its hint says the smallest size the server takes). The server checks
 * the file by its content. In the browser a chosen picture shows at once with its size, before
 * anything is saved; one over 10 MB is let go with the reason instead of a 10 MB post refused at
 * the end, and one too small says so and refuses the form (setCustomValidity, which the form's
 * check counts as the field's error). A chosen file stands in for the image path in the browser's
 * check (`imageFileChosen`, eventEditorSchema).
 */
export function EventImageUploadField(props: { error?: string }) {
  const id = EVENT_IMAGE_FILE_ID;
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ url: string; caption: string; unreadable?: boolean } | null>(null);
  const error = problem ?? props.error;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  // The preview's address holds the file in memory until it is let go.
  const previewUrl = preview?.url;
  useEffect(() => () => (previewUrl ? URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);

  function refuse(message: string | null) {
    input.current?.setCustomValidity(message ?? "");
    setProblem(message);
  }

  function choose(field: HTMLInputElement) {
    const file = field.files?.[0];
    if (file && file.size > MAX_EVENT_IMAGE_BYTES) {
      field.value = "";
      refuse(eventImageFieldText.tooLarge(file.name));
      setPreview(null);
      return;
    }
    refuse(null);
    setPreview(file ? { url: URL.createObjectURL(file), caption: "Chosen picture" } : null);
  }

  // A file chosen before the page hydrated had no one to show it: show it now.
  useEffect(() => {
    if (input.current?.files?.length) choose(input.current);
    // Once, as the page hydrates.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="mt-4">
      <label htmlFor={id} className="block text-sm text-sand">
        Or upload your own picture
      </label>
      <input
        ref={input}
        id={id}
        name={FIELD}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={error ? true : undefined}
        onChange={(event) => choose(event.target)}
        className="mt-1.5 block w-full text-sm text-sand file:mr-3 file:min-h-11 file:rounded-full file:border file:border-sand/30 file:bg-transparent file:px-4 file:text-sand hover:file:border-amber"
      />
      {preview ? <input type="hidden" name="imageFileChosen" value="yes" /> : null}
      <p id={hintId} className="mt-1 text-xs text-mist">
        {eventImageFieldText.hint}
      </p>
      {error ? (
        // Said at once when the file is chosen; a refusal after pressing is read out by the form's summary.
        <p id={errorId} role={problem ? "alert" : undefined} className="mt-1 text-sm text-danger">
          {error}
        </p>
      ) : null}
      {preview ? (
        <figure className="mt-3">
          <img
            key={preview.url}
            hidden={preview.unreadable}
            src={preview.url}
            alt="Preview of the picture to upload"
            className="h-[150px] w-[200px] rounded-xl object-cover"
            onLoad={(event) => {
              const { naturalWidth: width, naturalHeight: height } = event.currentTarget;
              const caption = `Chosen picture, ${eventImageFieldText.size(width, height)}`;
              setPreview((shown) => (shown?.url === preview.url ? { ...shown, caption } : shown));
              refuse(width < MIN_EVENT_IMAGE_SIZE.width || height < MIN_EVENT_IMAGE_SIZE.height ? eventImageFieldText.tooSmall(width, height) : null);
            }}
            // Not a picture the browser reads: the server, which reads every file, will say what it is.
            onError={() => setPreview((shown) => (shown?.url === preview.url ? { ...shown, caption: eventImageFieldText.unreadable, unreadable: true } : shown))}
          />
          <figcaption className="mt-1 text-xs text-mist">{preview.caption}</figcaption>
        </figure>
      ) : null}
    </div>
  );
}
