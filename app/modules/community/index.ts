// The module's front door for code that may also run in the browser: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
export { communitySignupSchema, validateCommunitySignup } from "./community-signup";
export { type CommunityJoinOutcome, type CommunitySignupErrors, type CommunitySignupField, communitySignupFields, communitySignupMessages, type CommunitySource, interestLabel, interestOptions, type SignInLinkResendOutcome, typedValues } from "./community-signup-fields";
export { communityStaffMessages } from "./community-staff-messages";
export { type SubscriptionActionData, subscriptionMessages, type WaitlistSource } from "./subscription-messages";
export { newsletterSubscriptionSchema, waitlistEntrySchema } from "./subscription-schemas";
