// A puzzle's hand answers to its number keys, as every board's does; without this file
// the cards are buttons of a plain form.
import { numberKeys } from "./keys.js";

const puzzle = document.querySelector("[data-puzzle]");
if (puzzle) numberKeys(puzzle);
