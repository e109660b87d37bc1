// The table with friends: one WebSocket, one frame per change, drawn with data-* hooks.
// The server sends each browser only its own seat's view and refuses any bad message with
// a reason; this script only draws what it is sent and sends what the player clicks.
(function () {
  "use strict";
  var SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };

  function format(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_, key) { return values[key]; });
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function cardFace(code, words) {
    var rank = code[0] === "T" ? "10" : code[0];
    var face = element("span", "fcard fcard-" + code[1].toLowerCase());
    face.appendChild(element("span", "fcard-rank", rank));
    face.appendChild(element("span", "fcard-suit", SUITS[code[1]]));
    face.setAttribute("title", words[code] || code);
    face.dataset.card = code;
    return face;
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

  function Table(root, strings) {
    this.root = root;
    this.t = strings;
    this.frame = null;
    this.socket = null;
    this.retry = 500;
    this.deadlineAt = null;
    this.lastHistory = 0;
    this.hooks = {};
    var self = this;
    ["status", "note", "players", "pile", "counts", "hand", "hand-area", "result",
     "reactions", "log"].forEach(function (name) {
      self.hooks[name] = root.querySelector("[data-friends-" + name + "]");
    });
    root.addEventListener("click", function (event) { self.onClick(event); });
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
      if (event.code === 4403 || event.code === 4404 || event.code === 4429) {
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
    this.frame = frame;
    this.root.dataset.version = frame.version;
    this.deadlineAt = frame.deadline_ms === null ? null : Date.now() + frame.deadline_ms;
    if (frame.status === "lobby" || !frame.view) {
      this.say(this.t.lobby);
      return;
    }
    this.drawPlayers(frame);
    this.drawPile(frame);
    this.drawHand(frame);
    this.drawResult(frame);
    this.hooks.reactions.hidden = frame.seat === null;
    this.say(this.statusText(frame));
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
    var view = frame.view;
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
      var side = seat.seat % view.captured_cards.length;
      item.appendChild(element("span", "friends-player-cards",
        format(t.hand_count, { count: view.hand_sizes[seat.seat] }) + " · " +
        format(t.taken, { count: view.captured_cards[side] }) + " · " +
        format(t.pisti_count, { count: view.pisti[side] + view.jack_pisti[side] })));
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

  Table.prototype.drawPile = function (frame) {
    var view = frame.view;
    var pile = this.hooks.pile;
    pile.textContent = "";
    var fresh = view.history.length > this.lastHistory && view.history.length > 0;
    view.pile_face_up.forEach(function (code, index) {
      var face = cardFace(code, frame.words);
      if (fresh && index === view.pile_face_up.length - 1) face.classList.add("is-new");
      pile.appendChild(face);
    });
    if (!view.pile_size) pile.appendChild(element("span", "friends-empty", this.t.empty));
    var downCount = view.pile_size - view.pile_face_up.length;
    var parts = [];
    if (downCount) parts.push(format(this.t.face_down, { count: downCount }));
    parts.push(format(this.t.stock, { count: view.stock }));
    this.hooks.counts.textContent = parts.join(" · ");
    if (fresh) {
      var last = view.history[view.history.length - 1];
      this.addLog(this.nameOf(last.seat) + ": " + (frame.words[last.card] || last.card));
    }
    this.lastHistory = view.history.length;
  };

  Table.prototype.drawHand = function (frame) {
    var area = this.hooks["hand-area"];
    var hand = this.hooks.hand;
    area.hidden = frame.seat === null || frame.deal_over;
    hand.textContent = "";
    if (frame.seat === null) return;
    var myTurn = frame.to_move === frame.seat && frame.status === "playing";
    var t = this.t;
    frame.view.hand.slice().sort().forEach(function (code) {
      var button = element("button", "fcard-button");
      button.type = "button";
      button.dataset.play = code;
      button.disabled = !myTurn;
      button.setAttribute("aria-label", format(t.card_label, { card: frame.words[code] || code }));
      button.appendChild(cardFace(code, frame.words));
      hand.appendChild(button);
    });
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
    if (target.dataset.play) {
      this.send({ type: "play", card: target.dataset.play, version: version });
    } else if (target.dataset.next !== undefined) {
      this.send({ type: "next", version: version });
    } else if (target.dataset.reaction) {
      this.send({ type: "react", reaction: target.dataset.reaction });
    } else if (target.dataset.takeOver !== undefined) {
      this.send({ type: "take_over", seat: Number(target.dataset.takeOver) });
    }
  };

  document.addEventListener("DOMContentLoaded", function () {
    copyLink();
    var root = document.querySelector("[data-friends-table]");
    var strings = document.getElementById("friends-strings");
    if (root && strings && window.WebSocket) new Table(root, JSON.parse(strings.textContent));
  });
})();
