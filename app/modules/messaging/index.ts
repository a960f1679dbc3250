// The module's front door for code that may also run in the browser: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
// Attachments kept in a row's meta.
export { attachmentsFromMeta, type EmailAttachment, withInlineImages } from "./email-attachments";
// Template: account links (sign-in, reset, confirmation).
export { accountLinkContent, AccountLinkEmail, type AccountLinkPurpose } from "./templates/account-link";
// Template: a campaign message.
export { CampaignMessageEmail } from "./templates/campaign-message";
// Template: a notice to a guest.
export { GuestNoticeEmail, type GuestNoticeProps } from "./templates/guest-notice";
// Template: an invitation.
export { InvitationEmail, invitationEmailContent } from "./templates/invitation";
// Template: the newsletter's welcome.
export { NewsletterWelcomeEmail } from "./templates/newsletter-welcome";
// Template: a reservation's confirmation.
export { ReservationConfirmationEmail, reservationConfirmationSubject } from "./templates/reservation-confirmation";
// Template: the launch waitlist's confirmation.
export { WaitlistConfirmationEmail } from "./templates/waitlist-confirmation";
