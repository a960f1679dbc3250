import { defineIsland } from "~/components/ui/island";

/**
 * The footer as an island (decision 036): its HTML comes with every page, while its code (the
 * newsletter form, the links' client-side navigation) loads when it scrolls near the screen, when a
 * pointer or the focus reaches it, or at the first navigation. Until then its links are plain
 * links and its form posts without JavaScript, as every form here can.
 */
const footerIsland = defineIsland("footer", () => import("./site-footer").then((module) => module.SiteFooter), { whenVisible: true });

export const FooterIsland = footerIsland.Island;
