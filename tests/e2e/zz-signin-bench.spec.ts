// Temporary (not committed): times signIn against signInByMail, interleaved, under the same load.
import { test } from "./support/hydration";
import { signIn, signInByMail, testEmail } from "./support/auth";

test("sign-in timings", async ({ browser }) => {
  test.setTimeout(600_000);
  const door: number[] = [];
  const mail: number[] = [];
  for (let round = 0; round < 8; round += 1) {
    for (const [kind, times, how] of [["door", door, signIn], ["mail", mail, signInByMail]] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const started = Date.now();
      await how(page, testEmail(`bench-${kind}`), "/profile");
      times.push(Date.now() - started);
      await context.close();
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(`door: median ${median(door)} ms ${JSON.stringify(door)}`);
  console.log(`mail: median ${median(mail)} ms ${JSON.stringify(mail)}`);
});
