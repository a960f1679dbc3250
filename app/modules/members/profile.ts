import { z } from "zod/mini";
import { oneLine, severalLines } from "#app/modules/security";

/**
 * A member's profile: its choices, defaults, messages and the one schema that the /profile form
 * (in the browser) and its action (on the server) both check. Safe for the browser.
 */

/** Preferred meditation lengths in minutes (members-and-staff.md section 5), stored as text. */
export const meditationDurations = ["5", "10", "15", "20", "30", "45", "60"] as const;
export type MeditationDuration = (typeof meditationDurations)[number];

export const meditationTimes = ["morning", "afternoon", "evening", "night", "variable"] as const;
export type MeditationTime = (typeof meditationTimes)[number];

export const meditationTimeLabels: Record<MeditationTime, string> = {
  morning: "Morning",
  afternoon: "Afternoon",
  evening: "Evening",
  night: "Night",
  variable: "Variable",
};

export const FULL_NAME_MAX_LENGTH = 100;
export const BIO_MAX_LENGTH = 1000;

export const profileMessages = {
  saved: "Profile updated successfully!",
  signedOut: "You must be logged in to save your profile",
  duplicate: "There was a problem saving your profile. Please refresh and try again.",
  saveFailed: "Failed to update profile",
  loadFailedPrefix: "Failed to load profile data. ",
  loadFailedReason: "Please refresh the page in a moment.",
  emailLocked: "Email address cannot be changed",
  fullNameTooLong: `Please keep your name to ${FULL_NAME_MAX_LENGTH} characters or fewer.`,
  bioTooLong: `Please keep your bio to ${BIO_MAX_LENGTH} characters or fewer.`,
  durationInvalid: "Please choose one of the listed durations.",
  timeInvalid: "Please choose one of the listed times of day.",
  sessionsSignedOutAll: "You have been signed out of all devices.",
  sessionRevoked: "That device has been signed out.",
  sessionNotFound: "That session has already ended.",
  sessionsNeedFreshSignIn:
    "For your security, the list of devices shows only within a day of signing in. Send yourself a sign-in link below and sign in again to see it.",
  sessionsFailed: "Your active sessions could not be loaded. Please refresh the page in a moment.",
  sessionRevokeFailed: "That device could not be signed out. Please try again.",
  sendLinkFailedReason: "please try again in a moment.",
} as const;

export interface ProfileValues {
  fullName: string;
  bio: string;
  preferredMeditationDuration: MeditationDuration;
  preferredMeditationTime: MeditationTime;
  notificationPreference: boolean;
}

export type ProfileField = keyof ProfileValues;

/** What the form shows before a member has saved anything. */
export function defaultProfile(fullName = ""): ProfileValues {
  return {
    fullName,
    bio: "",
    preferredMeditationDuration: "10",
    preferredMeditationTime: "morning",
    notificationPreference: true,
  };
}

export const profileSchema = z.object({
  fullName: z.string().check(z.trim(), z.maxLength(FULL_NAME_MAX_LENGTH, profileMessages.fullNameTooLong), oneLine),
  bio: z.string().check(z.trim(), z.maxLength(BIO_MAX_LENGTH, profileMessages.bioTooLong), severalLines),
  preferredMeditationDuration: z.enum(meditationDurations, { error: profileMessages.durationInvalid }),
  preferredMeditationTime: z.enum(meditationTimes, { error: profileMessages.timeInvalid }),
  notificationPreference: z.boolean(),
});

/**
 * The form's fields as typed, from a submitted form (server) or FormData (browser). An unticked
 * checkbox is simply absent, so its absence means "no reminders".
 */
export function readProfileForm(form: Record<string, string | undefined>) {
  return {
    fullName: form.fullName ?? "",
    bio: form.bio ?? "",
    preferredMeditationDuration: form.preferredMeditationDuration ?? "",
    preferredMeditationTime: form.preferredMeditationTime ?? "",
    notificationPreference: form.notificationPreference !== undefined,
  };
}

export type ProfileFormInput = ReturnType<typeof readProfileForm>;
export type ProfileFieldErrors = Partial<Record<ProfileField, string>>;

/** The checked values, or the first message for each field that is wrong. */
export function validateProfile(
  input: ProfileFormInput,
): { success: true; data: ProfileValues } | { success: false; fieldErrors: ProfileFieldErrors } {
  const result = profileSchema.safeParse(input);
  if (result.success) return { success: true, data: result.data };
  const fieldErrors: ProfileFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ProfileField;
    fieldErrors[field] ??= issue.message;
  }
  return { success: false, fieldErrors };
}

/** A stored choice, or the default when the row holds something the form no longer offers. */
export function storedDuration(value: string | null | undefined): MeditationDuration {
  return meditationDurations.find((choice) => choice === value) ?? defaultProfile().preferredMeditationDuration;
}

export function storedTime(value: string | null | undefined): MeditationTime {
  return meditationTimes.find((choice) => choice === value) ?? defaultProfile().preferredMeditationTime;
}
