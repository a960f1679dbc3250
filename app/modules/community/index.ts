// The module's front door for code that may also run in the browser: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
// The community form's schema and check.
export { communitySignupSchema, validateCommunitySignup } from "./community-signup";
// The community form's fields, interests, outcomes and texts.
export { type CommunityJoinOutcome, type CommunitySignupErrors, type CommunitySignupField, communitySignupFields, communitySignupMessages, type CommunitySource, interestLabel, interestOptions, type SignInLinkResendOutcome, typedValues } from "./community-signup-fields";
// Staff texts for the community list.
export { communityStaffMessages } from "./community-staff-messages";
// Newsletter and waitlist forms' texts and answers.
export { type SubscriptionActionData, subscriptionMessages, type WaitlistSource } from "./subscription-messages";
// Newsletter and waitlist forms' schemas.
export { newsletterSubscriptionSchema, waitlistEntrySchema } from "./subscription-schemas";
