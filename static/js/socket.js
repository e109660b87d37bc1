// A WebSocket that comes back after a drop, and hands each message to the handler for its
// type. Nothing here draws: the page gives the handlers. The close codes after which
// trying again is pointless (no such table, not allowed, a flood) come from the server's
// protocol, passed in the page; on those ``onFinal`` runs instead of a reconnection.

export function openSocket(path, { handlers, finalCodes, onLost, onFinal, paused }) {
  const scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
  let socket = null;
  let retry = 500;
  // Messages sent before the socket is open (a press right after the page loads, or while
  // it reconnects) wait for it instead of being lost; each carries its version, so one
  // the table has moved past is refused with a reason.
  let waiting = [];

  function connect() {
    socket = new WebSocket(scheme + window.location.host + path);
    socket.addEventListener("open", () => {
      retry = 500;
      const queued = waiting;
      waiting = [];
      queued.forEach((message) => socket.send(JSON.stringify(message)));
    });
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      const handler = handlers[message.type];
      if (handler) handler(message);
    });
    socket.addEventListener("close", (event) => {
      if (paused && paused()) return;
      if (finalCodes.includes(event.code)) {
        onFinal(event.code);
        return;
      }
      onLost();
      window.setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    });
  }

  connect();
  return {
    // whether a message sent now goes at once (not kept for the next connection)
    get open() {
      return !!socket && socket.readyState === WebSocket.OPEN && navigator.onLine !== false;
    },
    send(message) {
      if (socket && socket.readyState === WebSocket.OPEN) {
        socket.send(JSON.stringify(message));
      } else {
        waiting.push(message);
      }
    },
  };
}
