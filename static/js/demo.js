// The home page's table plays a few cards of a real deal, again and again, so a visitor
// sees the game before reading about it. The plays come from the engine (data-steps);
// nothing loops for those who ask for less motion, or while the tab is hidden.
(function () {
  "use strict";
  var figure = document.querySelector("[data-demo]");
  var Table = window.PistiTable;
  if (!figure || !Table || Table.reducedMotion()) return;
  var steps = JSON.parse(figure.getAttribute("data-steps") || "[]");
  var start = figure.innerHTML;
  var labels = {
    pisti: figure.getAttribute("data-pisti-label"),
    jackPisti: figure.getAttribute("data-jack-pisti-label"),
  };

  function pause(ms) { return new Promise(function (r) { window.setTimeout(r, ms); }); }

  function loop() {
    if (document.hidden) return pause(1000).then(loop);
    return pause(1500)
      .then(function () { return Table.play(figure, steps, { labels: labels, pace: "normal" }); })
      .then(function () { return pause(2500); })
      .then(function () { figure.innerHTML = start; })
      .then(loop);
  }
  if (steps.length) loop();
})();
