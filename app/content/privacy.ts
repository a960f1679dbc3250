import { siteConfig } from "#app/lib/site-config";
import type { LegalSection } from "./legal-section";

const { brand, contact, legal } = siteConfig;

export const privacySections: LegalSection[] = [
  {
    id: "about",
    heading: "About this policy",
    paragraphs: [
      `This Privacy Policy explains what personal information ${brand.fullName} ("${brand.name}", "we", "us") collects when you use our website, reserve a seat, join our community list, subscribe to our newsletter or waitlist, or take part in our events, and what we do with it.`,
      "We collect as little as we can, use it only to run our gatherings and stay in touch with you, and never sell it.",
    ],
  },
  {
    id: "information-we-collect",
    heading: "Information we collect",
    paragraphs: [
      "Depending on how you use the site, we collect some or all of the following. Most of it you give us directly in a form; the last four items are recorded automatically when you visit the site, listen to music or open our e-mails.",
    ],
    list: [
      "First and last name",
      "E-mail address",
      "Phone number, if you opt in to text messages (SMS)",
      "City and state",
      "Event attendance history: the events you reserved and attended",
      "Communication preferences: what you would like to hear about, and how",
      "IP address and device data, such as browser type and operating system",
      "Pages visited on our site",
      "Music listening activity: which tracks you play, pause or finish, and for how long",
      "Sign-in link click tracking: whether and when you open the sign-in links and invitations we e-mail you",
    ],
  },
  {
    id: "how-we-use-it",
    heading: "How we use your information",
    paragraphs: [
      "We use your information to confirm and manage your reservations, to send you the details of events you have booked, to sign you in, to send the newsletter and community updates you asked for, and to let you know when our guided meditation platform opens.",
      "We use attendance history, listening activity and pages visited to understand which evenings and pieces people enjoy, to plan future events and, for members, to give access to the music you are entitled to. We use device data and IP addresses to keep the site secure and working well.",
    ],
  },
  {
    id: "no-sale",
    heading: "We do not sell your data",
    paragraphs: [
      "We do not sell, rent or trade your personal information, and we do not share it with advertisers or data brokers. We do not use it for targeted advertising.",
    ],
  },
  {
    id: "service-providers",
    heading: "Sharing with service providers",
    paragraphs: [
      "We share personal information only with the service providers that help us run the site, and only as much as they need to do that job: e-mail delivery services that send our confirmations, sign-in links and newsletters; an SMS delivery service that sends text messages to people who opted in; our hosting provider; and payment providers when you pay a contribution or subscription.",
      "These providers may use your information only to provide their service to us. We may also disclose information if the law requires it, or to protect the safety of our guests and the public.",
    ],
  },
  {
    id: "retention",
    heading: "How long we keep it",
    paragraphs: [
      "We keep your contact details for as long as you remain on one of our lists or have an account. Reservation and attendance records are kept for as long as they help us welcome returning guests and keep accurate accounts, and no longer than the law and our bookkeeping require. Technical logs and listening activity are kept for a shorter time and then deleted or made anonymous.",
      "When you ask us to delete your information, we remove it within 30 days, except for what we must keep by law, such as payment records, and a note of your opt-out so that we do not contact you again.",
    ],
  },
  {
    id: "your-choices",
    heading: "Your rights and choices",
    paragraphs: [
      "You can unsubscribe from any e-mail with the link at its foot. You can stop text messages at any time by replying STOP to any message.",
      `You may ask us for a copy of the personal information we hold about you, ask us to correct it or ask us to delete it. Depending on where you live, the law may give you these rights; we extend them to everyone. Write to ${contact.email} and we will answer within the time the law allows, usually much sooner. We will never treat you differently for using these rights.`,
    ],
  },
  {
    id: "children",
    heading: `Children under ${legal.minimumAge}`,
    paragraphs: [
      `The site is not meant for children under ${legal.minimumAge}, and we do not knowingly collect personal information from them. If you believe a child under ${legal.minimumAge} has given us information, please write to us and we will delete it.`,
    ],
  },
  {
    id: "security",
    heading: "Security",
    paragraphs: [
      "We protect your information with encrypted connections (HTTPS), access limited to the few staff who need it, and sign-in links that work only once and expire. No system is perfectly secure, but if a breach ever affects your information, we will tell you promptly.",
    ],
  },
  {
    id: "contact",
    heading: "Changes and contact",
    paragraphs: [
      'If we change this policy, we update the "Last updated" date above, and for significant changes we will let you know by e-mail.',
      `For any question about your privacy, write to us at ${contact.email} or call ${contact.phone} (${contact.hours}). We reply within ${contact.responseTime}.`,
    ],
  },
];
