// The score sheet's service worker: pages and their files keep working without signal.
// Network first, so an online visitor always sees the server's latest totals; the cached
// copy answers only when the network does not. Deals entered offline are not handled
// here: the page keeps them (scoresheet.js) and posts them itself, exactly once.
"use strict";

var CACHE = "pisti-scoresheet-v1";

self.addEventListener("install", function () {
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf("pisti-scoresheet-") === 0 && name !== CACHE;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

function keep(request, response) {
  if (response && response.ok && response.type === "basic") {
    var copy = response.clone();
    caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
  }
  return response;
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;  // posts go to the network, or fail to the page
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  var isPage = request.mode === "navigate";
  var isFile = url.pathname.indexOf("/static/") === 0 ||
    url.pathname.slice(-"manifest.webmanifest".length) === "manifest.webmanifest";
  if (!isPage && !isFile) return;
  event.respondWith(
    fetch(request).then(function (response) {
      return keep(request, response);
    }).catch(function () {
      return caches.match(request, { ignoreSearch: isPage }).then(function (hit) {
        return hit || Response.error();
      });
    })
  );
});
