// Whether the visitor asked for less motion: the board and the drag read it from here (the
// board imports the drag, so neither can own it without an import cycle).
export function reducedMotion() {
  return !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}
