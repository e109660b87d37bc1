// The table with friends: one WebSocket, one frame per change, drawn with data-* hooks.
// The server sends each browser only its own seat's view and refuses any bad message with
// a reason; this script only draws what it is sent and sends what the player clicks.
(function () {
  "use strict";

  function format(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_, key) { return values[key]; });
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function copyLink() {
    var button = document.querySelector("[data-copy-link]");
    var input = document.getElementById("table-link");
    if (!button || !input || !navigator.clipboard) return;
    button.hidden = false;
    button.addEventListener("click", function () {
      navigator.clipboard.writeText(input.value);
    });
  }

  function Table(root, strings, closeCodes) {
    this.root = root;
    this.t = strings;
    // The server's close codes for good (no such table, not allowed, a flood), from the page.
    this.finalCodes = Object.keys(closeCodes).map(function (name) { return closeCodes[name]; });
    this.frame = null;
    this.socket = null;
    this.retry = 500;
    this.deadlineAt = null;
    this.hooks = {};
    var self = this;
    this.queue = Promise.resolve();
    this.shownDeal = null;
    this.shownPlays = 0;
    this.labels = { pisti: root.dataset.pistiLabel, jackPisti: root.dataset.jackPistiLabel };
    ["status", "note", "players", "board", "result", "reactions", "log"].forEach(function (name) {
      self.hooks[name] = root.querySelector("[data-friends-" + name + "]");
    });
    root.addEventListener("click", function (event) { self.onClick(event); });
    root.addEventListener("submit", function (event) { event.preventDefault(); });
    // A lobby form on its way (take a seat, a bot, start) must not be cut short by a
    // reload: its answer carries the seat's session cookie and the next page.
    this.leaving = false;
    document.addEventListener("submit", function (event) {
      if (!root.contains(event.target)) self.leaving = true;
    });
    document.addEventListener("keydown", function (event) { self.onKey(event); });
    window.setInterval(function () { self.tick(); }, 250);
    this.connect();
  }

  Table.prototype.connect = function () {
    var self = this;
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    this.socket = new WebSocket(scheme + window.location.host + this.root.dataset.wsPath);
    this.socket.addEventListener("open", function () { self.retry = 500; });
    this.socket.addEventListener("message", function (event) {
      self.onMessage(JSON.parse(event.data));
    });
    this.socket.addEventListener("close", function (event) {
      if (self.leaving) return;
      if (self.finalCodes.indexOf(event.code) !== -1) {
        window.location.reload();
        return;
      }
      self.say(self.t.reconnecting);
      window.setTimeout(function () { self.connect(); }, self.retry);
      self.retry = Math.min(self.retry * 2, 8000);
    });
  };

  Table.prototype.send = function (message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(message));
    }
  };

  Table.prototype.say = function (text) { this.hooks.status.textContent = text; };

  Table.prototype.note = function (text) {
    var note = this.hooks.note;
    note.textContent = text;
    note.hidden = !text;
  };

  Table.prototype.onMessage = function (message) {
    if (message.type === "refused") {
      this.note(message.message);
    } else if (message.type === "reaction") {
      this.addLog(this.nameOf(message.seat) + ": " + message.text);
    } else if (message.type === "state") {
      var wasLobby = this.root.dataset.status === "lobby";
      if (wasLobby && String(message.version) !== this.root.dataset.version) {
        if (this.leaving) return;
        window.location.reload();  // the lobby's seats and forms are drawn by the server
        return;
      }
      this.note(message.note || "");
      this.draw(message);
    }
  };

  Table.prototype.nameOf = function (seat) {
    return this.frame ? this.frame.seats[seat].name : "";
  };

  Table.prototype.addLog = function (text) {
    var log = this.hooks.log;
    if (!log) return;
    log.insertBefore(element("li", "", text), log.firstChild);
    while (log.children.length > 5) log.removeChild(log.lastChild);
  };

  Table.prototype.draw = function (frame) {
    var self = this;
    this.frame = frame;
    this.root.dataset.version = frame.version;
    this.deadlineAt = frame.deadline_ms === null ? null : Date.now() + frame.deadline_ms;
    if (frame.status === "lobby" || !frame.view) {
      this.say(this.t.lobby);
      return;
    }
    this.drawPlayers(frame);
    this.hooks.reactions.hidden = frame.seat === null;
    this.say(this.statusText(frame));
    // The shared table script plays the new cards on the table on screen, then the
    // server's table for this seat is swapped in; frames wait their turn.
    this.queue = this.queue.then(function () {
      var fresh = [];
      if (self.shownDeal === frame.deal) {
        fresh = frame.steps.filter(function (step) { return step.index >= self.shownPlays; });
      }
      fresh.forEach(function (step) { self.addLog(step.text); });
      self.shownDeal = frame.deal;
      self.shownPlays = frame.view.history.length;
      var board = self.hooks.board;
      var animate = window.PistiTable && board.querySelector("[data-table]") && fresh.length
        ? window.PistiTable.play(board, fresh, { labels: self.labels })
        : Promise.resolve();
      return animate.then(function () {
        if (self.frame !== frame) return;  // a newer frame is already waiting
        board.innerHTML = frame.html;
        self.drawResult(frame);
      });
    }).catch(function () { /* the next frame redraws everything */ });
  };

  Table.prototype.statusText = function (frame) {
    if (frame.status === "finished") return this.t.match_over;
    if (frame.deal_over) return this.t.deal_over;
    var mover = frame.seats[frame.to_move];
    if (mover && mover.away && !mover.stand_in) return format(this.t.waiting, { name: mover.name });
    if (frame.seat === null) return this.t.watching;
    if (frame.to_move === frame.seat) return this.t.your_turn;
    return format(this.t.to_move, { name: mover ? mover.name : "" });
  };

  Table.prototype.drawPlayers = function (frame) {
    var list = this.hooks.players;
    var t = this.t;
    list.textContent = "";
    frame.seats.forEach(function (seat) {
      var item = element("li", "friends-player");
      item.dataset.seat = seat.seat;
      if (seat.to_move) item.classList.add("is-to-move");
      if (seat.away) item.classList.add("is-away");
      var name = element("strong", "", seat.name);
      item.appendChild(name);
      if (seat.seat === frame.seat) item.appendChild(element("span", "you", " " + t.you));
      if (seat.stand_in) item.appendChild(element("span", "stand-in", " — " + t.stand_in));
      if (seat.to_move && frame.timer) {
        var ring = document.createElementNS("http://www.w3.org/2000/svg", "svg");
        ring.setAttribute("viewBox", "0 0 36 36");
        ring.setAttribute("class", "timer-ring");
        ring.setAttribute("aria-hidden", "true");
        var track = document.createElementNS("http://www.w3.org/2000/svg", "circle");
        var arc = document.createElementNS("http://www.w3.org/2000/svg", "circle");
        [track, arc].forEach(function (circle) {
          circle.setAttribute("cx", "18"); circle.setAttribute("cy", "18");
          circle.setAttribute("r", "15"); ring.appendChild(circle);
        });
        track.setAttribute("class", "timer-track");
        arc.setAttribute("class", "timer-arc");
        arc.setAttribute("stroke-dasharray", "94.25");
        arc.dataset.timerArc = "";
        item.appendChild(ring);
        item.appendChild(element("span", "timer-text", "")).dataset.timerText = "";
      }
      if (seat.away && seat.kind === "human" && frame.seat !== null) {
        var button = element("button", "button-secondary",
          format(t.take_over, { name: seat.name }));
        button.type = "button";
        button.dataset.takeOver = seat.seat;
        item.appendChild(button);
      }
      list.appendChild(item);
    });
    this.tick();
  };

  Table.prototype.sideNames = function (frame, side) {
    var sides = frame.totals.length;
    return frame.seats.filter(function (seat) { return seat.seat % sides === side; })
      .map(function (seat) { return seat.name; }).join(this.t.and);
  };

  Table.prototype.drawResult = function (frame) {
    var box = this.hooks.result;
    box.textContent = "";
    box.hidden = !frame.deal_over;
    if (!frame.deal_over) return;
    var self = this;
    var table = element("table", "score-table");
    var head = element("tr");
    head.appendChild(element("th", "", ""));
    head.appendChild(element("th", "", this.t.deal_points));
    head.appendChild(element("th", "", this.t.match_totals));
    table.appendChild(head);
    var last = frame.deals[frame.deals.length - 1] || [];
    frame.totals.forEach(function (total, side) {
      var row = element("tr");
      row.appendChild(element("th", "", self.sideNames(frame, side)));
      row.appendChild(element("td", "", String(last[side])));
      row.appendChild(element("td", "", String(total)));
      table.appendChild(row);
    });
    box.appendChild(table);
    if (frame.winners.length) {
      var names = frame.winners.map(function (side) { return self.sideNames(frame, side); });
      box.appendChild(element("p", "friends-winner", format(
        frame.winners.length > 1 ? this.t.shared : this.t.winner,
        { names: names.join(this.t.and) })));
    }
    if (frame.seat !== null) {
      var button = element("button", "button",
        frame.status === "finished" ? this.t.play_again : this.t.next_deal);
      button.type = "button";
      button.dataset.next = "";
      box.appendChild(button);
    }
  };

  Table.prototype.tick = function () {
    var arc = this.root.querySelector("[data-timer-arc]");
    var text = this.root.querySelector("[data-timer-text]");
    if (!arc || this.deadlineAt === null || !this.frame) return;
    var left = Math.max(0, this.deadlineAt - Date.now());
    var share = left / (this.frame.timer * 1000);
    arc.setAttribute("stroke-dashoffset", String(94.25 * (1 - share)));
    text.textContent = format(this.t.time_left, { seconds: Math.ceil(left / 1000) });
  };

  Table.prototype.onClick = function (event) {
    var target = event.target.closest("button");
    if (!target || !this.frame) return;
    var version = this.frame.version;
    if (target.name === "card" && target.closest("[data-hand-form]")) {
      event.preventDefault();
      if (target.closest("fieldset[disabled]")) return;
      target.classList.add("is-playing");
      this.send({ type: "play", card: target.value, version: version });
    } else if (target.dataset.next !== undefined) {
      this.send({ type: "next", version: version });
    } else if (target.dataset.reaction) {
      this.send({ type: "react", reaction: target.dataset.reaction });
    } else if (target.dataset.takeOver !== undefined) {
      this.send({ type: "take_over", seat: Number(target.dataset.takeOver) });
    }
  };

  // Number keys play the cards of the hand, as in the practice game.
  Table.prototype.onKey = function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var tag = (event.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "textarea" || tag === "select") return;
    if (!/^[1-9]$/.test(event.key)) return;
    var button = this.root.querySelector(".hand:not([disabled]) [data-key='" + event.key + "']");
    if (button) { event.preventDefault(); button.click(); }
  };

  document.addEventListener("DOMContentLoaded", function () {
    copyLink();
    var root = document.querySelector("[data-friends-table]");
    var strings = document.getElementById("friends-strings");
    var codes = document.getElementById("friends-close-codes");
    if (root && strings && codes && window.WebSocket) {
      new Table(root, JSON.parse(strings.textContent), JSON.parse(codes.textContent));
    }
  });
})();
