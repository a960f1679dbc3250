import { describe, expect, it } from "vitest";
import { renderInvitationEmail } from "./invitation-email.server";

describe("the invitation e-mail", () => {
  it("keeps `$'`, `$&` and `` $` `` in the invitee's name as typed, never expanding them (issue 23)", async () => {
    const name = "$'$&$`".repeat(50);
    const plain = await renderInvitationEmail("https://harmonia.example", { rid: "r1", firstName: "Ada" }, "token");
    const hostile = await renderInvitationEmail("https://harmonia.example", { rid: "r1", firstName: name }, "token");
    expect(hostile.text).toBe(plain.text.replace("Ada", () => name));
    expect(hostile.html).toContain(name.replaceAll("&", "&amp;").replaceAll("'", "&#39;"));
    expect(hostile.html.length - plain.html.length).toBeLessThan(name.length * 6);
  });

  it.each([
    ["a first name that reads as a link", { firstName: "www.win-prizes.example", lastName: "Smith" }],
    ["a first name that starts like a formula", { firstName: '=HYPERLINK("http://x","Ada")', lastName: null }],
    ["a last name that reads as a link", { firstName: "Ada", lastName: "http://evil.example" }],
  ])("greets someone with %s as 'friend' (issue 35)", async (_case, name) => {
    const email = await renderInvitationEmail("https://harmonia.example", { rid: "r1", ...name }, "token");
    expect(email.text).toContain("friend");
    for (const part of [name.firstName, name.lastName].filter(Boolean)) {
      expect(email.text).not.toContain(part);
      expect(email.html).not.toContain(part!.replaceAll("&", "&amp;").replaceAll('"', "&quot;"));
    }
  });

  it("greets a plain name by it", async () => {
    const email = await renderInvitationEmail("https://harmonia.example", { rid: "r1", firstName: "Mary Ann", lastName: "Lee" }, "token");
    expect(email.text).toContain("Mary Ann");
  });
});
