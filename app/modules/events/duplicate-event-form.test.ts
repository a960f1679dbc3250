import { describe, expect, it } from "vitest";
import { duplicateEventSchema, duplicateEventValues, suggestedDuplicateDate } from "./duplicate-event-form";
import { eventFormMessages } from "./event-form";
import { venueDateTimeToInstant } from "./event-venue-time";

const timeZone = "America/Los_Angeles";

describe("the duplicate form", () => {
  it("needs a title, a real date and a time", () => {
    const result = duplicateEventSchema.safeParse({ title: " ", date: "2031-02-30", time: "25:00" });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.message)).toEqual(
      expect.arrayContaining([eventFormMessages.title, eventFormMessages.dateFormat, eventFormMessages.timeFormat]),
    );
    expect(duplicateEventSchema.parse({ title: " Circle ", date: "2031-02-03", time: "18:30" })).toEqual({ title: "Circle", date: "2031-02-03", time: "18:30" });
  });

  it("takes only the form's string fields", () => {
    expect(duplicateEventValues({ title: "A", date: "2031-01-01", time: "19:00", id: "x", extra: 3 })).toEqual({ title: "A", date: "2031-01-01", time: "19:00" });
  });

  it("suggests a week after the original at the same venue time", () => {
    const original = venueDateTimeToInstant("2031-05-03", "18:30", timeZone);
    expect(suggestedDuplicateDate(original, venueDateTimeToInstant("2031-04-01", "09:00", timeZone), timeZone)).toEqual({ date: "2031-05-10", time: "18:30" });
  });

  it("moves a past original's suggestion on by whole weeks to the next one after now, same weekday and time", () => {
    const original = venueDateTimeToInstant("2031-01-04", "19:00", timeZone);
    const now = venueDateTimeToInstant("2031-03-12", "10:00", timeZone);
    expect(suggestedDuplicateDate(original, now, timeZone)).toEqual({ date: "2031-03-15", time: "19:00" });
  });

  it("keeps the venue's time across a daylight-saving change", () => {
    const original = venueDateTimeToInstant("2031-03-08", "19:00", timeZone);
    expect(suggestedDuplicateDate(original, venueDateTimeToInstant("2031-03-01", "19:00", timeZone), timeZone)).toEqual({ date: "2031-03-15", time: "19:00" });
  });
});
