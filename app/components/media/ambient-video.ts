/**
 * The site's ambient clip: its poster and its two encodings (scripts/media/video.ts makes all three).
 * A file of its own, so a page that only names the clip (/vip's preview) does not load the
 * background video's component with it.
 */
export const ambientVideo = {
  poster: "/media/video/ambient-poster.jpg",
  sources: [
    { src: "/media/video/ambient.webm", type: "video/webm" },
    { src: "/media/video/ambient.mp4", type: "video/mp4" },
  ],
};
