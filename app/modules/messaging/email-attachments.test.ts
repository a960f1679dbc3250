import { describe, expect, it } from "vitest";
import { attachmentsFromMeta, attachmentsToMeta, withInlineImages } from "./email-attachments";

describe("attachments in an outbox row's meta", () => {
  it("come back as they went in, beside the row's other meta entries", () => {
    const invite = { filename: "invite.ics", content: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", contentType: "text/calendar; method=PUBLISH" };
    const meta = { listUnsubscribe: "https://harmonia.example/u", ...attachmentsToMeta([invite]) };
    expect(attachmentsFromMeta(meta)).toEqual([invite]);
  });

  it("keep an inline image's encoding and Content-ID, under keys a sent row's clearing removes", () => {
    const image = { filename: "ticket.png", content: "iVBORw0KGgo=", contentType: "image/png", encoding: "base64" as const, cid: "ticket-code@harmonia" };
    const meta = attachmentsToMeta([image]);
    expect(attachmentsFromMeta(meta)).toEqual([image]);
    expect(Object.keys(meta).every((key) => key.startsWith("attachment"))).toBe(true);
  });

  it("are none when the meta holds none", () => {
    expect(attachmentsFromMeta({ signInLink: "https://harmonia.example/login/link" })).toEqual([]);
  });

  it("show an inline image in the dev mailbox as a data: address, and leave other text alone", () => {
    const image = { filename: "ticket.png", content: "iVBORw0KGgo=", contentType: "image/png", encoding: "base64" as const, cid: "ticket-code@harmonia" };
    const html = '<img src="cid:ticket-code@harmonia" alt="Ticket"><p>cid:other</p>';
    expect(withInlineImages(html, [image])).toBe('<img src="data:image/png;base64,iVBORw0KGgo=" alt="Ticket"><p>cid:other</p>');
  });
});
