import { describe, expect, it } from "vitest";
import { newSubmissionKey, reservationMessages as m, reservationSchema, typedReservationValues } from "./reservation-form";

const valid = { name: "Ada Lovelace", email: "ada@example.com", phone: "", seats: "2" };
const errorsOf = (input: Record<string, unknown>) => {
  const parsed = reservationSchema.safeParse(input);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
};

describe("reservationSchema", () => {
  it("accepts a form post and a JSON body", () => {
    expect(reservationSchema.parse(valid)).toEqual({ name: "Ada Lovelace", email: "ada@example.com", phone: "", seats: 2 });
    expect(reservationSchema.parse({ name: " Ada ", email: "ada@example.com", seats: 10 })).toEqual({ name: "Ada", email: "ada@example.com", seats: 10 });
  });

  it("requires a name and a valid e-mail", () => {
    expect(errorsOf({ ...valid, name: "  " })).toEqual({ name: m.name });
    expect(errorsOf({ ...valid, name: undefined })).toEqual({ name: m.name });
    expect(errorsOf({ ...valid, email: "ada@" })).toEqual({ email: m.email });
    expect(errorsOf({ ...valid, name: "x".repeat(101) })).toEqual({ name: m.nameTooLong });
  });

  it("takes 1 to 10 whole seats", () => {
    for (const seats of ["0", "11", "2.5", "", "two", -1, 11, null]) expect(errorsOf({ ...valid, seats })).toEqual({ seats: m.seats });
    for (const seats of ["1", "10", 1, 10]) expect(errorsOf({ ...valid, seats })).toEqual({});
  });

  it("takes an optional one-time submission key that is a UUID, as newSubmissionKey makes", () => {
    const key = newSubmissionKey();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newSubmissionKey()).not.toBe(key);
    expect(reservationSchema.parse({ ...valid, submissionKey: key }).submissionKey).toBe(key);
    for (const submissionKey of ["", "1", "not-a-uuid", "x".repeat(36), 5]) expect(errorsOf({ ...valid, submissionKey })).toEqual({ submissionKey: m.submissionKey });
  });

  it("keeps what was typed for a form shown again", () => {
    expect(typedReservationValues({ name: "Ada", email: "a@", seats: 3, contribution: "45", smsConsent: "on" })).toEqual({ name: "Ada", email: "a@", phone: "", seats: "3", contribution: "45", smsConsent: "on" });
    expect(typedReservationValues({})).toEqual({ name: "", email: "", phone: "", seats: "1", contribution: "30", smsConsent: "" });
  });

  it("takes a whole contribution per seat within the range, or none (older pages, API clients)", () => {
    expect(reservationSchema.parse({ ...valid, contribution: "30" }).contribution).toBe(30);
    expect(reservationSchema.parse({ ...valid, contribution: "$20" }).contribution).toBe(20);
    expect(reservationSchema.parse({ ...valid, contribution: 40 }).contribution).toBe(40);
    expect(reservationSchema.parse(valid).contribution).toBeUndefined();
    for (const contribution of ["", "19", "41", "30.5", "abc", "1e1", "-30", 400, "3".repeat(20)]) {
      expect(errorsOf({ ...valid, contribution })).toEqual({ contribution: m.contributionPerSeat });
    }
  });
});
