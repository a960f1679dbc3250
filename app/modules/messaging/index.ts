// The module's front door for code that may also run in the browser: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
export { attachmentsFromMeta } from "./email-attachments";
export { accountLinkContent, AccountLinkEmail, type AccountLinkPurpose } from "./templates/account-link";
export { CampaignMessageEmail } from "./templates/campaign-message";
export { GuestNoticeEmail, type GuestNoticeProps } from "./templates/guest-notice";
export { InvitationEmail, invitationEmailContent } from "./templates/invitation";
export { NewsletterWelcomeEmail } from "./templates/newsletter-welcome";
export { ReservationConfirmationEmail, reservationConfirmationSubject } from "./templates/reservation-confirmation";
export { WaitlistConfirmationEmail } from "./templates/waitlist-confirmation";
