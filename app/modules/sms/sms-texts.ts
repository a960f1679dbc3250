import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/min";
import { greetingName } from "#app/lib/greeting-name";
import { siteConfig } from "#app/lib/site-config";

/** The staff SMS form's words (spec members-and-staff.md sections 5, 8, 9) and the server's own. */
export const smsMessages = {
  phoneRequired: "Phone number is required",
  phoneInvalid: "Please enter a valid phone number, e.g. +1 619 555 0100.",
  messageRequired: "Message is required",
  messageTooLong: "Messages can be at most 1600 characters.",
  failed: "Failed to send SMS",
  noConsent:
    "This number has not agreed to texts. Only people who gave SMS consent (the SMS box of the community or reservation form, an invitation, or their profile) can be texted, or answered within a day of their own text.",
  sentAsReply: "Sent as a reply: this number has not agreed to texts, but wrote to us in the last day.",
  sent: (sid: string) => `SMS sent successfully! Message SID: ${sid}`,
  monthlyLimit: "This number has already received 4 texts this month.",
  optedOut: "This number has opted out of texts (it replied STOP). It can opt back in by replying START.",
  notConfigured: "SMS is not configured on this server; the text went to the dev mailbox.",
  audienceRequired: "Choose who the text goes to.",
  eventRequired: "Choose the event whose guests get the text.",
  nobodyToText: "Nobody in this group can be texted (no SMS consent and phone, or all opted out or at 4 texts this month); nothing was sent.",
  skippedOptedOut: "Opted out (replied STOP)",
  skippedMonthlyLimit: "Already received 4 texts this month",
  skippedNoConsent: "No SMS consent",
  skippedCountryNotAllowed: (allowed: readonly string[]) => `Number outside ${allowed.join(", ")} (SMS_ALLOWED_COUNTRIES)`,
  groupQueued: (count: number, skipped: number) =>
    `Texting ${count} number${count === 1 ? "" : "s"}${skipped ? ` (${skipped} skipped)` : ""}.`,
  groupScheduled: (count: number, skipped: number, at: string) =>
    `Scheduled for ${at}: ${count} number${count === 1 ? "" : "s"}${skipped ? ` (${skipped} skipped)` : ""}. You can cancel it until then.`,
  countryNotAllowed: (allowed: readonly string[]) =>
    `Texts can be sent only to numbers in ${allowed.join(", ")} (SMS_ALLOWED_COUNTRIES). Please check the number's country code.`,
  dailyLimit: (limit: number, hours: number) =>
    `You have sent ${limit} single texts in the last day, the most allowed. Please try again in ${hours} ${hours === 1 ? "hour" : "hours"}.`,
  quietHours: "It is outside 10am–8pm at the venue: people may be asleep or busy. Texts are best sent between 10am and 8pm.",
  /** A person's own SMS box (the invitation, the profile) ticked with a number we cannot text. */
  phoneForTexts: "Please enter the phone number to text, or untick the text messages box.",
  phoneNotTextable: "Please enter a phone number we can text (e.g. +1 619 555 0100), or untick the text messages box.",
  phoneOutsideCountries: (allowed: readonly string[]) =>
    `Our texts go only to numbers in: ${allowed.map(countryName).join(", ")}. Please enter such a number, or untick the text messages box.`,
} as const;

/** 'United States' for US (the code itself where the runtime knows no name). */
function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

export const SMS_MAX_CHARACTERS = 1600;
export const SMS_MONTHLY_LIMIT = 4;
export const SMS_OPT_OUT_FOOTER = "Reply STOP to opt out";

/**
 * A phone number in E.164 form (+16195550100), or null when it is not a valid number. Numbers
 * without a country code are read as numbers of the venue's country.
 */
export function toE164(input: string, defaultRegion: CountryCode = siteConfig.venue.country): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), defaultRegion);
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * The text a person receives: `{name}` becomes their first name (or 'friend', the spec's default,
 * also for a first word that reads as a link: `greetingName`), and every text ends with how to opt
 * out, unless the message already says it.
 */
export function personaliseSms(message: string, name: string | null | undefined): string {
  const firstName = greetingName(name);
  // A function, not a replacement string: `$'` and the like in a name must stay as typed.
  const text = message.replaceAll("{name}", () => firstName).trim();
  return /reply stop/i.test(text) ? text : `${text}\n${SMS_OPT_OUT_FOOTER}`;
}

export type InboundKeyword = "stop" | "start" | "help";

const stopWords = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "REVOKE", "OPTOUT"]);
const startWords = new Set(["START", "YES", "UNSTOP"]);
const helpWords = new Set(["HELP", "INFO"]);

/**
 * What an incoming text asks, by Twilio's keywords: one word, any case, surrounding spaces and
 * punctuation ignored. Twilio's own `OptOutType` (STOP, START, HELP) wins when present.
 */
export function inboundKeyword(body: string, optOutType?: string | null): InboundKeyword | null {
  const type = optOutType?.trim().toUpperCase();
  if (type === "STOP") return "stop";
  if (type === "START") return "start";
  if (type === "HELP") return "help";
  const word = body.trim().replace(/[.!?]+$/, "").toUpperCase();
  if (stopWords.has(word)) return "stop";
  if (startWords.has(word)) return "start";
  if (helpWords.has(word)) return "help";
  return null;
}

/** The calendar month a text counts towards, in the venue's time zone: '2026-11'. */
export function smsMonthOf(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit" }).formatToParts(at);
  const part = (type: string) => parts.find((entry) => entry.type === type)!.value;
  return `${part("year")}-${part("month")}`;
}

/** The country of a number in E.164 form (ISO 3166 code), or undefined when no country owns it. */
export function countryOf(e164: string): CountryCode | undefined {
  return parsePhoneNumberFromString(e164)?.country;
}

/** Whether a number (E.164) belongs to one of the countries texts may go to (SMS_ALLOWED_COUNTRIES). */
export function isCountryAllowed(e164: string, allowedCountries: readonly string[]): boolean {
  const country = countryOf(e164);
  return country !== undefined && allowedCountries.includes(country);
}

/**
 * Why a person cannot agree to texts at `phone` (a number of their own, on the invitation or the
 * profile): none given, not a number, or of a country texts may not go to (SMS_ALLOWED_COUNTRIES).
 * Undefined when texts may be agreed to at that number. A STOP the number sent still holds after
 * it: only START undoes it (`textEligibility` keeps refusing until then).
 */
export function phoneForTextsProblem(phone: string | null | undefined, allowedCountries: readonly string[]): string | undefined {
  if (!phone?.trim()) return smsMessages.phoneForTexts;
  const number = toE164(phone);
  if (!number) return smsMessages.phoneNotTextable;
  return isCountryAllowed(number, allowedCountries) ? undefined : smsMessages.phoneOutsideCountries(allowedCountries);
}

/** Why a number may not be texted (`textEligibility`); a group's audience is chosen by consent, so only single texts meet 'no-consent'. */
export type TextRefusal = NumberRefusal | "no-consent";
/** The refusals that depend on the number alone: its country, its STOP, its month's count. */
export type NumberRefusal = "country-not-allowed" | "opted-out" | "monthly-limit";

/**
 * A refusal in words: `message` for the staff form that asked (a sentence, under the phone field),
 * `label` for a group text's review and its skipped recipients.
 */
export function textRefusalWords(reason: TextRefusal, allowedCountries: readonly string[]): { message: string; label: string } {
  switch (reason) {
    case "country-not-allowed":
      return { message: smsMessages.countryNotAllowed(allowedCountries), label: smsMessages.skippedCountryNotAllowed(allowedCountries) };
    case "opted-out":
      return { message: smsMessages.optedOut, label: smsMessages.skippedOptedOut };
    case "monthly-limit":
      return { message: smsMessages.monthlyLimit, label: smsMessages.skippedMonthlyLimit };
    case "no-consent":
      return { message: smsMessages.noConsent, label: smsMessages.skippedNoConsent };
  }
}
