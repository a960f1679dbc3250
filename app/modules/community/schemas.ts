// The module's third front door: the sign-up form's schema, which a page loads on demand with
// `import("#app/modules/community/schemas")` so that it (and zod) stays out of the page's first
// script. Only loaded that way, or named as a type; code that needs it eagerly uses index.ts
// (docs/decisions/060).
export { communitySignupSchema, validateCommunitySignup } from "./community-signup";
