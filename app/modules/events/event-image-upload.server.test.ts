import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventImageUploadMessages, uploadEventImage, withUploadedEventImage } from "./event-image-upload.server";
import { MAX_EVENT_IMAGE_BYTES, responsiveEventImage, shareableEventImage } from "./uploaded-event-image";

// The upload pipeline with real pictures made by sharp and written to a real folder.
describe("event image upload", () => {
  const admin = { id: "admin-1", email: "admin@example.com", role: "admin" as const };
  const usher = { id: "usher-1", email: "usher@example.com", role: "event-staff" as const };
  let directory: string;
  let jpeg: Buffer;
  let png: Buffer;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), "event-images-"));
    const picture = (format: "jpeg" | "png", width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })[format]().toBuffer();
    jpeg = await picture("jpeg", 1600, 1000);
    png = await picture("png", 640, 480);
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it("turns a JPEG into WebP at 400, 800 and 1200 wide (4:3) and 1200x630, named by content hash", async () => {
    const outcome = await uploadEventImage(admin, { bytes: jpeg }, { directory });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.image).toMatch(/^\/media\/events\/[0-9a-f]{32}-800\.webp$/);
    const hash = /([0-9a-f]{32})/.exec(outcome.image)![1]!;
    const files = (await readdir(directory)).sort();
    expect(files).toEqual([`${hash}-1200.webp`, `${hash}-400.webp`, `${hash}-800.webp`, `${hash}-share.webp`]);
    const sizes = await Promise.all(files.map(async (file) => sharp(path.join(directory, file)).metadata()));
    expect(sizes.map(({ format, width, height }) => [format, width, height])).toEqual([
      ["webp", 1200, 900],
      ["webp", 400, 300],
      ["webp", 800, 600],
      ["webp", 1200, 630],
    ]);
    // The same bytes again: the same names (nothing new written).
    expect(await uploadEventImage(admin, { bytes: jpeg }, { directory })).toEqual(outcome);
    expect(await readdir(directory)).toHaveLength(4);
    // The pages: a srcset of the widths; link previews get the 1200x630.
    expect(responsiveEventImage(outcome.image, "100vw")).toEqual({
      src: outcome.image,
      srcSet: `/media/events/${hash}-400.webp 400w, /media/events/${hash}-800.webp 800w, /media/events/${hash}-1200.webp 1200w`,
      sizes: "100vw",
    });
    expect(shareableEventImage(outcome.image)).toBe(`/media/events/${hash}-share.webp`);
    expect(responsiveEventImage("/media/images/event-sunset.svg", "100vw")).toEqual({ src: "/media/images/event-sunset.svg" });
  });

  it("takes a PNG too", async () => {
    const outcome = await uploadEventImage(admin, { bytes: png }, { directory });
    expect(outcome).toMatchObject({ ok: true });
  });

  it("refuses a text file named .jpg, an SVG, a tiny picture, an empty file and one over 10 MB", async () => {
    const text = new TextEncoder().encode("Not a picture at all, just words in a file called photo.jpg\n");
    expect(await uploadEventImage(admin, { bytes: text }, { directory })).toEqual({ ok: false, reason: "invalid", message: eventImageUploadMessages.notAnImage });
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600"/></svg>');
    expect(await uploadEventImage(admin, { bytes: svg }, { directory })).toMatchObject({ ok: false, message: eventImageUploadMessages.notAnImage });
    const tiny = await sharp({ create: { width: 120, height: 90, channels: 3, background: "#000" } }).png().toBuffer();
    expect(await uploadEventImage(admin, { bytes: tiny }, { directory })).toMatchObject({ ok: false, message: eventImageUploadMessages.tooSmall });
    expect(await uploadEventImage(admin, { bytes: new Uint8Array() }, { directory })).toMatchObject({ ok: false, message: eventImageUploadMessages.empty });
    // A real JPEG padded past the limit: refused by size before it is read.
    const large = new Uint8Array(MAX_EVENT_IMAGE_BYTES + 1);
    large.set(jpeg);
    expect(await uploadEventImage(admin, { bytes: large }, { directory })).toMatchObject({ ok: false, message: eventImageUploadMessages.tooLarge });
  });

  it("refuses staff who may not manage events", async () => {
    expect(await uploadEventImage(usher, { bytes: jpeg }, { directory: path.join(directory, "usher") })).toMatchObject({ ok: false, reason: "forbidden" });
  });

  it("puts the upload in the form's image field, or answers the form's failure with every other value kept", async () => {
    const form = { title: "Full moon", description: "Piano", image: "/media/images/event-sunset.svg", imageChoice: "/media/images/event-sunset.svg" };
    const stored = await withUploadedEventImage(admin, { ...form, imageFile: new File([new Uint8Array(jpeg)], "moon.jpg", { type: "image/jpeg" }) }, { directory });
    expect(stored.ok && stored.form.image).toMatch(/^\/media\/events\/[0-9a-f]{32}-800\.webp$/);
    const refused = await withUploadedEventImage(admin, { ...form, imageFile: new File(["hello"], "moon.jpg", { type: "image/jpeg" }) }, { directory });
    expect(refused).toMatchObject({
      ok: false,
      reason: "invalid",
      fieldErrors: { imageFile: eventImageUploadMessages.notAnImage },
      values: { title: "Full moon", description: "Piano", image: "/media/images/event-sunset.svg" },
    });
    // No file chosen: the form as it was.
    expect(await withUploadedEventImage(admin, { ...form, imageFile: new File([], "") }, { directory })).toMatchObject({ ok: true, form: { image: form.image } });
  });
});
