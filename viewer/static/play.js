  // ---------------------------------------------------------------- the play mode
  // The play page (served at play/, data.play) sets up a game against the bots through the
  // server's API (api/, package viewer/play), then shows it as a live game from the replay
  // records the server sends, and offers each person's turn: the legal actions the server
  // lists, and for a flick a drag from the piece (the arrow is the distance covered in ARROW s,
  // as the viewer draws flicks, up to the game's fastest). The server referees: the page holds
  // no rule; it sends a choice's index and the aimed velocity, and shows a refusal's reason.
  const P = {
    on: false, // the play page
    id: "", // the session
    from: 0, // the records received
    seen: -1, // the session's version last seen
    turn: null, // the person's turn offered, or null
    over: false,
    note: "",
    replay: "", // the saved replay's file name
    choice: -1, // the flick chosen, waiting for its drag
    drag: null, // [x, y] cm: the pointer while aiming
    busy: false, // an action is being sent
    caught: false, // the playhead shows the position the turn is played from
    games: [],
    chk: null,
    n: 0,
  };

  async function call(method, path, body) {
    const init = { method, headers: {} };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const resp = await fetch("api/" + path, init);
    let data = null;
    try { data = await resp.json(); } catch (e) { /* not JSON */ }
    if (!resp.ok) {
      const err = new Error((data && data.error) || resp.status + " " + resp.statusText);
      err.status = resp.status;
      throw err;
    }
    return data;
  }

  // setupPlay shows the form: the game, the number of players where it varies, and who takes
  // each seat.
  async function setupPlay() {
    P.on = true;
    $("drop-hint").hidden = true;
    $("viewer-link").hidden = false;
    $("play-setup").hidden = false;
    $("title").textContent = "play a game";
    const info = await call("GET", "games");
    P.games = info.games;
    const sel = $("play-game");
    sel.textContent = "";
    for (const g of info.games) {
      const o = document.createElement("option");
      o.value = g.id;
      o.textContent = g.id;
      sel.append(o);
    }
    const want = new URLSearchParams(location.search).get("game");
    if (want && info.games.some((g) => g.id === want)) sel.value = want;
    else if (info.games.some((g) => g.id === "flickago-v3")) sel.value = "flickago-v3";
    sel.onchange = () => fillSeats(true);
    $("play-players").onchange = () => fillSeats(false);
    fillSeats(true);
  }
  function gameInfo() { return P.games.find((g) => g.id === $("play-game").value); }
  function fillSeats(reset) {
    const g = gameInfo();
    if (!g) return;
    const row = $("play-players-row"), inp = $("play-players");
    row.hidden = !g.players;
    let names = g.seats;
    if (g.players) {
      if (reset) inp.value = String(g.seats.length);
      inp.min = String(g.players[0]);
      inp.max = String(g.players[1]);
      const n = Math.max(g.players[0], Math.min(g.players[1], +inp.value || g.seats.length));
      names = [];
      for (let i = 0; i < n; i++) names.push(g.seats[i] || "player " + (i + 1));
    }
    const ol = $("play-seats");
    ol.textContent = "";
    const pref = ["aimer", "fliprando-greedy", "random"].find((b) => g.bots.includes(b)) || g.bots[0];
    names.forEach((name, i) => {
      const li = document.createElement("li");
      const lab = document.createElement("label");
      lab.textContent = name + " ";
      const s = document.createElement("select");
      s.className = "play-seat";
      s.setAttribute("aria-label", "seat " + name);
      const person = document.createElement("option");
      person.value = "human";
      person.textContent = "a person";
      s.append(person);
      for (const b of g.bots) {
        const o = document.createElement("option");
        o.value = b;
        o.textContent = "bot: " + b;
        s.append(o);
      }
      s.value = i === 0 || !pref ? "human" : pref;
      // a person may give a name, under which the ratings count the game (arena add-replays)
      const who = document.createElement("input");
      who.className = "play-name";
      who.placeholder = "name (optional)";
      who.size = 12;
      who.maxLength = 32;
      who.setAttribute("aria-label", "the person's name on seat " + name);
      who.hidden = s.value !== "human";
      s.addEventListener("change", () => { who.hidden = s.value !== "human"; });
      lab.append(s, " ", who);
      li.append(lab);
      ol.append(li);
    });
  }
  $("play-setup").addEventListener("submit", (e) => {
    e.preventDefault();
    startPlay().catch((err) => { $("play-setup-msg").textContent = err.message; });
  });

  async function startPlay() {
    const g = gameInfo();
    const names = [...document.querySelectorAll(".play-name")];
    const req = { game: g.id, seats: [...document.querySelectorAll(".play-seat")].map((s, i) => {
      const who = names[i].value.trim();
      return s.value === "human" && who ? "human:" + who : s.value;
    }) };
    if (g.players) req.options = { players: String(req.seats.length) };
    $("play-setup-msg").textContent = "";
    const st = await call("POST", "sessions", req);
    beginPlay(st);
  }

  function beginPlay(st) {
    Object.assign(P, { id: st.id, from: 0, seen: -1, turn: null, over: false, note: "", replay: "", choice: -1, drag: null, busy: false, chk: new Checker(), n: 0 });
    $("play-setup").hidden = true;
    $("play-panel").hidden = false;
    $("play-end").hidden = true;
    $("play-new").hidden = true;
    $("play-close").hidden = false;
    $("play-msg").textContent = "";
    S.live = true; // the playhead follows the game as it grows
    S.follow = true;
    handle(st);
    poll(st.id);
  }

  // handle takes a state of the session: its new records, the turn, the end.
  function handle(st) {
    if (st.id !== P.id) return;
    for (const rec of st.lines) {
      P.n++;
      P.chk.record(rec, P.n);
      if (rec.type === "header") {
        setGame(new Game(rec));
        S.ready = true;
        S.playing = true;
        continue;
      }
      const wasAtEnd = S.game && S.t >= S.game.total - 1e-9;
      feed(rec);
      if (S.follow && S.game && !S.playing && wasAtEnd) S.playing = true;
    }
    P.from = st.next;
    P.seen = st.version;
    const step = P.turn ? P.turn.step : -1;
    P.turn = st.turn;
    if (!P.turn || P.turn.step !== step) {
      P.choice = -1;
      P.drag = null;
    }
    P.over = st.over;
    P.note = st.note || "";
    P.replay = st.replay || "";
    P.caught = caughtUp(); // new records are to be watched first
    panel();
    S.dirty = true;
  }

  async function poll(id) {
    while (P.id === id && !P.over) {
      try {
        handle(await call("GET", "sessions/" + id + "?from=" + P.from + "&seen=" + P.seen + "&wait=20"));
      } catch (err) {
        $("play-msg").textContent = err.message;
        if (err.status === 404) {
          P.over = true;
          P.note = err.message;
          panel();
          return;
        }
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }

  // playTick runs every frame: the turn's controls open once the playhead shows its position.
  function caughtUp() { return !!(S.game && P.turn && S.t >= S.game.total - 1e-9); }
  function playTick() {
    const caught = caughtUp();
    if (caught !== P.caught) {
      P.caught = caught;
      panel();
      S.dirty = true;
    }
  }

  // seatLabel names the seat to move as the side panel does (the drawing's seat names), and
  // who sits there.
  function seatLabel(t) {
    const name = S.game && S.game.d ? seatName(S.game, t.seat) : t.seat_name;
    return name + " (" + t.player + ")";
  }

  // panel shows whose turn it is and the turn's choices.
  let panelKey = "";
  function panel() {
    const t = P.turn;
    // the buttons are made again only when what they show changed: a click is never lost to
    // a button replaced under the pointer
    const key = JSON.stringify([P.id, P.over, t && t.step, P.caught, P.busy, P.choice, !!S.game]);
    if (key === panelKey) return;
    panelKey = key;
    const box = $("play-choices");
    box.textContent = "";
    $("play-dims").textContent = "";
    const chosen = t && P.choice >= 0 ? t.choices[P.choice] : null;
    $("play-facing-row").hidden = !(chosen && chosen.aim && chosen.aim.facing);
    if (P.over) {
      $("play-turn").textContent = "Game over";
      $("play-hint").textContent = P.note;
      const end = $("play-end");
      end.textContent = "";
      if (P.replay) {
        const a = document.createElement("a");
        a.id = "play-replay";
        a.href = "../?replay=" + encodeURIComponent("replays/" + P.replay);
        a.textContent = "Open the replay in the viewer";
        end.append(a, document.createTextNode(" (" + P.replay + ") · "));
      }
      const dl = document.createElement("a");
      dl.href = "api/sessions/" + P.id + "/replay";
      dl.textContent = "download it";
      end.append(dl);
      end.hidden = false;
      $("play-close").hidden = true;
      $("play-new").hidden = false;
      return;
    }
    if (!t) {
      $("play-turn").textContent = S.game ? "The bots are playing…" : "Starting…";
      $("play-hint").textContent = "";
      return;
    }
    $("play-turn").textContent = seatLabel(t) + ": your move";
    $("play-hint").textContent = !P.caught ? "watching the last moves…"
      : chosen ? "Drag from the ringed piece in the direction of the flick; the longer the arrow, the faster (up to " + chosen.aim.max_speed + " cm/s). Release to flick."
        : "Choose an action" + (t.choices.some((c) => c.aim) ? " (a green one is a flick: then aim it on the board)" : "") + ".";
    t.choices.forEach((c, k) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = c.label;
      b.dataset.choice = String(k);
      if (c.aim) b.classList.add("flick");
      if (k === P.choice) b.classList.add("chosen");
      b.disabled = !P.caught || P.busy;
      b.addEventListener("click", () => choose(k));
      box.append(b);
    });
    if (t.dims.length && !t.choices.some((c) => c.aim)) {
      for (const d of t.dims) {
        const lab = document.createElement("label");
        lab.textContent = d.name + (d.unit ? " (" + d.unit + ")" : "") + " ";
        const inp = document.createElement("input");
        inp.type = "number";
        inp.className = "play-dim";
        inp.min = String(d.low);
        inp.max = String(d.high);
        inp.step = "any";
        inp.value = String((d.low + d.high) / 2);
        lab.append(inp);
        $("play-dims").append(lab);
      }
    }
  }

  function choose(k) {
    const t = P.turn;
    if (!t || !caughtUp() || P.busy) return;
    const c = t.choices[k];
    if (c.aim) {
      P.choice = k;
      panel();
      S.dirty = true;
      return;
    }
    const body = { step: t.step, choice: k };
    const dims = [...document.querySelectorAll(".play-dim")];
    if (dims.length) body.dims = dims.map((i) => Math.min(+i.max, Math.max(+i.min, +i.value)));
    send(body);
  }

  async function send(body) {
    P.busy = true;
    panel();
    try {
      await call("POST", "sessions/" + P.id + "/act", body);
      $("play-msg").textContent = "";
      if (P.turn && P.turn.step === body.step) {
        // played: until the next state comes (a poll may have brought it already)
        P.turn = null;
        P.choice = -1;
      }
    } catch (err) {
      $("play-msg").textContent = err.message; // the server refused it: nothing changed
    }
    P.busy = false;
    P.drag = null;
    panel();
    S.dirty = true;
  }

  // The aiming: the pointer in table cm, the arrow's velocity from the drag.
  function pointerCm(e) {
    const r = canvas.getBoundingClientRect();
    const px = e.clientX - r.left, py = e.clientY - r.top;
    return [(px - MARGIN) / scale + S.game.x0, S.game.y0 + S.game.H - (py - MARGIN) / scale];
  }
  function flickOf(aim, to) {
    let vx = (to[0] - aim.from[0]) / ARROW, vy = (to[1] - aim.from[1]) / ARROW;
    const v = Math.hypot(vx, vy);
    if (v > aim.max_speed) {
      vx *= aim.max_speed / v;
      vy *= aim.max_speed / v;
    }
    return [vx, vy];
  }
  const GRAB = 14; // px around a piece's centre that start its drag
  canvas.addEventListener("pointerdown", (e) => {
    const t = P.turn;
    if (!P.on || !t || !caughtUp() || P.busy || !S.game) return;
    const at = pointerCm(e);
    const near = (c) => c.aim && Math.hypot(c.aim.from[0] - at[0], c.aim.from[1] - at[1]) * scale <= Math.max(GRAB, 1.5 * scale);
    if (P.choice < 0 || !near(t.choices[P.choice])) {
      const k = t.choices.findIndex(near); // picking the piece picks its first flick
      if (k < 0) return;
      P.choice = k;
      panel();
    }
    P.drag = at;
    e.preventDefault();
    S.dirty = true;
  });
  // the drag is followed on the window: it goes on outside the canvas, and a lost capture
  // (the page re-laid out under it) does not lose the release
  window.addEventListener("pointermove", (e) => {
    if (!P.drag) return;
    P.drag = pointerCm(e);
    S.dirty = true;
  });
  window.addEventListener("pointerup", (e) => {
    if (!P.drag || !P.turn || P.choice < 0) return;
    const c = P.turn.choices[P.choice];
    const to = pointerCm(e);
    P.drag = null;
    S.dirty = true;
    if (Math.hypot(to[0] - c.aim.from[0], to[1] - c.aim.from[1]) * scale < 4) return; // a click, not a drag
    const [vx, vy] = flickOf(c.aim, to);
    let facing = Math.atan2(vy, vx);
    if (c.aim.facing && !$("play-facing-auto").checked) facing = deg(+$("play-facing").value);
    send({ step: P.turn.step, choice: P.choice, flick: { vx, vy, facing } });
  });
  $("play-facing").addEventListener("input", (e) => {
    $("play-facing-val").textContent = e.target.value + "°";
    $("play-facing-auto").checked = false;
  });
  $("play-close").addEventListener("click", () => {
    if (P.id) call("DELETE", "sessions/" + P.id).then(handle).catch((err) => { $("play-msg").textContent = err.message; });
  });
  $("play-new").addEventListener("click", () => {
    P.id = "";
    $("play-panel").hidden = true;
    $("play-setup").hidden = false;
  });

  // drawPlay draws the turn's flicks over the table: a ring on each piece that may be flicked
  // (thick on the chosen one), and while aiming the arrow of the flick and its speed, within
  // a dashed circle of the fastest flick's arrow.
  function drawPlay() {
    const t = P.turn;
    if (!t || !P.caught || !S.game) return;
    ctx.save();
    const done = new Set();
    t.choices.forEach((c, k) => {
      if (!c.aim) return;
      const key = c.aim.from.join(",");
      if (k !== P.choice && done.has(key)) return;
      done.add(key);
      ctx.strokeStyle = k === P.choice ? "#15803d" : "rgba(21, 128, 61, 0.7)";
      ctx.lineWidth = k === P.choice ? 3 : 1.5;
      ctx.beginPath();
      ctx.arc(X(c.aim.from[0]), Y(c.aim.from[1]), Math.max(GRAB, 1.5 * scale), 0, 2 * Math.PI);
      ctx.stroke();
    });
    const c = P.choice >= 0 ? t.choices[P.choice] : null;
    if (c && c.aim) {
      const [fx, fy] = c.aim.from;
      ctx.setLineDash([4, 5]);
      ctx.strokeStyle = "rgba(21, 128, 61, 0.5)";
      ctx.lineWidth = 1;
      ctx.beginPath();
      ctx.arc(X(fx), Y(fy), c.aim.max_speed * ARROW * scale, 0, 2 * Math.PI);
      ctx.stroke();
      ctx.setLineDash([]);
      if (P.drag) {
        const [vx, vy] = flickOf(c.aim, P.drag);
        drawArrow(fx, fy, fx + vx * ARROW, fy + vy * ARROW, "#15803d", 3, false);
        ctx.font = "700 12px system-ui, sans-serif";
        ctx.fillStyle = "#14532d";
        ctx.fillText(Math.round(Math.hypot(vx, vy)) + " cm/s", X(fx + vx * ARROW) + 8, Y(fy + vy * ARROW) - 8);
      }
    }
    ctx.restore();
  }

  // The play mode's test and scripting interface.
  window.flickPlay = {
    get on() { return P.on; },
    get id() { return P.id; },
    get over() { return P.over; },
    get note() { return P.note; },
    get replay() { return P.replay; },
    get turn() { return P.turn; },
    // ready: a person's turn is open for input
    get ready() { return caughtUp() && P.caught && !P.busy; },
    get busy() { return P.busy; },
    get choice() { return P.choice; },
    // at(x, y) returns where table point (x, y) cm is in the window, in CSS px
    at(x, y) {
      const r = canvas.getBoundingClientRect();
      return { x: r.left + X(x), y: r.top + Y(y) };
    },
    // scale is the canvas px per cm
    get scale() { return scale; },
    get games() { return P.games.map((g) => g.id); },
  };
