import { describe, expect, it } from "vitest";
import { attachmentsFromMeta, attachmentsToMeta } from "./email-attachments";

describe("attachments in an outbox row's meta", () => {
  it("come back as they went in, beside the row's other meta entries", () => {
    const invite = { filename: "invite.ics", content: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", contentType: "text/calendar; method=PUBLISH" };
    const meta = { listUnsubscribe: "https://harmonia.example/u", ...attachmentsToMeta([invite]) };
    expect(attachmentsFromMeta(meta)).toEqual([invite]);
  });

  it("are none when the meta holds none", () => {
    expect(attachmentsFromMeta({ signInLink: "https://harmonia.example/login/link" })).toEqual([]);
  });
});
