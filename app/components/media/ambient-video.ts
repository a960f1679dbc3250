/**
 * The site's ambient clip: its poster and its two encodings (scripts/media/video.ts makes all three).
 * A file of its own, so a page that only names the clip (/vip's preview) does not load the
 * background video's component with it.
 */
export const ambientVideo = {
  // WebP, which every browser that plays these videos shows (frame 0; the .jpg beside it is the same).
  poster: "/media/video/ambient-poster.webp",
  sources: [
    { src: "/media/video/ambient.webm", type: "video/webm" },
    { src: "/media/video/ambient.mp4", type: "video/mp4" },
  ],
};
