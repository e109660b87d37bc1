// A WebSocket that comes back after a drop, and hands each message to the handler for its
// type. Nothing here draws: the page gives the handlers. The close codes after which
// trying again is pointless (no such table, not allowed, a flood) come from the server's
// protocol, passed in the page; on those ``onFinal`` runs instead of a reconnection.

export function openSocket(path, { handlers, finalCodes, onLost, onFinal, paused }) {
  const scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
  let socket = null;
  let retry = 500;

  function connect() {
    socket = new WebSocket(scheme + window.location.host + path);
    socket.addEventListener("open", () => { retry = 500; });
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
    send(message) {
      if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    },
  };
}
