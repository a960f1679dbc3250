import { describe, expect, it } from "vitest";
import { deleteAccountSchema, deletedGuestAddress, emailPreferencesSchema, exportFileName, memberDataMessages } from "./member-data";

describe("the member's data forms", () => {
  it("reads the e-mail preferences' checkboxes as the form posts them", () => {
    expect(emailPreferencesSchema.parse({ newsletter: "on" })).toEqual({ newsletter: true, campaigns: false });
    expect(emailPreferencesSchema.parse({ campaigns: "on" })).toEqual({ newsletter: false, campaigns: true });
    expect(emailPreferencesSchema.parse({})).toEqual({ newsletter: false, campaigns: false });
  });

  it("deletes only after DELETE is typed", () => {
    expect(deleteAccountSchema.safeParse({ confirmation: " delete " }).success).toBe(true);
    for (const confirmation of ["", "DELET", "yes", undefined]) {
      const checked = deleteAccountSchema.safeParse({ confirmation });
      expect(checked.success).toBe(false);
      expect(checked.error?.issues[0]?.message).toBe(memberDataMessages.deleteConfirmation);
    }
  });

  it("names the download by brand and day, and gives deleted guests an address nobody receives", () => {
    expect(exportFileName("harmonia", new Date("2026-11-24T23:00:00Z"), "America/Los_Angeles")).toBe("harmonia-data-2026-11-24.json");
    // 5 pm on the 24th at the venue is already the 25th in UTC: the file says the venue's day.
    expect(exportFileName("harmonia", new Date("2026-11-25T01:00:00Z"), "America/Los_Angeles")).toBe("harmonia-data-2026-11-24.json");
    expect(exportFileName("harmonia", new Date("2026-11-25T01:00:00Z"), "Europe/Paris")).toBe("harmonia-data-2026-11-25.json");
    expect(deletedGuestAddress("abc")).toBe("deleted-abc@deleted.invalid");
  });
});
