import { describe, expect, it } from "vitest";
import { maxSeatsSchema, ticketedEventMessages, ticketedEventSchema } from "./ticketed-event-form";

describe("the ticketed event form", () => {
  it("gives 50 max seats when the field is missing or blank", () => {
    for (const maxSeats of [undefined, "", "  "]) {
      const parsed = ticketedEventSchema.parse({ name: " Circle ", date: "2031-02-03", time: "18:30", maxSeats });
      expect(parsed).toEqual({ name: "Circle", date: "2031-02-03", time: "18:30", maxSeats: 50 });
    }
  });

  it("requires a name, a real date and a time, and at least one seat", () => {
    const result = ticketedEventSchema.safeParse({ name: "", date: "2031-02-30", time: "25:00", maxSeats: "0" });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining([ticketedEventMessages.name, ticketedEventMessages.dateFormat, ticketedEventMessages.timeFormat, ticketedEventMessages.maxSeats]),
    );
    expect(maxSeatsSchema.safeParse({ maxSeats: "1" }).success).toBe(true);
    for (const maxSeats of ["0", "-1", "2.5", "", "many"]) expect(maxSeatsSchema.safeParse({ maxSeats }).success, maxSeats).toBe(false);
  });
});
