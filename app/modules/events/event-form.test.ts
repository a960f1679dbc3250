import { describe, expect, it } from "vitest";
import { firstErrorPerField } from "#app/lib/form-errors";
import { chosenReservations, DEFAULT_MAX_SEATS, eventFormMessages, eventFormSchema, eventFormValues, isImageReference } from "./event-form";

const valid = {
  title: "  Candlelight Piano Meditation ",
  image: "/media/images/event-candlelight.svg",
  date: "2026-08-15",
  time: "18:30",
  description: "Live piano by candlelight.",
};

function errorsOf(input: Record<string, string>) {
  const result = eventFormSchema.safeParse(input);
  return result.success ? {} : firstErrorPerField(result.error.issues);
}

describe("the event form's schema", () => {
  it("accepts the required fields alone, trimming and storing empty optionals as null", () => {
    expect(eventFormSchema.parse({ ...valid, location: "  ", maxSeats: "", placement: "" })).toEqual({
      ...valid,
      title: "Candlelight Piano Meditation",
      location: null,
      address: null,
      ticketsLink: null,
      button: null,
      maxSeats: null,
      placement: null,
      soldOut: false,
    });
  });

  it("requires title, image, date, time and description", () => {
    expect(errorsOf({})).toEqual({
      title: eventFormMessages.title,
      image: eventFormMessages.image,
      date: eventFormMessages.date,
      time: eventFormMessages.time,
      description: eventFormMessages.description,
    });
    expect(errorsOf({ title: " ", image: "", date: "", time: "", description: "\n" })).toEqual({
      title: eventFormMessages.title,
      image: eventFormMessages.image,
      date: eventFormMessages.date,
      time: eventFormMessages.time,
      description: eventFormMessages.description,
    });
  });

  it("refuses dates and times that do not exist", () => {
    expect(errorsOf({ ...valid, date: "2026-02-30" }).date).toBe(eventFormMessages.dateFormat);
    expect(errorsOf({ ...valid, date: "15/08/2026" }).date).toBe(eventFormMessages.dateFormat);
    expect(errorsOf({ ...valid, time: "24:00" }).time).toBe(eventFormMessages.timeFormat);
    expect(errorsOf({ ...valid, time: "6:30 PM" }).time).toBe(eventFormMessages.timeFormat);
  });

  it("takes only https tickets links", () => {
    expect(eventFormSchema.parse({ ...valid, ticketsLink: "https://tickets.example/x" }).ticketsLink).toBe("https://tickets.example/x");
    for (const link of ["http://tickets.example", "javascript:alert(1)", "tickets.example", "https://"]) {
      expect(errorsOf({ ...valid, ticketsLink: link }).ticketsLink, link).toBe(eventFormMessages.ticketsLink);
    }
  });

  it("takes max seats as empty (no on-site reservations) or a whole number of at least 1", () => {
    expect(eventFormSchema.parse({ ...valid, maxSeats: "40" }).maxSeats).toBe(40);
    expect(eventFormSchema.parse({ ...valid, maxSeats: " " }).maxSeats).toBeNull();
    for (const seats of ["0", "-3", "2.5", "ten", "1e3"]) expect(errorsOf({ ...valid, maxSeats: seats }).maxSeats, seats).toBe(eventFormMessages.maxSeats);
  });

  it("reads 'Takes reservations on this site' with Max seats by one server rule (docs/decisions/056)", () => {
    const seatsOf = (input: Record<string, string>) => eventFormSchema.parse({ ...valid, ...input }).maxSeats;
    // Ticked (the box's "on" comes after the hidden "off"): the seats typed; without them, refused under Max seats.
    expect(seatsOf({ reservations: "on", maxSeats: String(DEFAULT_MAX_SEATS), maxSeatsShown: "50" })).toBe(50);
    expect(errorsOf({ ...valid, reservations: "on", maxSeats: "" })).toEqual({ maxSeats: eventFormMessages.maxSeatsNeeded });
    // Unticked, no number: no on-site reservations.
    expect(seatsOf({ reservations: "off", maxSeats: "" })).toBeNull();
    // Unticked with the number the form showed (left over: the reservations page's 50, an event's seats): none.
    expect(seatsOf({ reservations: "off", maxSeats: "50", maxSeatsShown: "50" })).toBeNull();
    expect(seatsOf({ reservations: "off", maxSeats: " 40", maxSeatsShown: "40" })).toBeNull();
    // Unticked with a number the person typed: they want reservations (JavaScript ticks the box as they type).
    expect(seatsOf({ reservations: "off", maxSeats: "30", maxSeatsShown: "" })).toBe(30);
    expect(seatsOf({ reservations: "off", maxSeats: "45", maxSeatsShown: "40" })).toBe(45);
    // A post without the choice (an older form, a script) is read from the seats alone, as before.
    expect(seatsOf({ maxSeats: "12" })).toBe(12);
    expect(seatsOf({})).toBeNull();
    expect(errorsOf({ ...valid, reservations: "yes" })).toEqual({ reservations: eventFormMessages.reservations });
    // The page shows the box again as the rule read it.
    expect(chosenReservations({ reservations: "off", maxSeats: "30", maxSeatsShown: "" })).toBe(true);
    expect(chosenReservations({ reservations: "off", maxSeats: "50", maxSeatsShown: "50" })).toBe(false);
    expect(chosenReservations({ reservations: "on", maxSeats: "" })).toBe(true);
    // The choice is kept with what was typed, for the form to show again.
    expect(eventFormValues({ ...valid, reservations: "off", maxSeats: "40" })).toMatchObject({ reservations: "off", maxSeats: "40" });
  });

  it("knows the placements and the sold-out checkbox", () => {
    expect(eventFormSchema.parse({ ...valid, placement: "vip", soldOut: "on" })).toMatchObject({ placement: "vip", soldOut: true });
    expect(eventFormSchema.parse({ ...valid, placement: "none" }).placement).toBeNull();
    expect(errorsOf({ ...valid, placement: "home" }).placement).toBe(eventFormMessages.placement);
  });

  it("takes an image as a site path or an https address, nothing else", () => {
    expect(isImageReference("/media/images/event-garden.svg")).toBe(true);
    expect(isImageReference("https://cdn.example/pic.webp")).toBe(true);
    for (const image of ["//evil.example/x.png", "http://cdn.example/x.png", "media/x.png", "/a b.png", 'x" onerror="y', "javascript:alert(1)"]) {
      expect(isImageReference(image), image).toBe(false);
    }
    expect(errorsOf({ ...valid, image: "images/x.png" }).image).toBe(eventFormMessages.imagePath);
  });

  it("keeps what was typed, field by field, for the form to show again", () => {
    expect(eventFormValues({ title: "T", maxSeats: "0", intent: "create", file: new Blob() })).toEqual({ title: "T", maxSeats: "0" });
  });

  it("takes the picker's image as the person chose it, with or without JavaScript", () => {
    const garden = "/media/images/event-garden.svg";
    const beach = "/media/images/event-beach.svg";
    // A site image picked where the free field stayed empty, or kept the image it showed.
    expect(eventFormValues({ image: "", imageChoice: beach, imageShown: "" }).image).toBe(beach);
    expect(eventFormValues({ image: garden, imageChoice: beach, imageShown: garden }).image).toBe(beach);
    // A path typed (changed from what the field showed) wins over a picture left on.
    expect(eventFormValues({ image: " /media/images/mine.png ", imageChoice: garden, imageShown: garden }).image).toBe("/media/images/mine.png");
    // With JavaScript both agree; no picker at all (the API, a scripted post) is the field alone.
    expect(eventFormValues({ image: beach, imageChoice: beach, imageShown: garden }).image).toBe(beach);
    expect(eventFormValues({ image: garden }).image).toBe(garden);
    expect(eventFormValues({ image: "" }).image).toBe("");
  });
});
