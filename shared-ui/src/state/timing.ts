/**
 * Navigation timing of the store (storefront.md 2 and 9), in milliseconds: the one place every
 * app reads its delays from. `global.css` mirrors them as `--p9-duration-*` for animations.
 */

/** Header navigation: the transition shows, then the route changes after this delay. */
export const NAVIGATION_DELAY_MS = 400;

/** Back button: delay before going back one step (or to /). */
export const BACK_DELAY_MS = 150;

/** Page transition animation length. */
export const PAGE_TRANSITION_MS = 1200;
