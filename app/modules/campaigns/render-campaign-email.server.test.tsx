import { describe, expect, it } from "vitest";
import { personalise, renderCampaignTemplate } from "./render-campaign-email.server";

describe("renderCampaignTemplate and personalise", () => {
  it("renders the message once in the brand frame and makes each recipient's copy with their link, name and unsubscribe address", async () => {
    const template = await renderCampaignTemplate({
      subject: "Your recording",
      markdown: "Dear {{name}},\n\n[Listen]({{link}})\n\n<script>alert(1)</script> a < b",
      publicUrl: "https://harmonia.example",
    });
    const ada = personalise(template, { link: "https://harmonia.example/login/campaign?token=A&x=1", name: "Ada Lovelace", unsubscribeUrl: "https://harmonia.example/unsubscribe?token=U" });
    const bea = personalise(template, { link: "https://harmonia.example/login/campaign?token=B", name: null, unsubscribeUrl: "https://harmonia.example/unsubscribe?token=V" });
    expect(ada.html).toContain("Dear Ada,");
    expect(ada.html).toContain('href="https://harmonia.example/login/campaign?token=A&amp;x=1"');
    expect(ada.html).toContain('href="https://harmonia.example/unsubscribe?token=U"');
    expect(ada.html).not.toContain("<script>");
    expect(bea.html).toContain("Dear friend,");
    expect(bea.html).toContain("token=B");
    expect(ada.text).toContain("https://harmonia.example/login/campaign?token=A&x=1");
    expect(ada.text).toContain("&lt;script>");
    expect(ada.text).toContain("Unsubscribe: https://harmonia.example/unsubscribe?token=U");
    expect(ada.html).not.toMatch(/HRMNPLACE/);
  });

  it("adds a button with the link when the message has no {{link}}", async () => {
    const template = await renderCampaignTemplate({ subject: "S", markdown: "Hello", publicUrl: "https://harmonia.example" });
    const copy = personalise(template, { link: "https://harmonia.example/login/campaign?token=Z", name: "Cy", unsubscribeUrl: "u" });
    expect(copy.html).toContain("Listen now");
    expect(copy.html).toContain("token=Z");
    expect(copy.text).toContain("Listen now: https://harmonia.example/login/campaign?token=Z");
  });
});
