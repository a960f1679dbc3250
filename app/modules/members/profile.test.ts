import { describe, expect, it } from "vitest";
import {
  BIO_MAX_LENGTH,
  defaultProfile,
  FULL_NAME_MAX_LENGTH,
  meditationDurations,
  meditationTimes,
  profileMessages,
  readProfileForm,
  storedDuration,
  storedTime,
  validateProfile,
} from "./profile";

const form = (overrides: Record<string, string | undefined> = {}) =>
  readProfileForm({
    fullName: "Ada Lovelace",
    bio: "Evening listener.",
    preferredMeditationDuration: "20",
    preferredMeditationTime: "evening",
    notificationPreference: "on",
    ...overrides,
  });

describe("profile choices", () => {
  it("offers the spec's durations and times of day, with 10 minutes, morning and reminders as defaults", () => {
    expect(meditationDurations).toEqual(["5", "10", "15", "20", "30", "45", "60"]);
    expect(meditationTimes).toEqual(["morning", "afternoon", "evening", "night", "variable"]);
    expect(defaultProfile("Ada")).toEqual({
      fullName: "Ada",
      bio: "",
      preferredMeditationDuration: "10",
      preferredMeditationTime: "morning",
      notificationPreference: true,
    });
  });

  it("falls back to the defaults for stored values the form no longer offers", () => {
    expect(storedDuration("45")).toBe("45");
    expect(storedDuration("90")).toBe("10");
    expect(storedDuration(null)).toBe("10");
    expect(storedTime("night")).toBe("night");
    expect(storedTime("dawn")).toBe("morning");
  });
});

describe("profile form", () => {
  it("accepts a complete form and trims the texts", () => {
    expect(validateProfile(form({ fullName: "  Ada Lovelace  " }))).toEqual({
      success: true,
      data: {
        fullName: "Ada Lovelace",
        bio: "Evening listener.",
        preferredMeditationDuration: "20",
        preferredMeditationTime: "evening",
        notificationPreference: true,
      },
    });
  });

  it("reads an unticked reminder box as no reminders, and allows empty texts", () => {
    const result = validateProfile(form({ notificationPreference: undefined, fullName: "", bio: undefined }));
    expect(result).toMatchObject({ success: true, data: { notificationPreference: false, fullName: "", bio: "" } });
  });

  it("names each wrong field with its message", () => {
    const result = validateProfile(
      form({
        fullName: "x".repeat(FULL_NAME_MAX_LENGTH + 1),
        bio: "y".repeat(BIO_MAX_LENGTH + 1),
        preferredMeditationDuration: "7",
        preferredMeditationTime: undefined,
      }),
    );
    expect(result).toEqual({
      success: false,
      fieldErrors: {
        fullName: profileMessages.fullNameTooLong,
        bio: profileMessages.bioTooLong,
        preferredMeditationDuration: profileMessages.durationInvalid,
        preferredMeditationTime: profileMessages.timeInvalid,
      },
    });
  });

  it("accepts texts exactly at their limits", () => {
    const result = validateProfile(
      form({ fullName: "x".repeat(FULL_NAME_MAX_LENGTH), bio: "y".repeat(BIO_MAX_LENGTH) }),
    );
    expect(result.success).toBe(true);
  });
});
