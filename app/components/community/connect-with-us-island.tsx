import { defineIsland } from "~/components/ui/island";

/**
 * 'Connect With Us' low on the home page and /contact, as an island (decision 036): its HTML comes
 * with the page, its code (the community form) when it scrolls near the screen or a pointer, a
 * finger or the focus reaches it. Until then the form posts without JavaScript, as every form here can.
 */
const connectWithUsIsland = defineIsland("connect-with-us", () => import("./connect-with-us").then((module) => module.ConnectWithUs), {
  whenVisible: true,
});

export const ConnectWithUsIsland = connectWithUsIsland.Island;
