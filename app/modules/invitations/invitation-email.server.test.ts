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
});
