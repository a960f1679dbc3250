import { describe, expect, it } from "vitest";
import { escapeHtml, hasLinkPlaceholder, messageHtml, messageText, personaliseHtml, personaliseText } from "./campaign-content";

const personal = { link: "https://h.example/login/campaign?token=T&a=1", name: "<Ada> Lovelace", unsubscribeUrl: "https://h.example/unsubscribe?token=U" };

describe("campaign content", () => {
  it("puts the link where {{link}} stands, as a link's address or as a link of its own", () => {
    const html = personaliseHtml(messageHtml("[Listen]({{link}}) or {{ link }}"), personal);
    expect(html).toContain('<a href="https://h.example/login/campaign?token=T&amp;a=1" style="color:#e8b86d">Listen</a>');
    expect(html).toContain('>https://h.example/login/campaign?token=T&amp;a=1</a>');
    expect(hasLinkPlaceholder("x {{LINK}}")).toBe(true);
    expect(hasLinkPlaceholder("x {{name}}")).toBe(false);
  });

  it("escapes raw HTML, a hostile name and unsafe link addresses", () => {
    const html = personaliseHtml(messageHtml("Hi {{name}} <img src=x onerror=alert(1)> [x](javascript:alert(1))"), personal);
    expect(html).toContain("Hi &lt;Ada&gt;");
    expect(html).not.toContain("<img");
    expect(html).not.toContain('href="javascript');
  });

  it("keeps the plain text as written with '<' escaped, the name defaulting to 'friend'", () => {
    const text = personaliseText(messageText("Dear {{name}}, 1 < 2: {{link}}"), { ...personal, name: null });
    expect(text).toBe("Dear friend, 1 &lt; 2: https://h.example/login/campaign?token=T&a=1");
    expect(personaliseText(messageText("{{name}}"), personal)).toBe("&lt;Ada>");
    expect(personaliseText(messageText("{{name}}"), { ...personal, name: "  Bea  Smith " })).toBe("Bea");
    expect(personaliseText(messageText("{{name}}"), { ...personal, name: "" })).toBe("friend");
  });

  it.each(["http://evil.example", "evil.com", "a@b.co"])("never puts a link where {{name}} stands: a first name %s becomes 'friend' (issue 34)", (name) => {
    expect(personaliseText(messageText("Dear {{name}},"), { ...personal, name })).toBe("Dear friend,");
    expect(personaliseHtml(messageHtml("Dear {{name}},"), { ...personal, name })).toBe("<p>Dear friend,</p>\n");
  });

  it("keeps `$'`, `$&` and `` $` `` in a name as typed, never expanding them (issue 23)", () => {
    // As long as a first name may be (greetingName): a longer one is 'friend'.
    const name = "$'$&$`".repeat(6);
    const html = personaliseHtml(messageHtml("Hi {{name}}, {{link}}"), { ...personal, name });
    const text = personaliseText(messageText("Hi {{name}}, {{link}}"), { ...personal, name });
    expect(text).toBe(`Hi ${name}, ${personal.link}`);
    expect(html).toContain(`Hi ${escapeHtml(name)}, <a href=`);
    expect(html.length).toBeLessThan(1000);
  });
});
