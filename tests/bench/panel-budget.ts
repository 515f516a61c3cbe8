/**
 * The side panel's JavaScript before its first paint, gzipped, at most (issue #39): held by
 * tests/e2e/sidepanel-first-paint.spec.ts on the build and printed beside the figure by `npm run bench -- speed`.
 * React and react-dom alone take about 59 kB of it (the speed bench measures them apart).
 */
export const PANEL_FIRST_PAINT_GZ_KB = 75;
