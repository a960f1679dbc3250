import { useId, useState } from "react";
import { MAX_EVENT_IMAGE_BYTES } from "~/modules/events";

/** The field's name, as the action reads it (withUploadedEventImage). */
const FIELD = "imageFile";

/**
 * The event form's own-picture field: a plain file input (the form posts multipart, so it works
 * without JavaScript). The server checks the file by its content; in the browser a file over the
 * limit is let go at once with the reason, instead of a 10 MB post refused at the end. A chosen
 * file stands in for the image path in the browser's check (`imageFileChosen`, eventEditorSchema).
 */
export function EventImageUploadField(props: { error?: string }) {
  const id = useId();
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const [chosen, setChosen] = useState(false);
  const error = tooLarge ?? props.error;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="mt-4">
      <label htmlFor={id} className="block text-sm text-sand">
        Or upload your own picture
      </label>
      <input
        id={id}
        name={FIELD}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file && file.size > MAX_EVENT_IMAGE_BYTES) {
            event.target.value = "";
            setTooLarge(`${file.name} is larger than 10 MB. Choose a smaller file.`);
            setChosen(false);
            return;
          }
          setTooLarge(null);
          setChosen(Boolean(file));
        }}
        className="mt-1.5 block w-full text-sm text-sand file:mr-3 file:min-h-11 file:rounded-full file:border file:border-sand/30 file:bg-transparent file:px-4 file:text-sand hover:file:border-amber"
      />
      {chosen ? <input type="hidden" name="imageFileChosen" value="yes" /> : null}
      <p id={hintId} className="mt-1 text-xs text-mist">
        JPEG, PNG or WebP, up to 10 MB, at least 400x300. It is cropped to 4:3 for the cards and replaces the image above.
      </p>
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
