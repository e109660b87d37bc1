// Styles that only make sense with scripts (the phone menu, the moves drawer) hang on this
// class. A classic script in the head, so it is set before the first paint: set by the
// deferred site.js, a phone showed the whole header and the moves list in the page's flow
// for 60-150 ms before the table (review 7).
document.documentElement.classList.add("has-js");
