// The module's third front door: the login, sign-up and new-password forms' schemas, which those
// pages load on demand with `import("#app/modules/members/schemas")` so that they (and zod) stay out
// of the pages' first scripts. Only loaded that way, or named as a type; code that needs them
// eagerly uses index.ts (docs/decisions/060).
export { emailOnlySchema, newPasswordSchema, passwordSignInSchema, signUpSchema } from "./password-auth-schemas";
