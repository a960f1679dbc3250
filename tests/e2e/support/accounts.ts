/**
 * Staff addresses the browser tests' server is started with (playwright.config.ts), one for each
 * test that needs the full playlist. Tests run side by side; two of them asking for sign-in links
 * to one inbox could each take the other's link, so no address is shared.
 */
export const fullPlaylistListeners = {
  playerMember: "listener-player@example.com",
  playerHint: "listener-hint@example.com",
  playerMusicPage: "listener-music-page@example.com",
  meditationPage: "listener-meditation@example.com",
} as const;

/**
 * Admins and event staff the browser tests' server knows (playwright.config.ts). Each spec file
 * signs in with its own addresses, never another file's: two tests asking for a sign-in link to
 * one inbox could each take the other's link. Inside a file, give each test its own entry.
 */
export const staffAccounts = {
  /** The staff shell's tests (navigation, access, mobile, keyboard, axe). */
  shell: ["admin-shell-1@harmonia.example", "admin-shell-2@harmonia.example", "admin-shell-3@harmonia.example", "admin-shell-4@harmonia.example"],
  /** The activity log's tests. */
  activity: ["admin-activity-1@harmonia.example", "admin-activity-2@harmonia.example"],
  /** Event management's tests. */
  events: Array.from({ length: 12 }, (_, index) => `admin-events-${index + 1}@harmonia.example`),
  /** The dashboard's tests. */
  dashboard: Array.from({ length: 12 }, (_, index) => `admin-dashboard-${index + 1}@harmonia.example`),
  /** Later staff pages (campaigns, reservations, SMS). */
  communications: Array.from({ length: 12 }, (_, index) => `admin-communications-${index + 1}@harmonia.example`),
  /** The reservations page's tests (admins; event staff use `eventStaff` from the third on). */
  reservations: Array.from({ length: 8 }, (_, index) => `admin-reservations-${index + 1}@harmonia.example`),
  /** The attendee import and the invitation tools. */
  imports: ["admin-imports-1@harmonia.example", "admin-imports-2@harmonia.example", "admin-imports-3@harmonia.example", "admin-imports-4@harmonia.example"],
  /** Event image uploads (the event form's own picture). */
  media: ["admin-media-1@harmonia.example", "admin-media-2@harmonia.example"],
  /** Staff forms used as a person does: before hydration, and without JavaScript. */
  staffForms: Array.from({ length: 12 }, (_, index) => `admin-forms-${index + 1}@harmonia.example`),
  /** The reviews before mass sends (attendee mail, campaigns, group texts). */
  sends: Array.from({ length: 8 }, (_, index) => `admin-sends-${index + 1}@harmonia.example`),
  /** The suppression list (deliverability), as a person uses it without JavaScript. */
  deliverability: ["admin-deliverability-1@harmonia.example", "admin-deliverability-2@harmonia.example"],
  /** Event staff (the reservations page only). */
  eventStaff: ["usher-1@harmonia.example", "usher-2@harmonia.example", "usher-3@harmonia.example", "usher-4@harmonia.example"],
  /** Admins that set up the check-in tests' events (check-in's own staff are `doorStaff`). */
  doorAdmins: Array.from({ length: 6 }, (_, index) => `admin-door-${index + 1}@harmonia.example`),
  /** Event staff checking guests in at the door (check-in's tests). */
  doorStaff: Array.from({ length: 8 }, (_, index) => `usher-door-${index + 1}@harmonia.example`),
  /** Admins signing in for the first time (the way in). */
  wayInAdmins: ["admin-way-in-1@harmonia.example", "admin-way-in-2@harmonia.example"],
  /** Admins walking every staff page state for the accessibility scan, one per screen width. */
  axeAdmins: ["admin-axe-1@harmonia.example", "admin-axe-2@harmonia.example"],
  /** Admins adding and editing guests by hand (decision 043), and setting up the door's events. */
  guestAdmins: ["admin-guests-1@harmonia.example", "admin-guests-2@harmonia.example", "admin-guests-3@harmonia.example", "admin-guests-4@harmonia.example", "admin-guests-5@harmonia.example", "admin-guests-6@harmonia.example"],
  /** Event staff adding a walk-in and editing a guest at the door. */
  guestDoorStaff: ["usher-guests-1@harmonia.example", "usher-guests-2@harmonia.example"],
  /** Event staff signing in for the first time (the way in). */
  wayInStaff: ["usher-way-in-1@harmonia.example", "usher-way-in-2@harmonia.example", "usher-way-in-3@harmonia.example"],
  /** The founder walking an event through its lifecycle (create, publish, duplicate, archive), at each width. */
  lifecycle: Array.from({ length: 4 }, (_, index) => `admin-lifecycle-${index + 1}@harmonia.example`),
  /** The founder's whole journey, counted in clicks (journeys.spec.ts). */
  journeyFounder: ["admin-journey-1@harmonia.example", "admin-journey-2@harmonia.example"],
  /** The door volunteer's whole journey, counted in clicks (journeys.spec.ts). */
  journeyVolunteer: ["usher-journey-1@harmonia.example"],
  /** Consent that fits each form (decision 054): the composer's words, the invitations for the no-JavaScript form, the reminders' button. */
  consent: Array.from({ length: 4 }, (_, index) => `admin-consent-${index + 1}@harmonia.example`),
  /** The forms' error summaries and focus (decision 055), at each width and without JavaScript. */
  formErrors: Array.from({ length: 9 }, (_, index) => `admin-form-errors-${index + 1}@harmonia.example`),
  /** Event staff, who may not create, publish, archive or delete events. */
  lifecycleStaff: ["usher-lifecycle-1@harmonia.example"],
  /** Admins checking the one meaning of past, the reservations page's New event and its attendee mail straight after load. */
  pastAdmins: Array.from({ length: 13 }, (_, index) => `admin-past-${index + 1}@harmonia.example`),
  /** Admins setting up the guests' contribution journeys' events and reading their door list (events/contributions.spec.ts). */
  guestContributionAdmins: Array.from({ length: 4 }, (_, index) => `admin-guest-contributions-${index + 1}@harmonia.example`),
  /** Event staff landing at the door of today's event with guests (the one meaning of past). */
  pastStaff: ["usher-past-1@harmonia.example", "usher-past-2@harmonia.example"],
  /** Admins recording and refunding guests' contributions (issue 37), and setting up the door's events. */
  contributionAdmins: [
    "admin-contributions-1@harmonia.example",
    "admin-contributions-2@harmonia.example",
    "admin-contributions-3@harmonia.example",
    "admin-contributions-4@harmonia.example",
    "admin-contributions-5@harmonia.example",
    "admin-contributions-6@harmonia.example",
    "admin-contributions-7@harmonia.example",
  ],
  /** Event staff recording cash at the door (issue 37). */
  contributionStaff: ["usher-contributions-1@harmonia.example", "usher-contributions-2@harmonia.example"],
  /** Admins setting up the offline door's events (issue 38). */
  doorPhoneAdmins: ["admin-door-phones-1@harmonia.example", "admin-door-phones-2@harmonia.example", "admin-door-phones-3@harmonia.example"],
  /** Event staff with a phone each at the offline door (issue 38). */
  doorPhones: Array.from({ length: 6 }, (_, index) => `usher-door-phone-${index + 1}@harmonia.example`),
  /** Admins setting up the events of the door without signal (decision 068). */
  offlineDoorAdmins: ["admin-offline-door-1@harmonia.example", "admin-offline-door-2@harmonia.example", "admin-offline-door-3@harmonia.example", "admin-offline-door-4@harmonia.example"],
  /** Event staff opening the door's page, then losing the signal (decision 068). */
  offlineDoorStaff: ["usher-offline-door-1@harmonia.example", "usher-offline-door-2@harmonia.example", "usher-offline-door-3@harmonia.example", "usher-offline-door-4@harmonia.example"],
  /** Admins setting up the door scanner's events (issue 38, staff/ticket-scan.spec.ts). */
  scanAdmins: ["admin-scan-1@harmonia.example", "admin-scan-2@harmonia.example"],
  /** Event staff scanning tickets at the door (issue 38). */
  scanStaff: ["usher-scan-1@harmonia.example", "usher-scan-2@harmonia.example"],
} as const;

const { eventStaff, doorStaff, wayInStaff, guestDoorStaff, lifecycleStaff, journeyVolunteer, pastStaff, contributionStaff, doorPhones, offlineDoorStaff, scanStaff, ...adminGroups } = staffAccounts;
export const e2eAdminEmails: string[] = Object.values(adminGroups).flat();
export const e2eEventStaffEmails: string[] = [...eventStaff, ...doorStaff, ...wayInStaff, ...guestDoorStaff, ...lifecycleStaff, ...journeyVolunteer, ...pastStaff, ...contributionStaff, ...doorPhones, ...offlineDoorStaff, ...scanStaff];
