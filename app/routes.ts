import { index, prefix, route, type RouteConfig } from "@react-router/dev/routes";

/** Staff pages whose tools arrive later; the staff guard already applies to them. */
const staffUpcoming = (path: string, id: string) => route(path, "routes/admin/staff-upcoming.tsx", { id });

export default [
  index("routes/site/home.tsx"),
  route("about", "routes/site/about.tsx"),
  route("meditations", "routes/site/meditations.tsx"),
  route("harmonize", "routes/site/harmonize.tsx"),
  route("program", "routes/site/program.tsx"),
  route("contact", "routes/site/contact.tsx"),
  route("terms", "routes/site/terms.tsx"),
  route("privacy", "routes/site/privacy.tsx"),
  route("newsletter", "routes/site/newsletter.tsx"),
  route("waitlist", "routes/site/waitlist.tsx"),

  route("events", "routes/events/events.tsx"),
  route("events/:slug", "routes/events/event-page.tsx"),
  route("events/:slug/reserve", "routes/events/reserve-event.tsx"),
  route("events/:slug/calendar.ics", "routes/events/event-calendar.ts"),
  route("reserve", "routes/events/reserve.tsx"),
  route("rsvp", "routes/events/rsvp.tsx"),
  route("vip", "routes/events/vip.tsx"),

  route("login/link", "routes/members/login-link.tsx"),
  route("logout", "routes/members/logout.ts"),
  route("login", "routes/members/login.tsx"),
  route("signup", "routes/members/signup.tsx"),
  route("reset-password", "routes/members/reset-password.tsx"),
  route("join", "routes/members/join.tsx"),
  route("friend", "routes/members/friend.tsx"),
  route("welcome", "routes/members/welcome.tsx"),
  route("profile", "routes/members/profile.tsx"),
  route("invitation", "routes/members/invitation.tsx"),
  route("meditation", "routes/members/meditation.tsx"),

  ...prefix("admin", [
    staffUpcoming("", "admin"),
    route("setup", "routes/admin/setup.tsx"),
    staffUpcoming("communications", "admin-communications"),
    staffUpcoming("eventreservations", "admin-eventreservations"),
    staffUpcoming("eventmanagement", "admin-eventmanagement"),
  ]),

  route("api/getAttendeeData", "routes/api/get-attendee-data.ts"),
  route("api/acceptInvitation", "routes/api/accept-invitation.ts"),
  route("api/sendAutoMagicLink", "routes/api/send-auto-magic-link.ts"),
  route("api/sendUserMagicLink", "routes/api/send-user-magic-link.ts"),
  route("api/sendReservationEmail", "routes/api/send-reservation-email.ts"),
  route("api/trackAudio", "routes/api/track-audio.ts"),
  route("media/audio/:file", "routes/media/audio.ts"),

  route("robots.txt", "routes/seo/robots.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),

  ...prefix("dev/mailbox", [
    index("routes/dev/mailbox.tsx"),
    route(":messageId", "routes/dev/mailbox-message.tsx"),
    route(":messageId/html", "routes/dev/mailbox-message-html.ts"),
  ]),

  route("*", "routes/site/not-found.tsx"),
] satisfies RouteConfig;
