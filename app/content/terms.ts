import type { LegalSection } from "./legal-section";
import { siteConfig } from "#app/lib/site-config";

const { brand, contact, legal } = siteConfig;

export const termsSections: LegalSection[] = [
  {
    id: "acceptance",
    heading: "Acceptance of these terms",
    paragraphs: [
      `These Terms of Service govern your use of the ${brand.fullName} website, our events, our newsletter and community list, and, once it opens, our guided meditation platform. In these terms, "${brand.name}", "we" and "us" mean the people who run it, and "you" means anyone who visits the site or joins us at an event.`,
      "By using the site, reserving a seat or signing up for any of our lists, you agree to these terms and to our Privacy Policy. If you do not agree, please do not use the site.",
    ],
  },
  {
    id: "eligibility",
    heading: "Who may use the site",
    paragraphs: [
      `The site is for people aged ${legal.minimumAge} or older. If you are under ${legal.minimumAge}, please do not use the site or send us any personal information.`,
      "If you are under 18, please review these terms with a parent or guardian and make sure they agree before you reserve a seat, sign up or buy anything. Guests under 18 attend events with an adult who is responsible for them.",
    ],
  },
  {
    id: "accounts",
    heading: "Accounts and sign-in links",
    paragraphs: [
      "Members sign in with a password or with a sign-in link that we e-mail to you. A sign-in link works once and only for a limited time. Anyone who opens it can enter your account, so please do not forward it.",
      "You are responsible for keeping your e-mail account and password secure and for what happens under your account. Tell us straight away if you believe someone else has used it. Please give us accurate details and keep them up to date.",
    ],
  },
  {
    id: "events",
    heading: "Events and reservations",
    paragraphs: [
      "Reserving a seat holds a place for you and your guests at a specific gathering. Seats are limited, and a reservation is only confirmed when you receive our confirmation e-mail. Some events take place in a private home; its address is shared only with confirmed guests, and we ask you to keep it to yourself.",
      "If you cannot come, please let us know as early as you can so that someone else can have your seat. We may change the time, place or program of an event, or cancel it, for reasons such as weather, illness or safety. If we do, we will tell you by e-mail as soon as we can.",
    ],
  },
  {
    id: "contributions",
    heading: "Suggested contributions and payments",
    paragraphs: [
      "Many of our gatherings ask for a suggested contribution per seat rather than a fixed ticket price. The amount is shown with each event and is paid through a secure external payment link that we send you by e-mail. Some events sell tickets through a third-party ticketing site, whose own terms then apply to the purchase.",
      `All prices, contributions and payments are in ${legal.currency}. Payments are processed by our payment providers; we never see or store your full card number.`,
    ],
  },
  {
    id: "subscriptions",
    heading: "Subscriptions and cancellation",
    paragraphs: [
      `Our guided meditation platform is not open yet. When it opens, paid plans are billed in advance, in ${legal.currency}, for each month or year, and renew automatically at the then-current price until you cancel. An introductory yearly price applies to the first year only; the page describing each plan shows the price it renews at.`,
      "Monthly plans are month-to-month, with no minimum term, and you can cancel anytime from your account or by e-mailing us. Cancellation stops the next renewal; you keep access until the end of the period you have already paid for. If you change plans, the change takes effect at your next billing cycle.",
    ],
  },
  {
    id: "refunds",
    heading: "Refunds and the 7-day guarantee",
    paragraphs: [
      "Every paid plan comes with a 7-day money-back guarantee: if you ask within seven days of your first payment for that plan, we will refund that payment in full. After that, payments for a period that has already begun are not refunded, except where the law requires it.",
      "If we cancel an event, we refund any contribution or ticket you paid to us for it. Contributions for an event you could not attend are otherwise at our discretion; please write to us and we will do our best to be fair.",
    ],
  },
  {
    id: "messages",
    heading: "E-mail and text messages",
    paragraphs: [
      "If you join our community list or subscribe, we send you e-mail about events, music and news. Every e-mail carries a link to unsubscribe, and we honor it promptly.",
      `If you give us your phone number and agree to receive text messages, we send at most ${legal.maxSmsPerMonth} text messages (SMS) a month, about events and sign-in. Reply STOP to any message to opt out. Message and data rates from your carrier may apply. Agreeing to text messages is never a condition of reserving a seat or buying anything.`,
    ],
  },
  {
    id: "intellectual-property",
    heading: "Intellectual property and music",
    paragraphs: [
      `The music on this site and at our events, including unreleased recordings shared with members, is original work by ${siteConfig.founder.name} and ${brand.name} and is protected by copyright. So are the site's texts, images, illustrations and design.`,
      "You may listen for your own personal, non-commercial enjoyment. You may not copy, download (except where we offer a download), record, redistribute, publish or use our music or content in another work, including to train software, without our written permission. Please do not record audio or video at our events without asking first.",
    ],
  },
  {
    id: "conduct",
    heading: "Conduct at events",
    paragraphs: [
      "Our gatherings are quiet and shared. We ask every guest to arrive on time, keep phones silent, respect the stillness of others and treat our hosts' homes, the venues and the other guests with care.",
      "We may refuse entry to, or ask to leave, anyone who is intoxicated, disruptive, unsafe or disrespectful, without a refund. Harassment of any kind is not tolerated.",
    ],
  },
  {
    id: "wellbeing",
    heading: "Your health and wellbeing",
    paragraphs: [
      "Meditation, breathwork and gentle yoga are not medical or psychological treatment, and nothing on the site or at our events is medical advice. Please listen to your body, rest whenever you need to and skip anything that does not feel right.",
      "If you are pregnant, have a medical condition or are unsure whether an activity suits you, please speak with a doctor first and let our guides know before the event begins. You take part at your own risk.",
    ],
  },
  {
    id: "third-parties",
    heading: "Third-party services and links",
    paragraphs: [
      "The site links to services we do not control, such as our WhatsApp group, social media pages, payment providers, ticketing sites and our donation page. Their own terms and privacy policies apply when you use them, and we are not responsible for their content or practices.",
    ],
  },
  {
    id: "disclaimers",
    heading: "Disclaimers",
    paragraphs: [
      'We work hard to keep the site accurate and available, but we provide it, our content and our events "as is" and "as available". To the fullest extent the law allows, we make no warranties of any kind, express or implied, including warranties of merchantability, fitness for a particular purpose and non-infringement.',
    ],
  },
  {
    id: "liability",
    heading: "Limitation of liability",
    paragraphs: [
      "To the fullest extent the law allows, we are not liable for any indirect, incidental, special, consequential or punitive damages, or for lost profits, data or goodwill, arising from your use of the site or our events.",
      `Our total liability for any claim relating to the site, our events or these terms is limited to the fees you paid us in the ${legal.liabilityCapMonths} months before the event giving rise to the claim. Nothing in these terms limits liability that cannot be limited by law.`,
    ],
  },
  {
    id: "governing-law",
    heading: "Governing law and disputes",
    paragraphs: [
      `These terms are governed by the laws of the State of ${legal.governingLaw}, without regard to its conflict-of-laws rules.`,
      "If a dispute arises, please write to us first; most concerns can be settled with a conversation. Any dispute we cannot resolve informally within 30 days will be settled by binding arbitration on an individual basis, not as part of a class or representative action. Either of us may instead bring an individual claim in small claims court if it qualifies.",
    ],
  },
  {
    id: "changes",
    heading: "Changes to these terms",
    paragraphs: [
      'We may update these terms from time to time. When we do, we change the "Last updated" date at the top of this page, and for significant changes we will also let members and subscribers know by e-mail. Continuing to use the site after a change means you accept the updated terms.',
    ],
  },
  {
    id: "contact",
    heading: "Contact us",
    paragraphs: [
      `Questions about these terms are welcome. Write to us at ${contact.email} or call ${contact.phone} (${contact.hours}). We reply within ${contact.responseTime}.`,
    ],
  },
];
