/**
 * Where a sign-in that named no page leads: /signed-in sends each person on to the page of their
 * role (landing-path.server.ts). Browser-safe, for the forms that name it.
 */
export const SIGNED_IN_PATH = "/signed-in";
