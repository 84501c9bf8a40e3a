// Flickarena replay viewer: draws a recorded (or live) game of Flick 'em Up! on a canvas,
// top-down and to scale, and plays it. Plain JavaScript, no library, no build step.
//
// The replay format (flickarena-replay/1, package replay): JSON lines, a header with the
// opening view, one line per step (the action, a patch of the view, the flicks with their
// fixed-point trajectories), an end line. See replay/doc.go.
"use strict";
(function () {
  const FORMAT = "flickarena-replay/1";
  const POS = 100, ANG = 1000, TIME = 10000; // fixed-point scales of the trajectories
  const HOLD_FLICK = 0.7; // s of timeline held on the result of a flick
  const HOLD_PLAIN = 0.3; // s of timeline for an action without a flick
  const GLIDE_SPEED = 60; // cm/s of a gliding piece (Drawing: PieceSet.glide)
  const GLIDE_MIN = 0.25; // s: the shortest glide
  const ARROW = 0.1; // an arrow shows the distance covered in ARROW s at the flick's speed
  const MARGIN = 14; // px around the table
  const HAT = { red: "#d62828", blue: "#1d4ed8" };
  const TEAM = {
    lawmen: { fill: "#e8b923", ink: "#2b2118", name: "Lawman" },
    outlaws: { fill: "#34302c", ink: "#fdf6e3", name: "Outlaw" },
  };
  const TOKEN = {
    gold: ["#f2c230", "$"], "not-allowed": ["#b91c1c", "×"], colt: ["#6b7280", "C"],
    winchester: ["#57534e", "W"], water: ["#38bdf8", "w"], dynamite: ["#dc2626", "D"],
    documents: ["#f5f5f4", "P"], hostage: ["#a78bfa", "H"], hidden: ["#a07a4a", "?"],
  };

  const $ = (id) => document.getElementById(id);
  const canvas = $("table");
  const ctx = canvas.getContext("2d");
  const clockCanvas = $("clock");
  const cctx = clockCanvas.getContext("2d");

  // ---------------------------------------------------------------- view patches
  // applyPatch mirrors replay.Patch: an object patches an object (null removes a key) or an
  // array by index; {"=": v} replaces; anything else replaces. Like replay.Patch, it refuses an
  // index outside the array and an object patch on anything but an object or an array.
  function applyPatch(doc, p) {
    if (p === null || p === undefined) return doc;
    if (typeof p !== "object" || Array.isArray(p)) return p;
    const keys = Object.keys(p);
    if (keys.length === 1 && keys[0] === "=") return p["="];
    if (Array.isArray(doc)) {
      const out = doc.slice();
      for (const k of keys) {
        const i = /^[+-]?[0-9]+$/.test(k) ? parseInt(k, 10) : NaN;
        if (!(i >= 0 && i < out.length)) throw new Error("index " + JSON.stringify(k) + " out of an array of " + out.length);
        out[i] = p[k] === null ? null : applyPatch(out[i], p[k]);
      }
      return out;
    }
    if (doc === null || typeof doc !== "object") throw new Error("an object patch on " + (doc === null || doc === undefined ? "nothing" : typeof doc));
    const out = Object.assign({}, doc);
    for (const k of keys.sort()) {
      if (p[k] === null) delete out[k];
      else out[k] = applyPatch(out[k], p[k]);
    }
    return out;
  }

  // ---------------------------------------------------------------- checking a replay
  // The page refuses what Go's replay.Read and replay.Verify refuse, with a message naming the
  // line and the field: a line that is not JSON or nests deeper than encoding/json allows, a
  // first line that is not a header, another format, a second header, a record after the end,
  // an unknown record type, step indices that do not count 0, 1, 2, …, a field of the wrong
  // type (a number where a string is expected, 0.5 for an integer, a number out of its Go
  // type's range: 1e999, a float32 beyond 3.4e38, an int32 beyond 2^31), a hash that is not
  // 64-bit hexadecimal, a view patch that does not apply. Where Verify compares with a replayed
  // game, which a page cannot do, the page bounds what it would otherwise trust: a piece index
  // is below MAX_PIECES, a frame lists whole [piece, x, y, angle] groups, fixed-size tuples
  // have their size.
  const MAX_DEPTH = 10000; // encoding/json's nesting limit
  const MAX_PIECES = 4096; // a table holds far fewer pieces; Verify refuses any index the game did not make
  const MAX_TEXT = 256 * 1024 * 1024; // bytes of JSON lines a page reads (a gzip bomb stops here)
  const F32 = 3.4028234663852886e38;

  // depthOf returns how deeply a JSON text nests arrays and objects (strings skipped).
  function depthOf(text) {
    let d = 0, max = 0, inStr = false;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (inStr) {
        if (c === 92) i++; // backslash: skip the escaped character
        else if (c === 34) inStr = false;
      } else if (c === 34) inStr = true;
      else if (c === 91 || c === 123) { if (++d > max) max = d; }
      else if (c === 93 || c === 125) d--;
    }
    return max;
  }

  // parseLine parses line n of a replay.
  function parseLine(text, n) {
    if (depthOf(text) > MAX_DEPTH) throw new Error("line " + n + ": nested deeper than " + MAX_DEPTH + " levels (exceeded max depth)");
    try {
      return JSON.parse(text);
    } catch (err) {
      throw new Error("line " + n + ": not JSON: " + err.message);
    }
  }

  // The field checks: each throws an Error naming the field. A missing field (undefined or
  // null) is allowed where Go would leave a zero value.
  const isNone = (v) => v === undefined || v === null;
  function fail(path, what, v) {
    let shown;
    try { shown = JSON.stringify(v); } catch (e) { shown = String(v); }
    if (typeof v === "number" && !isFinite(v)) shown = String(v);
    if (shown && shown.length > 40) shown = shown.slice(0, 40) + "…";
    throw new Error(path + ": " + shown + " is not " + what);
  }
  function cStr(v, path) { if (!isNone(v) && typeof v !== "string") fail(path, "a string", v); }
  function cBool(v, path) { if (!isNone(v) && typeof v !== "boolean") fail(path, "true or false", v); }
  function cNum(v, path, f32) {
    if (isNone(v)) return;
    if (typeof v !== "number") fail(path, "a number", v);
    if (!isFinite(v)) fail(path, "a finite number", v);
    if (f32 && Math.abs(v) > F32) fail(path, "within a float32's range", v);
  }
  function cInt(v, path, lo, hi) {
    if (isNone(v)) return;
    if (typeof v !== "number" || !Number.isInteger(v)) fail(path, "an integer", v);
    lo = lo === undefined ? -Number.MAX_SAFE_INTEGER : lo;
    hi = hi === undefined ? Number.MAX_SAFE_INTEGER : hi;
    if (v < lo || v > hi) fail(path, "an integer in [" + lo + ", " + hi + "]", v);
  }
  function cPiece(v, path) { cInt(v, path, 0, MAX_PIECES - 1); }
  function cObj(v, path) { if (!isNone(v) && (typeof v !== "object" || Array.isArray(v))) fail(path, "an object", v); }
  function cArr(v, path, each) {
    if (isNone(v)) return;
    if (!Array.isArray(v)) fail(path, "an array", v);
    if (each) v.forEach((x, i) => each(x, path + "[" + i + "]"));
  }
  function cTuple(v, path, n, each) {
    if (isNone(v)) return;
    if (!Array.isArray(v) || v.length !== n) fail(path, "an array of " + n, v);
    v.forEach((x, i) => each(x, path + "[" + i + "]", i));
  }
  function cHash(v, path) {
    if (isNone(v)) return;
    if (typeof v !== "string" || !/^[0-9a-fA-F]+$/.test(v) || v.replace(/^0+/, "").length > 16) fail(path, "a 64-bit hexadecimal hash", v);
  }
  const cI64 = (v, path) => cInt(v, path);

  function checkHeader(h) {
    cStr(h.format, "format");
    if (h.format !== FORMAT) throw new Error("format " + JSON.stringify(h.format) + ", this viewer knows " + JSON.stringify(FORMAT));
    cStr(h.game, "game");
    cObj(h.options, "options");
    for (const [k, v] of Object.entries(h.options || {})) cStr(v, "options." + k);
    if (!isNone(h.seed)) {
      cObj(h.seed, "seed");
      if (!isNone(h.seed.key) && (typeof h.seed.key !== "string" || !/^[0-9]{1,20}$/.test(h.seed.key) || BigInt(h.seed.key) >= 1n << 64n)) fail("seed.key", "a 64-bit unsigned integer in a string", h.seed.key);
      cInt(h.seed.episode, "seed.episode", 0);
    }
    cArr(h.players, "players", cStr);
    cStr(h.title, "title");
    cArr(h.heads, "heads", (hd, p) => { cObj(hd, p); cStr(hd.name, p + ".name"); cArr(hd.values, p + ".values", cStr); });
    cArr(h.dims, "dims", (d, p) => { cObj(d, p); cStr(d.name, p + ".name"); cStr(d.unit, p + ".unit"); });
    cNum(h.frame_interval, "frame_interval");
    if (!isNone(h.table)) {
      cObj(h.table, "table");
      cNum(h.table.width, "table.width");
      cNum(h.table.height, "table.height");
    }
    cObj(h.pieces, "pieces");
    for (const [k, ps] of Object.entries(h.pieces || {})) {
      const p = "pieces." + k;
      cObj(ps, p);
      if (!ps) continue;
      cStr(ps.shape, p + ".shape");
      for (const f of ["r", "hl", "hw", "h"]) cNum(ps[f], p + "." + f);
      cBool(ps.topples, p + ".topples");
    }
    cHash(h.hash, "hash");
    if (!isNone(h.drawing)) checkDrawing(h.drawing);
  }

  // checkDrawing checks a header's drawing description (replay.Drawing; Go's
  // Drawing.Validate): its types, its shapes, and its sizes (MAX_ITEMS, MAX_PATH).
  const MAX_ITEMS = 4096, MAX_PATH = 16;
  const FEATURE_POINTS = { rect: 2, circle: 1, polygon: 3, line: 2, text: 1 };
  function checkDrawing(d) {
    const p = "drawing";
    if (typeof d !== "object" || Array.isArray(d)) fail(p, "an object", d);
    const pt = (v, q) => cTuple(v, q, 2, (x, r) => { cNum(x, r); if (isNone(x)) fail(r, "a number", x); });
    cObj(d.area, p + ".area");
    const a = d.area || {};
    pt(a.min, p + ".area.min");
    pt(a.max, p + ".area.max");
    if (!a.min || !a.max || !(a.max[0] > a.min[0]) || !(a.max[1] > a.min[1])) fail(p + ".area", "a rectangle with min below and left of max", a);
    for (const f of ["background", "style"]) cStr(d[f], p + "." + f);
    const bounded = (v, q) => { cArr(v, q); if (v && v.length > MAX_ITEMS) fail(q, "at most " + MAX_ITEMS + " items long", v.length); };
    bounded(d.features, p + ".features");
    (d.features || []).forEach((f, i) => {
      const q = p + ".features[" + i + "]";
      cObj(f, q);
      if (!f || !FEATURE_POINTS[f.shape]) fail(q + ".shape", "rect, circle, polygon, line or text", f && f.shape);
      bounded(f.points, q + ".points");
      if (!f.points || f.points.length < FEATURE_POINTS[f.shape]) fail(q + ".points", FEATURE_POINTS[f.shape] + " points or more", f.points);
      f.points.forEach((x, j) => pt(x, q + ".points[" + j + "]"));
      for (const k of ["r", "width", "size"]) { cNum(f[k], q + "." + k); if (f[k] < 0) fail(q + "." + k, "not negative", f[k]); }
      for (const k of ["fill", "stroke", "text", "ink"]) cStr(f[k], q + "." + k);
      cBool(f.dashed, q + ".dashed");
    });
    bounded(d.pieces, p + ".pieces");
    (d.pieces || []).forEach((ps, i) => {
      const q = p + ".pieces[" + i + "]";
      cObj(ps, q);
      if (!ps) fail(q, "an object", ps);
      cArr(ps.path, q + ".path", cStr);
      if (!ps.path || !ps.path.length || ps.path.length > MAX_PATH || ps.path.some((k) => !k)) fail(q + ".path", "1 to " + MAX_PATH + " keys, none empty", ps.path);
      for (const k of ["name", "x", "y", "pos", "angle", "angle_unit", "index", "text"]) cStr(ps[k], q + "." + k);
      cBool(ps.glide, q + ".glide");
      if (!ps.pos && (!ps.x || (!ps.y && isNone(ps.lattice)))) fail(q, "a set whose x and y (y may be empty with a lattice), or pos, name fields", ps.x);
      if (!isNone(ps.lattice)) {
        cObj(ps.lattice, q + ".lattice");
        for (const k of ["origin", "u", "v"]) pt(ps.lattice[k], q + ".lattice." + k);
      }
      if (!isNone(ps.angle_unit) && ps.angle_unit !== "rad" && ps.angle_unit !== "deg") fail(q + ".angle_unit", "rad or deg", ps.angle_unit);
      for (const k of ["when", "unless"]) {
        cObj(ps[k], q + "." + k);
        for (const [f, v] of Object.entries(ps[k] || {})) cStr(v, q + "." + k + "." + f);
      }
      cArr(ps.key, q + ".key", cStr);
      cObj(ps.styles, q + ".styles");
      const styles = Object.entries(ps.styles || {});
      if (!styles.length || styles.length > MAX_ITEMS) fail(q + ".styles", "1 to " + MAX_ITEMS + " styles", styles.length);
      for (const [name, st] of styles) {
        const r = q + ".styles[" + JSON.stringify(name) + "]";
        cObj(st, r);
        if (!st || !["circle", "box", "octagon"].includes(st.shape)) fail(r + ".shape", "circle, box or octagon", st && st.shape);
        for (const k of ["r", "hl", "hw", "h"]) cNum(st[k], r + "." + k);
        if (st.shape === "box" ? !(st.hl > 0 && st.hw > 0) : !(st.r > 0)) fail(r, "a shape with its size", st);
        for (const k of ["fill", "stroke", "ring", "label", "ink"]) cStr(st[k], r + "." + k);
      }
    });
    bounded(d.seats, p + ".seats");
    (d.seats || []).forEach((st, i) => { cObj(st, p + ".seats[" + i + "]"); cStr(st && st.name, p + ".seats[" + i + "].name"); cStr(st && st.colour, p + ".seats[" + i + "].colour"); });
    for (const k of ["scores", "turn", "winner", "over", "phase"]) {
      cArr(d[k], p + "." + k, cStr);
      if (d[k] && d[k].length > MAX_PATH) fail(p + "." + k, "at most " + MAX_PATH + " keys", d[k].length);
    }
    if (!isNone(d.trace_offset)) pt(d.trace_offset, p + ".trace_offset");
  }

  function checkFlick(f, p) {
    cObj(f, p);
    cPiece(f.piece, p + ".piece");
    cTuple(f.asked, p + ".asked", 2, cI64);
    cTuple(f.v, p + ".v", 2, cI64);
    cArr(f.start, p + ".start", (x, q) => cTuple(x, q, 4, (y, r, i) => (i === 0 ? cPiece : cI64)(y, r)));
    cArr(f.hide, p + ".hide", cPiece);
    cArr(f.frames, p + ".frames", (fr, q) => {
      cArr(fr, q);
      if (!fr.length || (fr.length - 1) % 4 !== 0) fail(q, "[t, piece, x, y, angle, …]", fr);
      fr.forEach((y, i) => (i > 0 && i % 4 === 1 ? cPiece : cI64)(y, q + "[" + i + "]"));
    });
    cArr(f.contacts, p + ".contacts", (x, q) => cTuple(x, q, 5, (y, r, i) => (i < 2 ? cPiece : cI64)(y, r)));
    cArr(f.falls, p + ".falls", (x, q) => cTuple(x, q, 3, (y, r, i) => (i < 2 ? cPiece : cI64)(y, r)));
    cArr(f.off, p + ".off", (x, q) => cTuple(x, q, 2, (y, r, i) => (i === 0 ? cPiece : cI64)(y, r)));
    cI64(f.t, p + ".t");
    cInt(f.steps, p + ".steps");
    cBool(f.capped, p + ".capped");
    cHash(f.digest, p + ".digest");
  }

  function checkStep(s) {
    cInt(s.player, "player");
    cObj(s.action, "action");
    if (s.action) {
      cArr(s.action.d, "action.d", (v, p) => cInt(v, p, -2147483648, 2147483647));
      cArr(s.action.c, "action.c", (v, p) => cNum(v, p, true));
    }
    cStr(s.label, "label");
    cStr(s.status, "status");
    cHash(s.hash, "hash");
    cArr(s.flicks, "flicks", checkFlick);
  }

  function checkEnd(e) {
    cStr(e.status, "status");
    cArr(e.outcome, "outcome", (v, p) => cNum(v, p, true));
    cStr(e.note, "note");
    cInt(e.steps, "steps");
    cHash(e.hash, "hash");
  }

  // Checker checks a replay's records in order, as replay.Read reads them.
  class Checker {
    constructor() {
      this.header = false;
      this.steps = 0;
      this.ended = false;
    }
    // record checks rec, read from line n; it throws an Error naming the line and the field.
    record(rec, n) {
      try {
        this.check(rec);
      } catch (err) {
        throw new Error("line " + n + ": " + err.message);
      }
    }
    check(rec) {
      if (rec === null || typeof rec !== "object" || Array.isArray(rec)) throw new Error("a record is a JSON object, not " + JSON.stringify(rec).slice(0, 40));
      cStr(rec.type, "type");
      const type = rec.type || "";
      if (!this.header && type !== "header") throw new Error("the first line is a " + JSON.stringify(type) + " record, not a header");
      if (this.ended) throw new Error("a " + JSON.stringify(type) + " record after the end");
      switch (type) {
        case "header":
          if (this.header) throw new Error("a second header");
          checkHeader(rec);
          this.header = true;
          break;
        case "step": {
          cInt(rec.i, "i");
          const i = rec.i || 0;
          if (i !== this.steps) throw new Error("step " + i + " where step " + this.steps + " was expected");
          checkStep(rec);
          this.steps++;
          break;
        }
        case "end":
          checkEnd(rec);
          this.ended = true;
          break;
        default:
          throw new Error("unknown record type " + JSON.stringify(type));
      }
    }
  }

  // ---------------------------------------------------------------- the game model
  // Game holds one replay, built step by step (so that a live game grows as it is played):
  // the view after each step, and the timeline: each step is a segment of its flicks'
  // simulated time followed by a short hold on its result.
  class Game {
    constructor(header) {
      if (header.format !== FORMAT) throw new Error("not a " + FORMAT + " replay: " + header.format);
      this.h = header;
      this.steps = [];
      this.views = [header.view || {}];
      this.seg = [];
      this.total = 0;
      this.end = null;
      this.tab = { on: [], pos: [] }; // the table at the end of the last flick
      this.maxHP = {};
      this.noteHP(this.views[0]);
      // The drawing: the game's own description (replay.Drawing), or, in a replay older than
      // descriptions, a Flick 'em Up! table.
      this.d = header.drawing || null;
      this.style = this.d ? this.d.style || "" : "flickemup";
      const t = header.table || { width: 90, height: 90 };
      const area = this.d ? this.d.area : { min: [0, 0], max: [t.width, t.height] };
      this.x0 = area.min[0];
      this.y0 = area.min[1];
      this.W = area.max[0] - area.min[0];
      this.H = area.max[1] - area.min[1];
      this.off = (this.d && this.d.trace_offset) || [0, 0]; // view = trajectory + off, cm
    }
    noteHP(v) {
      for (const c of v.cowboys || []) this.maxHP[c.id] = Math.max(this.maxHP[c.id] || 0, c.hp);
    }
    addStep(s) {
      const prev = this.views[this.views.length - 1];
      const view = applyPatch(prev, s.view);
      this.views.push(view);
      this.noteHP(view);
      const flicks = [];
      let anim = 0;
      for (const f of s.flicks || []) {
        for (const i of f.hide || []) this.tab.on[i] = false;
        for (const [i, x, y, a] of f.start || []) {
          this.tab.on[i] = true;
          this.tab.pos[i] = [x, y, a];
        }
        const startOn = this.tab.on.slice();
        const startPos = this.tab.pos.map((p) => p.slice());
        for (const fr of f.frames || []) {
          for (let j = 1; j + 3 < fr.length; j += 4) this.tab.pos[fr[j]] = [fr[j + 1], fr[j + 2], fr[j + 3]];
        }
        for (const [i] of f.off || []) this.tab.on[i] = false;
        const dur = Math.max(f.t / TIME, 0);
        flicks.push({ f, t0: anim, dur, startOn, startPos });
        anim += dur;
      }
      // Without flicks, the pieces of gliding sets that moved slide from their place before
      // to their place after, all at once.
      const glides = flicks.length || !this.d ? [] : glidesOf(this.d, prev, view);
      if (glides.length) anim = Math.max(GLIDE_MIN, ...glides.map((m) => Math.hypot(m.to[0] - m.from[0], m.to[1] - m.from[1]) / GLIDE_SPEED));
      const hold = flicks.length ? HOLD_FLICK : HOLD_PLAIN;
      this.seg.push({ t0: this.total, anim, hold, flicks, glides });
      this.total += anim + hold;
      this.steps.push(s);
    }
    // at returns what the timeline shows at time t: the step k (-1 before the first), whether
    // a flick is being animated (flick, tau) or the step's result is held, and the view.
    at(t) {
      const n = this.steps.length;
      if (n === 0 || t <= 0) return { k: -1, view: this.views[0], anim: false };
      let lo = 0, hi = n - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (this.seg[mid].t0 <= t) lo = mid; else hi = mid - 1;
      }
      const k = lo, sg = this.seg[k];
      const local = Math.min(t - sg.t0, sg.anim + sg.hold);
      if (local < sg.anim && !sg.flicks.length) return { k, anim: true, glide: local / sg.anim, view: this.views[k] };
      if (local < sg.anim) {
        let j = 0;
        while (j + 1 < sg.flicks.length && sg.flicks[j + 1].t0 <= local) j++;
        const fl = sg.flicks[j];
        return { k, anim: true, fl, j, tau: Math.min(local - fl.t0, fl.dur), view: this.views[k] };
      }
      return { k, anim: false, since: local - sg.anim, view: this.views[k + 1] };
    }
    // afterAction returns the time at which step k's result is first shown.
    afterAction(k) {
      if (k < 0) return 0;
      const sg = this.seg[Math.min(k, this.seg.length - 1)];
      return sg.t0 + sg.anim + 1e-6; // t = 0 is the opening, even before an instant step
    }
  }

  // ---------------------------------------------------------------- the player state
  const S = {
    game: null,
    t: 0,
    playing: false,
    speed: 1,
    stopAt: null, // pause when the playhead reaches this time
    live: false,
    follow: true, // a live game: keep the playhead at the newest step
    lastK: null, // the step shown in the side panel
    ready: false,
    source: "",
  };

  // ---------------------------------------------------------------- loading
  // parseLines parses and checks a whole replay (see Checker).
  function parseLines(text) {
    const recs = [];
    const chk = new Checker();
    const lines = text.split("\n");
    for (let n = 0; n < lines.length; n++) {
      const s = lines[n].trim();
      if (!s) continue;
      const rec = parseLine(s, n + 1);
      chk.record(rec, n + 1);
      recs.push({ rec, n: n + 1 });
    }
    if (!recs.length) throw new Error("the replay is empty");
    return recs;
  }

  // loadRecords shows a replay checked by parseLines; a step whose view patch does not apply
  // stops it with the line's number.
  function loadRecords(recs, title) {
    const g = new Game(recs[0].rec);
    for (const { rec, n } of recs.slice(1)) {
      try {
        if (rec.type === "step") g.addStep(rec);
        else if (rec.type === "end") g.end = rec;
      } catch (err) {
        throw new Error("line " + n + ": step " + rec.i + ": view: " + err.message);
      }
    }
    setGame(g, title);
    S.ready = true;
  }

  function setGame(g, title) {
    S.game = g;
    S.t = 0;
    S.lastK = null;
    S.stopAt = null;
    buildActions();
    const own = g.style === "flickemup";
    for (const id of ["clock", "teams", "legend"]) $(id).hidden = !own;
    $("seats").hidden = own;
    $("drop-hint").hidden = true;
    const h = g.h;
    const names = h.players && h.players.length ? h.players.join(" vs ") : "";
    const scen = (g.views[0] && g.views[0].scenario) || h.game;
    const extra = h.title || (title && title !== scen ? title : "");
    $("title").textContent = [scen, names, extra].filter(Boolean).join(" · ");
    $("who-lawmen").textContent = h.players && h.players[0] ? h.players[0] : "";
    $("who-outlaws").textContent = h.players && h.players[1] ? h.players[1] : "";
    layout();
  }

  // feed adds one record of the current game (a live stream feeds them one by one).
  function feed(r) {
    const g = S.game;
    if (r.type === "header") {
      setGame(new Game(r));
      S.ready = true;
      return;
    }
    if (!g) return;
    if (r.type === "step") {
      g.addStep(r);
      appendAction(g.steps.length - 1);
    } else if (r.type === "end") {
      g.end = r;
    }
  }

  // gunzip inflates a gzip file, up to MAX_TEXT bytes; a corrupt or truncated file is an
  // error that says so (the browser's own message is a bare "Failed to fetch").
  async function gunzip(bytes) {
    const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip")).getReader();
    const parts = [];
    let total = 0;
    for (;;) {
      let r;
      try {
        r = await reader.read();
      } catch (err) {
        throw new Error("the file is not valid gzip: it starts like gzip but does not decompress (corrupt or truncated)");
      }
      if (r.done) break;
      total += r.value.length;
      if (total > MAX_TEXT) {
        reader.cancel().catch(() => {});
        throw new Error("the replay decompresses to more than " + MAX_TEXT / (1024 * 1024) + " MiB: not read");
      }
      parts.push(r.value);
    }
    return await new Blob(parts).text();
  }

  async function bytesToText(buf) {
    const b = new Uint8Array(buf);
    if (b.length > 2 && b[0] === 0x1f && b[1] === 0x8b) return await gunzip(b);
    return new TextDecoder().decode(b);
  }

  async function loadURL(url) {
    stopLive();
    const resp = await fetch(url);
    if (!resp.ok) throw new Error(url + ": " + resp.status + " " + resp.statusText);
    const text = await bytesToText(await resp.arrayBuffer());
    loadRecords(parseLines(text), decodeURIComponent(url.split("/").pop()));
    S.source = url;
  }

  async function loadFile(file) {
    stopLive();
    const text = await bytesToText(await file.arrayBuffer());
    loadRecords(parseLines(text), file.name);
    S.source = file.name;
  }

  function b64bytes(s) {
    const bin = atob(s);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  }

  let embedded = [];
  async function loadEmbedded(i) {
    stopLive();
    const e = embedded[i];
    const text = await bytesToText(b64bytes(e.gz));
    loadRecords(parseLines(text), e.name);
    S.source = "embedded:" + i;
  }

  let es = null;
  // A live stream may start games faster than they can be watched (env 0 of a training pool
  // plays a game in seconds): the viewer plays the current game to its end, then jumps to the
  // newest game, skipping those in between. A new header means the current game will get no
  // more lines.
  let pending = null; // the newest game, while the current one is being watched
  function startLive(url) {
    stopLive();
    S.live = true;
    S.follow = true;
    $("live-badge").hidden = false;
    es = new EventSource(url);
    let chk = new Checker(), bad = false; // the current game's checker; bad: skip to the next header
    let n = 0; // records of the stream
    es.onmessage = (ev) => {
      n++;
      let r;
      try {
        r = parseLine(ev.data, n);
        if (r && r.type === "header") {
          chk = new Checker();
          bad = false;
        }
        if (bad) return;
        chk.record(r, n);
      } catch (err) {
        bad = true;
        showError(new Error("live stream: " + err.message));
        return;
      }
      if (r.type === "header") {
        const g = new Game(r);
        if (!S.game || !S.game.steps.length || S.t >= S.game.total - 1e-9) {
          pending = null;
          setGame(g);
          S.ready = true;
          S.playing = true;
        } else {
          pending = g;
        }
        S.dirty = true;
        return;
      }
      try {
        if (pending) {
          if (r.type === "step") pending.addStep(r);
          else if (r.type === "end") pending.end = r;
          return;
        }
        const wasAtEnd = S.game && S.t >= S.game.total - 1e-9;
        feed(r);
        if (S.follow && S.game && !S.playing && wasAtEnd) S.playing = true;
      } catch (err) {
        bad = true;
        showError(new Error("live stream: line " + n + ": step " + r.i + ": view: " + err.message));
      }
    };
    S.source = "live";
  }
  // nextLive switches to the newest game once the current one has been watched to its end.
  function nextLive() {
    if (!pending || !S.game || S.t < S.game.total - 1e-9) return;
    const g = pending;
    pending = null;
    setGame(g);
    S.playing = S.follow;
  }
  function stopLive() {
    if (es) es.close();
    es = null;
    pending = null;
    S.live = false;
    $("live-badge").hidden = true;
  }

  function showError(err) {
    console.error(String(err && err.message ? err.message : err));
    $("drop-hint").hidden = false;
    $("drop-hint").textContent = "Could not load the replay: " + (err && err.message ? err.message : err);
  }

  // ---------------------------------------------------------------- geometry
  let scale = 8, dpr = 1;
  function layout() {
    const g = S.game;
    const W = g ? g.W : 90, H = g ? g.H : 90;
    // the table fills the height left by the header and the controls, up to 780 px, and
    // leaves room for the side panel; a narrow window stacks the panel under it
    const narrow = window.innerWidth < 760;
    document.body.classList.toggle("narrow", narrow);
    const chrome = $("top").offsetHeight + $("controls").offsetHeight + 20;
    let css = narrow ? window.innerWidth - 20 : Math.min(1000, window.innerHeight - chrome, window.innerWidth - 350);
    css = Math.max(300, Math.floor(css));
    canvas.style.width = canvas.style.height = css + "px";
    $("side").style.maxHeight = narrow ? "" : css + "px";
    dpr = window.devicePixelRatio || 1;
    canvas.width = Math.round(css * dpr);
    canvas.height = Math.round(css * dpr);
    scale = (css - 2 * MARGIN) / Math.max(W, H);
    clockCanvas.width = 92 * dpr;
    clockCanvas.height = 92 * dpr;
    S.lastK = null; // redraw the panel (and its clock) too
    S.dirty = true;
  }
  // X and Y turn table cm into canvas px (y grows up on the table, down on the screen).
  function X(x) { return MARGIN + (x - (S.game ? S.game.x0 : 0)) * scale; }
  function Y(y) { return MARGIN + ((S.game ? S.game.y0 + S.game.H : 90) - y) * scale; }
  // at screen position of table point (x, y), rotated by table angle a (radians).
  function place(x, y, a) {
    ctx.translate(X(x), Y(y));
    ctx.rotate(-a);
  }
  const deg = (d) => (d * Math.PI) / 180;

  // ---------------------------------------------------------------- drawing the table
  function drawTable() {
    const g = S.game;
    const W = g ? g.W : 90, H = g ? g.H : 90;
    ctx.save();
    ctx.fillStyle = "#f3ead8";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    // the table top: sand-coloured wood with a 10 cm grid
    const grd = ctx.createLinearGradient(X(0), Y(H), X(W), Y(0));
    grd.addColorStop(0, "#ecd9ae");
    grd.addColorStop(1, "#e2c993");
    ctx.fillStyle = grd;
    ctx.fillRect(X(0), Y(H), W * scale, H * scale);
    ctx.strokeStyle = "rgba(140, 105, 60, 0.16)";
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let x = 10; x < W; x += 10) { ctx.moveTo(X(x), Y(0)); ctx.lineTo(X(x), Y(H)); }
    for (let y = 10; y < H; y += 10) { ctx.moveTo(X(0), Y(y)); ctx.lineTo(X(W), Y(y)); }
    ctx.stroke();
    ctx.strokeStyle = "#8a6a3d";
    ctx.lineWidth = 2;
    ctx.strokeRect(X(0), Y(H), W * scale, H * scale);
    // the teams' edges
    ctx.fillStyle = "rgba(232, 185, 35, 0.35)";
    ctx.fillRect(X(0), Y(0) - 4, W * scale, 4);
    ctx.fillStyle = "rgba(52, 48, 44, 0.35)";
    ctx.fillRect(X(0), Y(H), W * scale, 4);
    ctx.font = "600 10px system-ui, sans-serif";
    ctx.fillStyle = "rgba(90, 66, 36, 0.75)";
    ctx.textAlign = "left";
    ctx.textBaseline = "bottom";
    ctx.fillText("lawmen's edge", X(1), Y(0) - 6);
    ctx.textBaseline = "top";
    ctx.fillText("outlaws' edge", X(1), Y(H) + 6);
    ctx.textAlign = "right";
    ctx.textBaseline = "bottom";
    ctx.fillText("10 cm grid", X(W) - 3, Y(0) - 6);
    ctx.restore();
  }

  function shapeOf(kind) {
    const p = S.game && S.game.h.pieces && S.game.h.pieces[kind];
    return p || { shape: "circle", r: 1.5, h: 1 };
  }

  function roundRect(x, y, w, h, r) {
    ctx.beginPath();
    ctx.moveTo(x + r, y);
    ctx.arcTo(x + w, y, x + w, y + h, r);
    ctx.arcTo(x + w, y + h, x, y + h, r);
    ctx.arcTo(x, y + h, x, y, r);
    ctx.arcTo(x, y, x + w, y, r);
    ctx.closePath();
  }

  // drawBuilding draws a building's floor behind its door, its walls, its name, and what lies
  // inside: tokens and cowboys (inside a building a cowboy is off the table).
  function drawBuilding(b, view, pieces) {
    const blk = shapeOf("support-block");
    const half = b.width / 2 + 2 * (blk.hl || 1.5);
    const depth = b.depth;
    const a = deg(b.facing);
    ctx.save();
    // local frame: x along the door line (to the building's right seen from the street is -x),
    // y towards the street; the floor is y in [-depth, 0].
    place(b.door_x, b.door_y, a - Math.PI / 2);
    const s = scale;
    ctx.fillStyle = "rgba(150, 98, 52, 0.30)";
    ctx.fillRect(-half * s, 0, 2 * half * s, depth * s);
    // planks
    ctx.strokeStyle = "rgba(120, 78, 40, 0.22)";
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let x = -half + 2; x < half; x += 2) { ctx.moveTo(x * s, 0); ctx.lineTo(x * s, depth * s); }
    ctx.stroke();
    // walls: back and sides, and the front up to the blocks
    ctx.strokeStyle = "#6b4423";
    ctx.lineWidth = Math.max(2, 0.5 * s);
    ctx.beginPath();
    const inner = b.width / 2;
    ctx.moveTo(-inner * s, 0);
    ctx.lineTo(-half * s, 0);
    ctx.lineTo(-half * s, depth * s);
    ctx.lineTo(half * s, depth * s);
    ctx.lineTo(half * s, 0);
    ctx.lineTo(inner * s, 0);
    ctx.stroke();
    // the door: a dashed threshold
    ctx.setLineDash([3, 3]);
    ctx.strokeStyle = b.closed ? "#b91c1c" : "rgba(107, 68, 35, 0.8)";
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.moveTo(-inner * s, 0);
    ctx.lineTo(inner * s, 0);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.restore();

    // the name by the back wall, upright; what lies inside in rows from the door: the cowboys,
    // then the tokens on the blocks ("not allowed" shows as the red sign at the door)
    const f = [Math.cos(a), Math.sin(a)], along = [-f[1], f[0]];
    const at = (u, d) => [b.door_x + along[0] * u - f[0] * d, b.door_y + along[1] * u - f[1] * d];
    ctx.save();
    ctx.font = "700 10px system-ui, sans-serif";
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillStyle = "rgba(74, 46, 22, 0.9)";
    const name = b.kind.replace("-", " ").toUpperCase();
    const side = Math.abs(f[0]) > 0.7; // the door faces east or west: the name runs across the depth
    const room = side ? depth : 2 * half; // the building's width on screen, cm
    const lines = ctx.measureText(name).width > (room - 1) * scale && name.includes(" ") ? name.split(" ") : [name];
    const wide = Math.max(...lines.map((l) => ctx.measureText(l).width)) / scale; // cm
    const back = side ? depth - wide / 2 - 0.5 : depth - 0.7 - 0.45 * lines.length * 12 / scale;
    const [cx, cy] = at(0, Math.max(depth / 2, back));
    lines.forEach((l, i) => ctx.fillText(l, X(cx), Y(cy) + (i - (lines.length - 1) / 2) * 12));
    ctx.restore();
    const toks = (view.tokens || []).filter((t) => t.place === "building" && t.where === b.kind && t.kind !== "not-allowed");
    const ins = (view.cowboys || []).filter((c) => c.inside === b.kind && c.alive);
    const items = [...ins.map((c) => ({ c })), ...toks.map((t) => ({ t }))];
    const cell = 3.1; // cm between items
    const cols = Math.max(1, Math.floor((2 * half - 1.5) / cell));
    items.forEach((it, i) => {
      const row = Math.floor(i / cols), col = i % cols;
      const n = Math.min(cols, items.length - row * cols);
      const [x, y] = at((col - (n - 1) / 2) * cell, 2.1 + row * cell);
      if (it.c) drawFigureBadge(it.c, x, y, 1.1);
      else drawToken(it.t, x, y);
    });
    if (b.closed) {
      const x = b.door_x + f[0] * 0.3, y = b.door_y + f[1] * 0.3;
      ctx.save();
      ctx.fillStyle = "#b91c1c";
      ctx.beginPath();
      ctx.arc(X(x), Y(y), 1.1 * scale, 0, 2 * Math.PI);
      ctx.fill();
      ctx.fillStyle = "white";
      ctx.fillRect(X(x) - 0.7 * scale, Y(y) - 0.2 * scale, 1.4 * scale, 0.4 * scale);
      ctx.restore();
    }
  }

  function drawToken(t, x, y) {
    const [col, ch] = TOKEN[t.face_up || t.kind !== "hidden" ? t.kind : "hidden"] || TOKEN.hidden;
    const r = 1.0 * scale;
    ctx.save();
    ctx.fillStyle = col;
    ctx.strokeStyle = "rgba(40, 25, 10, 0.8)";
    ctx.lineWidth = 1;
    roundRect(X(x) - r, Y(y) - r, 2 * r, 2 * r, 3);
    ctx.fill();
    ctx.stroke();
    ctx.fillStyle = t.kind === "documents" || t.kind === "gold" || t.kind === "water" ? "#2b2118" : "white";
    ctx.font = "700 " + Math.round(1.3 * scale) + "px system-ui, sans-serif";
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(ch, X(x), Y(y) + 0.5);
    ctx.restore();
  }

  // drawPiece draws a piece that is not a figure.
  function drawPiece(kind, x, y, a, extra) {
    const sp = shapeOf(kind);
    const s = scale;
    ctx.save();
    place(x, y, a);
    ctx.lineWidth = 1.2;
    switch (kind) {
      case "movement-disc": {
        ctx.fillStyle = "#d9a866";
        ctx.strokeStyle = "#7a4f22";
        ctx.beginPath();
        ctx.arc(0, 0, sp.r * s, 0, 2 * Math.PI);
        ctx.fill();
        ctx.stroke();
        ctx.beginPath();
        ctx.arc(0, 0, sp.r * s * 0.6, 0, 2 * Math.PI);
        ctx.stroke();
        if (extra && extra.cowboy) {
          ctx.rotate(a);
          ctx.strokeStyle = HAT[extra.cowboy.hat] || "#555";
          ctx.lineWidth = 3;
          ctx.beginPath();
          ctx.arc(0, 0, sp.r * s - 1.5, 0, 2 * Math.PI);
          ctx.stroke();
          ctx.fillStyle = "#2b2118";
          ctx.font = "700 " + Math.round(1.5 * s) + "px system-ui, sans-serif";
          ctx.textAlign = "center";
          ctx.textBaseline = "middle";
          ctx.fillText(String(extra.cowboy.id.split(":")[1]), 0, 1);
        }
        break;
      }
      case "bullet": {
        ctx.fillStyle = "#8d8d8d";
        ctx.strokeStyle = "#3f3f3f";
        ctx.beginPath();
        ctx.arc(0, 0, sp.r * s, 0, 2 * Math.PI);
        ctx.fill();
        ctx.stroke();
        ctx.fillStyle = "#c4c4c4";
        ctx.beginPath();
        ctx.arc(-sp.r * s * 0.3, -sp.r * s * 0.3, sp.r * s * 0.35, 0, 2 * Math.PI);
        ctx.fill();
        break;
      }
      case "dynamite": {
        ctx.fillStyle = "#dc2626";
        ctx.strokeStyle = "#7f1d1d";
        ctx.beginPath();
        for (let k = 0; k < 8; k++) {
          const t = (k * Math.PI) / 4;
          ctx.lineTo(sp.r * s * Math.cos(t), sp.r * s * Math.sin(t));
        }
        ctx.closePath();
        ctx.fill();
        ctx.stroke();
        break;
      }
      case "barrel": {
        ctx.fillStyle = "#9a6332";
        ctx.strokeStyle = "#4a2e14";
        ctx.beginPath();
        ctx.arc(0, 0, sp.r * s, 0, 2 * Math.PI);
        ctx.fill();
        ctx.stroke();
        ctx.beginPath();
        ctx.arc(0, 0, sp.r * s * 0.72, 0, 2 * Math.PI);
        ctx.stroke();
        break;
      }
      case "tumbleweed": {
        ctx.strokeStyle = "#a07a3c";
        ctx.lineWidth = 1.3;
        for (let k = 0; k < 7; k++) {
          ctx.beginPath();
          ctx.arc(Math.cos(k * 2.4) * sp.r * s * 0.35, Math.sin(k * 2.4) * sp.r * s * 0.35, sp.r * s * (0.55 + 0.06 * k), k, k + 4.2);
          ctx.stroke();
        }
        break;
      }
      case "cactus": {
        ctx.fillStyle = "#3f8f3a";
        ctx.strokeStyle = "#1f4d1c";
        roundRect(-sp.hl * s, -sp.hw * s, 2 * sp.hl * s, 2 * sp.hw * s, sp.hw * s);
        ctx.fill();
        ctx.stroke();
        ctx.fillRect(-sp.hl * s * 0.35, -sp.hw * s * 2.1, sp.hw * s * 0.9, sp.hw * s * 1.3);
        ctx.fillRect(sp.hl * s * 0.25, sp.hw * s * 0.8, sp.hw * s * 0.9, sp.hw * s * 1.3);
        break;
      }
      case "fence": {
        ctx.fillStyle = "#b07d45";
        ctx.strokeStyle = "#5b3a1a";
        ctx.fillRect(-sp.hl * s, -sp.hw * s, 2 * sp.hl * s, 2 * sp.hw * s);
        ctx.strokeRect(-sp.hl * s, -sp.hw * s, 2 * sp.hl * s, 2 * sp.hw * s);
        ctx.beginPath();
        for (let k = -sp.hl + 1; k < sp.hl; k += 1.3) { ctx.moveTo(k * s, -sp.hw * s); ctx.lineTo(k * s, sp.hw * s); }
        ctx.stroke();
        break;
      }
      case "gallows": {
        ctx.fillStyle = "#5b3a1a";
        ctx.fillRect(-sp.hl * s, -sp.hw * s, 2 * sp.hl * s, 2 * sp.hw * s);
        ctx.strokeStyle = "#2b1a0a";
        ctx.lineWidth = 2;
        ctx.strokeRect(-sp.hl * s, -sp.hw * s, 2 * sp.hl * s, 2 * sp.hw * s);
        ctx.beginPath();
        ctx.moveTo(-sp.hl * s, 0);
        ctx.lineTo(sp.hl * s, 0);
        ctx.stroke();
        ctx.rotate(a);
        ctx.fillStyle = "#fdf6e3";
        ctx.font = "700 9px system-ui, sans-serif";
        ctx.textAlign = "center";
        ctx.textBaseline = "middle";
        ctx.fillText("GALLOWS", 0, sp.hw * s + 8);
        break;
      }
      case "support-block": {
        ctx.fillStyle = "#8b5a2b";
        ctx.strokeStyle = "#3d240c";
        ctx.fillRect(-sp.hl * s, -sp.hw * s, 2 * sp.hl * s, 2 * sp.hw * s);
        ctx.strokeRect(-sp.hl * s, -sp.hw * s, 2 * sp.hl * s, 2 * sp.hw * s);
        ctx.strokeStyle = "rgba(255, 230, 190, 0.35)";
        ctx.beginPath();
        ctx.moveTo(-sp.hl * s + 2, -sp.hw * s + 2);
        ctx.lineTo(sp.hl * s - 2, sp.hw * s - 2);
        ctx.stroke();
        break;
      }
      default: {
        ctx.fillStyle = "#a8a29e";
        ctx.strokeStyle = "#44403c";
        if (sp.shape === "box") {
          ctx.fillRect(-sp.hl * s, -sp.hw * s, 2 * sp.hl * s, 2 * sp.hw * s);
          ctx.strokeRect(-sp.hl * s, -sp.hw * s, 2 * sp.hl * s, 2 * sp.hw * s);
        } else {
          ctx.beginPath();
          ctx.arc(0, 0, (sp.r || 1) * s, 0, 2 * Math.PI);
          ctx.fill();
          ctx.stroke();
        }
      }
    }
    ctx.restore();
  }

  function teamOf(id) { return id && id.startsWith("outlaws") ? "outlaws" : "lawmen"; }

  // drawFigureBadge draws a small cowboy token (inside a building): team colour, hat ring,
  // number.
  function drawFigureBadge(c, x, y, r) {
    const tm = TEAM[teamOf(c.id)];
    ctx.save();
    ctx.fillStyle = tm.fill;
    ctx.strokeStyle = HAT[c.hat] || "#555";
    ctx.lineWidth = Math.max(2, 0.32 * scale);
    ctx.beginPath();
    ctx.arc(X(x), Y(y), r * scale, 0, 2 * Math.PI);
    ctx.fill();
    ctx.stroke();
    ctx.fillStyle = tm.ink;
    ctx.font = "700 " + Math.round(1.2 * scale) + "px system-ui, sans-serif";
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(c.id.split(":")[1], X(x), Y(y) + 0.5);
    ctx.restore();
    drawHP(c, x, y - r - 0.6);
  }

  // drawHP draws a cowboy's hit points as pips: in a row centred under (x, y), or, with a
  // facing, in an arc around the back of a figure of base radius rb at (x, y).
  function drawHP(c, x, y, facing, rb) {
    const max = Math.max(S.game.maxHP[c.id] || c.hp, c.hp);
    if (!max) return;
    const d = 0.66 * scale, r = Math.max(2, 0.27 * scale);
    const spots = [];
    for (let i = 0; i < max; i++) {
      if (facing === undefined) {
        spots.push([X(x) + (i - (max - 1) / 2) * d, Y(y)]);
      } else {
        const R = (rb + 0.5) * scale;
        const step = d / R;
        const t = facing + Math.PI + (i - (max - 1) / 2) * step;
        spots.push([X(x) + Math.cos(t) * R, Y(y) - Math.sin(t) * R]);
      }
    }
    ctx.save();
    for (let i = 0; i < max; i++) {
      ctx.beginPath();
      ctx.arc(spots[i][0], spots[i][1], r, 0, 2 * Math.PI);
      if (i < c.hp) {
        ctx.fillStyle = "#e11d48";
        ctx.fill();
        ctx.strokeStyle = "#7f1d1d";
        ctx.lineWidth = 0.8;
        ctx.stroke();
      } else {
        ctx.fillStyle = "rgba(255,255,255,0.7)";
        ctx.fill();
        ctx.strokeStyle = "#9b8b74";
        ctx.lineWidth = 0.8;
        ctx.stroke();
      }
    }
    ctx.restore();
  }

  // drawFigure draws a cowboy or a neutral figure on the table: standing, a round base with
  // its hat colour, number and a facing tick; fallen, lying along its fall direction.
  function drawFigure(p, c, opts) {
    const sp = shapeOf(p.kind);
    const s = scale, r = sp.r * s;
    const tm = c ? TEAM[teamOf(c.id)] : { fill: "#b8b2a7", ink: "#2b2118" };
    const hat = c ? HAT[c.hat] || "#555" : "#78716c";
    ctx.save();
    if (opts.actor) {
      ctx.save();
      ctx.translate(X(p.x), Y(p.y));
      ctx.strokeStyle = "rgba(245, 195, 107, 0.95)";
      ctx.lineWidth = 3;
      ctx.setLineDash([4, 3]);
      ctx.beginPath();
      ctx.arc(0, 0, r + 0.9 * s, 0, 2 * Math.PI);
      ctx.stroke();
      ctx.restore();
    }
    if (p.fallen) {
      place(p.x, p.y, p.a);
      const len = (sp.h || 5.5) * s;
      ctx.globalAlpha = 0.92;
      ctx.fillStyle = tm.fill;
      ctx.strokeStyle = "#1c1917";
      ctx.lineWidth = 1.2;
      roundRect(-r, -r, len, 2 * r, r);
      ctx.fill();
      ctx.stroke();
      // the hat, at the head end
      ctx.fillStyle = hat;
      ctx.beginPath();
      ctx.arc(len - 2 * r, 0, r * 0.85, 0, 2 * Math.PI);
      ctx.fill();
      ctx.strokeStyle = "#1c1917";
      ctx.stroke();
      ctx.rotate(p.a);
      if (c) {
        ctx.fillStyle = tm.ink;
        ctx.font = "700 " + Math.round(1.25 * s) + "px system-ui, sans-serif";
        ctx.textAlign = "center";
        ctx.textBaseline = "middle";
        const mx = Math.cos(p.a) * (len / 2 - r) * 0.7, my = -Math.sin(p.a) * (len / 2 - r) * 0.7;
        ctx.fillText(c.id.split(":")[1], mx, my + 0.5);
      }
      ctx.restore();
      if (c) drawHP(c, p.x, p.y, p.a + Math.PI / 2, sp.r);
      return;
    }
    place(p.x, p.y, p.a);
    // facing tick
    ctx.fillStyle = hat;
    ctx.strokeStyle = "#1c1917";
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(r + 0.95 * s, 0);
    ctx.lineTo(r - 0.1 * s, -0.55 * s);
    ctx.lineTo(r - 0.1 * s, 0.55 * s);
    ctx.closePath();
    ctx.fill();
    ctx.stroke();
    // the base in the team's colour, ringed by the hat's colour
    ctx.fillStyle = tm.fill;
    ctx.strokeStyle = "#1c1917";
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.arc(0, 0, r, 0, 2 * Math.PI);
    ctx.fill();
    ctx.stroke();
    const ring = Math.max(3, 0.42 * s);
    ctx.strokeStyle = hat;
    ctx.lineWidth = ring;
    ctx.beginPath();
    ctx.arc(0, 0, r - 0.5 - ring / 2, 0, 2 * Math.PI);
    ctx.stroke();
    ctx.rotate(p.a);
    ctx.fillStyle = tm.ink;
    ctx.font = "700 " + Math.round(1.3 * s) + "px system-ui, sans-serif";
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(c ? c.id.split(":")[1] : "N", 0, 0.5);
    ctx.restore();
    if (c) drawHP(c, p.x, p.y, p.a, sp.r);
  }

  function drawArrow(x0, y0, x1, y1, color, width, dashed) {
    const ax = X(x0), ay = Y(y0), bx = X(x1), by = Y(y1);
    const ang = Math.atan2(by - ay, bx - ax);
    const head = Math.max(9, width * 3.2);
    ctx.save();
    ctx.lineCap = "round";
    if (dashed) ctx.setLineDash([5, 4]);
    if (!dashed) {
      ctx.strokeStyle = "rgba(255, 255, 255, 0.85)";
      ctx.lineWidth = width + 3;
      ctx.beginPath();
      ctx.moveTo(ax, ay);
      ctx.lineTo(bx - Math.cos(ang) * head * 0.6, by - Math.sin(ang) * head * 0.6);
      ctx.stroke();
    }
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    ctx.beginPath();
    ctx.moveTo(ax, ay);
    ctx.lineTo(bx - Math.cos(ang) * head * 0.6, by - Math.sin(ang) * head * 0.6);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.fillStyle = color;
    ctx.strokeStyle = "rgba(255, 255, 255, 0.9)";
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.moveTo(bx, by);
    ctx.lineTo(bx - Math.cos(ang - 0.42) * head, by - Math.sin(ang - 0.42) * head);
    ctx.lineTo(bx - Math.cos(ang + 0.42) * head, by - Math.sin(ang + 0.42) * head);
    ctx.closePath();
    if (!dashed) ctx.stroke();
    ctx.fill();
    ctx.restore();
  }

  function drawStar(x, y, r, color) {
    ctx.save();
    ctx.translate(X(x), Y(y));
    ctx.fillStyle = color;
    ctx.strokeStyle = "rgba(120, 53, 15, 0.9)";
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let k = 0; k < 16; k++) {
      const rr = k % 2 ? r * 0.45 : r;
      const t = (k * Math.PI) / 8;
      ctx.lineTo(rr * Math.cos(t), rr * Math.sin(t));
    }
    ctx.closePath();
    ctx.fill();
    ctx.stroke();
    ctx.restore();
  }

  // pieceState returns the pieces to draw at state st: kind, place (cm, radians), fallen.
  function pieceState(st) {
    const g = S.game;
    const vp = st.view.pieces || [];
    const out = [];
    if (!st.anim || !st.fl) {
      vp.forEach((p, i) => {
        if (p && !p.off) out[i] = { i, kind: p.kind, x: p.x, y: p.y, a: deg(p.angle), fallen: !!p.fallen };
      });
      return out;
    }
    const fl = st.fl, f = fl.f;
    const on = fl.startOn.slice();
    const pos = fl.startPos.map((p) => p.slice());
    const tq = st.tau * TIME;
    for (const fr of f.frames || []) {
      if (fr[0] > tq) break;
      for (let j = 1; j + 3 < fr.length; j += 4) pos[fr[j]] = [fr[j + 1], fr[j + 2], fr[j + 3]];
    }
    for (const [i, t] of f.off || []) if (t <= tq) on[i] = false;
    const fell = new Set();
    for (const [i, , t] of f.falls || []) if (t <= tq) fell.add(i);
    on.forEach((o, i) => {
      if (!o || !pos[i]) return;
      const kind = vp[i] ? vp[i].kind : i === f.piece ? "bullet" : "barrel";
      const fallen = (vp[i] && !!vp[i].fallen && !vp[i].off) || fell.has(i);
      out[i] = { i, kind, x: pos[i][0] / POS, y: pos[i][1] / POS, a: pos[i][2] / ANG, fallen };
    });
    return out;
  }

  function draw() {
    const g = S.game;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    if (g && g.style !== "flickemup") return drawGeneric(g);
    drawTable();
    if (!g) return;
    const st = g.at(S.t);
    const view = st.view;
    const pieces = pieceState(st);
    const cowboyOf = {};
    for (const c of view.cowboys || []) cowboyOf[c.piece] = c;
    const actor = view.actor || (st.k >= 0 && g.views[st.k].actor) || "";
    // buildings first (under everything), then scenery, then discs, then figures
    for (const b of view.buildings || []) drawBuilding(b, view, pieces);
    const figures = [];
    for (const p of pieces) {
      if (!p) continue;
      if (p.kind === "cowboy" || p.kind === "neutral") { figures.push(p); continue; }
      let extra = null;
      if (p.kind === "movement-disc" && actor) {
        const c = (view.cowboys || []).find((c) => c.id === actor);
        if (c) extra = { cowboy: c };
      }
      drawPiece(p.kind, p.x, p.y, p.a, extra);
    }
    // tokens on the ground; a pile shows its count
    const piles = new Map();
    for (const t of view.tokens || []) {
      if (t.place !== "ground") continue;
      const key = t.x + "," + t.y + "," + t.kind;
      const p = piles.get(key);
      if (p) p.n++;
      else piles.set(key, { t, n: 1 });
    }
    for (const { t, n } of piles.values()) {
      drawToken(t, t.x, t.y);
      if (n > 1) {
        ctx.save();
        ctx.font = "700 10px system-ui, sans-serif";
        ctx.textAlign = "left";
        ctx.textBaseline = "middle";
        ctx.lineWidth = 3;
        ctx.strokeStyle = "rgba(255, 250, 240, 0.9)";
        ctx.strokeText("×" + n, X(t.x + 1.2), Y(t.y - 0.8));
        ctx.fillStyle = "#4a2e14";
        ctx.fillText("×" + n, X(t.x + 1.2), Y(t.y - 0.8));
        ctx.restore();
      }
    }
    // trails and arrows of the step's flicks
    const sg = st.k >= 0 ? g.seg[st.k] : null;
    if (sg && sg.flicks.length) {
      const upto = st.anim ? st.j : sg.flicks.length - 1;
      for (let j = 0; j <= upto; j++) drawTrail(sg.flicks[j], st.anim && j === st.j ? st.tau : Infinity);
    }
    for (const p of figures) if (p.fallen) drawFigure(p, cowboyOf[p.i], { actor: cowboyOf[p.i] && cowboyOf[p.i].id === actor });
    for (const p of figures) if (!p.fallen) drawFigure(p, cowboyOf[p.i], { actor: cowboyOf[p.i] && cowboyOf[p.i].id === actor });
    if (sg && sg.flicks.length) {
      const upto = st.anim ? st.j : sg.flicks.length - 1;
      for (let j = 0; j <= upto; j++) drawFlickMarks(sg.flicks[j], st.anim && j === st.j ? st.tau : Infinity, pieces);
    }
    if (!st.anim && view.result) drawResult(view.result);
  }

  // TX and TY turn a trajectory's fixed-point coordinate into view cm (Drawing.trace_offset).
  function TX(v) { return v / POS + S.game.off[0]; }
  function TY(v) { return v / POS + S.game.off[1]; }

  // ---------------------------------------------------------------- drawing any game
  // A game that describes its drawing (replay.Drawing, in the header) is drawn from that
  // description and its view: the area, the static features, then each piece set, whose
  // pieces the view lists at the set's path. Flick 'em Up! adds its own style on top.

  // select returns the elements of the view at path ("*": every element of an array or value
  // of an object), each with the indices its "*" took (an array's index, an object's key) and
  // their positions (ord: 0, 1, … in both cases).
  function select(v, path) {
    let cur = [{ v, idx: [], ord: [] }];
    for (const k of path) {
      const next = [];
      for (const c of cur) {
        if (c.v === null || typeof c.v !== "object") continue;
        if (k === "*") {
          if (Array.isArray(c.v)) c.v.forEach((e, i) => next.push({ v: e, idx: c.idx.concat(i), ord: c.ord.concat(i) }));
          else Object.keys(c.v).sort().forEach((key, i) => next.push({ v: c.v[key], idx: c.idx.concat(key), ord: c.ord.concat(i) }));
        } else if (Object.prototype.hasOwnProperty.call(c.v, k)) next.push({ v: c.v[k], idx: c.idx, ord: c.ord });
      }
      cur = next;
    }
    return cur;
  }
  // valuesAt returns the values of the view at a path, "*" included: one value for a path
  // without "*" (or undefined), an array of the selected values for a path with one.
  function valuesAt(v, path) {
    if (!path || !path.length) return undefined;
    if (!path.includes("*")) return valueAt(v, path);
    return select(v, path).map((e) => e.v);
  }
  // valueAt returns the value of the view at a path without "*", or undefined.
  function valueAt(v, path) {
    if (!path || !path.length) return undefined;
    const r = select(v, path);
    return r.length ? r[0].v : undefined;
  }
  const asText = (v) => (v === undefined || v === null ? "" : String(v));
  // fieldOf returns a piece's field: "." the piece itself, "$k" the index of the k-th "*".
  function fieldOf(el, idx, name) {
    if (name === ".") return el;
    if (name && name[0] === "$") return idx[+name.slice(1)];
    return el && typeof el === "object" ? el[name] : undefined;
  }
  // placeOf returns where a set's element lies, in view cm (NaN when its fields say nothing).
  function placeOf(set, el, idx, ord) {
    let x, y;
    const coord = (name) => (!name ? 0 : name[0] === "$" ? ord[+name.slice(1)] : +fieldOf(el, idx, name));
    if (set.pos) {
      const p = fieldOf(el, idx, set.pos);
      [x, y] = Array.isArray(p) ? [+p[0], +p[1]] : [NaN, NaN];
    } else [x, y] = [coord(set.x), coord(set.y)];
    if (set.lattice) {
      const L = set.lattice;
      [x, y] = [L.origin[0] + x * L.u[0] + y * L.v[0], L.origin[1] + x * L.u[1] + y * L.v[1]];
    }
    return [x, y];
  }
  // glidesOf returns the moves of step from view a to view b of every gliding set's pieces:
  // the set, the piece's id (its "*" indices) and its place before and after, in cm.
  function glidesOf(d, a, b) {
    const out = [];
    (d.pieces || []).forEach((set, si) => {
      if (!set.glide) return;
      const before = new Map();
      for (const { v, idx, ord } of select(a, set.path)) before.set(idx.join("/"), placeOf(set, v, idx, ord));
      for (const { v, idx, ord } of select(b, set.path)) {
        const id = idx.join("/"), from = before.get(id), to = placeOf(set, v, idx, ord);
        if (!from || !isFinite(from[0] + from[1] + to[0] + to[1])) continue;
        if (from[0] !== to[0] || from[1] !== to[1]) out.push({ set: si, id, from, to });
      }
    });
    return out;
  }

  // piecesOf returns the pieces of a drawing to draw at state st: for each set, its elements
  // that pass when/unless and have a style, placed by the view, or by the flick being played
  // for pieces on the physics table.
  function piecesOf(g, st) {
    let traj = null;
    if (st.anim && st.fl) {
      const fl = st.fl, f = fl.f;
      traj = { on: fl.startOn.slice(), pos: fl.startPos.map((p) => p.slice()) };
      const tq = st.tau * TIME;
      for (const fr of f.frames || []) {
        if (fr[0] > tq) break;
        for (let j = 1; j + 3 < fr.length; j += 4) traj.pos[fr[j]] = [fr[j + 1], fr[j + 2], fr[j + 3]];
      }
      for (const [i, t] of f.off || []) if (t <= tq) traj.on[i] = false;
    }
    const out = [];
    const sg = st.k >= 0 ? g.seg[st.k] : null;
    const gliding = new Map(); // "set/id" → its move, while the step's glides play
    if (st.anim && st.glide !== undefined && sg) for (const m of sg.glides) gliding.set(m.set + "/" + m.id, m);
    (g.d.pieces || []).forEach((set, si) => {
      const deg = set.angle_unit === "deg" ? Math.PI / 180 : 1;
      for (const { v: el, idx, ord } of select(st.view, set.path)) {
        if (el === null || el === undefined) continue;
        // during a flick, the trajectory says which pieces of the physics table are on it
        const i = set.index ? fieldOf(el, idx, set.index) : undefined;
        const moving = traj && i !== undefined && traj.pos[i];
        if (moving && !traj.on[i]) continue;
        if (!moving) {
          if (Object.entries(set.when || {}).some(([k, want]) => asText(fieldOf(el, idx, k)) !== want)) continue;
          if (Object.entries(set.unless || {}).some(([k, want]) => asText(fieldOf(el, idx, k)) === want)) continue;
        }
        const key = (set.key || []).map((k) => asText(fieldOf(el, idx, k))).join("/");
        const style = (set.styles || {})[key] || (set.styles || {})["*"];
        if (!style) continue;
        let a = set.angle ? +fieldOf(el, idx, set.angle) * deg : 0;
        let [x, y] = placeOf(set, el, idx, ord);
        const id = idx.join("/");
        const m = gliding.get(si + "/" + id);
        if (m) [x, y] = [m.from[0] + (m.to[0] - m.from[0]) * st.glide, m.from[1] + (m.to[1] - m.from[1]) * st.glide];
        if (moving) [x, y, a] = [TX(traj.pos[i][0]), TY(traj.pos[i][1]), traj.pos[i][2] / ANG];
        if (!isFinite(x) || !isFinite(y)) continue;
        const text = set.text ? asText(fieldOf(el, idx, set.text)) : undefined;
        out.push({ set: set.name || "", id, i, style, x, y, a: isFinite(a) ? a : 0, text });
      }
    });
    return out;
  }

  // drawGlides marks the lines along which step k's pieces glide: up to where they are while
  // the glide plays (f, 0 to 1), whole on the step's result; and, fainter, the lines of the
  // gliding steps just before it, back to the last step without a glide (a hiker's legs so
  // far: its bounce path). It notes the lines drawn in S.drawnTrail, oldest first.
  function drawGlides(g, k, f) {
    const trail = [];
    let j = k;
    while (j >= 0 && g.seg[j] && g.seg[j].glides && g.seg[j].glides.length) j--;
    for (let i = j + 1; i <= k; i++) {
      for (const m of g.seg[i].glides) {
        const u = i === k ? f : 1;
        trail.push({ step: i, from: m.from, to: [m.from[0] + (m.to[0] - m.from[0]) * u, m.from[1] + (m.to[1] - m.from[1]) * u] });
      }
    }
    S.drawnTrail = trail;
    if (!trail.length) return;
    ctx.save();
    ctx.lineWidth = 3;
    ctx.setLineDash([6, 4]);
    ctx.lineCap = "round";
    for (const l of trail) {
      ctx.strokeStyle = l.step === k ? "rgba(28, 25, 23, 0.75)" : "rgba(28, 25, 23, 0.35)";
      ctx.beginPath();
      ctx.moveTo(X(l.from[0]), Y(l.from[1]));
      ctx.lineTo(X(l.to[0]), Y(l.to[1]));
      ctx.stroke();
    }
    ctx.restore();
  }

  function featureCentre(f) {
    const p = f.points;
    if (f.shape === "rect") return [(p[0][0] + p[1][0]) / 2, (p[0][1] + p[1][1]) / 2];
    if (f.shape === "polygon") return [p.reduce((s, q) => s + q[0], 0) / p.length, p.reduce((s, q) => s + q[1], 0) / p.length];
    if (f.shape === "line") return [(p[0][0] + p[p.length - 1][0]) / 2, (p[0][1] + p[p.length - 1][1]) / 2];
    return p[0];
  }

  function drawFeature(f) {
    const p = f.points;
    ctx.save();
    ctx.lineWidth = f.width ? Math.max(1, f.width * scale) : 1;
    if (f.dashed) ctx.setLineDash([5, 4]);
    ctx.beginPath();
    switch (f.shape) {
      case "rect": {
        const x = Math.min(X(p[0][0]), X(p[1][0])), y = Math.min(Y(p[0][1]), Y(p[1][1]));
        ctx.rect(x, y, Math.abs(X(p[1][0]) - X(p[0][0])), Math.abs(Y(p[1][1]) - Y(p[0][1])));
        break;
      }
      case "circle":
        ctx.arc(X(p[0][0]), Y(p[0][1]), (f.r || 0) * scale, 0, 2 * Math.PI);
        break;
      case "polygon":
      case "line":
        p.forEach((q, i) => (i ? ctx.lineTo(X(q[0]), Y(q[1])) : ctx.moveTo(X(q[0]), Y(q[1]))));
        if (f.shape === "polygon") ctx.closePath();
        break;
    }
    if (f.fill && f.shape !== "line" && f.shape !== "text") {
      ctx.fillStyle = f.fill;
      ctx.fill();
    }
    if (f.stroke && f.shape !== "text") {
      ctx.strokeStyle = f.stroke;
      ctx.stroke();
    }
    if (f.text) {
      const [cx, cy] = featureCentre(f);
      ctx.setLineDash([]);
      ctx.font = "700 " + Math.max(8, Math.round((f.size || 2) * scale)) + "px system-ui, sans-serif";
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillStyle = f.ink || "rgba(43, 33, 24, 0.8)";
      ctx.fillText(f.text, X(cx), Y(cy));
    }
    ctx.restore();
  }

  function drawStyled(p) {
    const st = p.style, s = scale;
    ctx.save();
    place(p.x, p.y, p.a);
    ctx.fillStyle = st.fill || "#a8a29e";
    ctx.strokeStyle = st.stroke || "#44403c";
    ctx.lineWidth = 1.2;
    ctx.beginPath();
    if (st.shape === "box") ctx.rect(-st.hl * s, -st.hw * s, 2 * st.hl * s, 2 * st.hw * s);
    else if (st.shape === "octagon") {
      for (let k = 0; k < 8; k++) ctx.lineTo(st.r * s * Math.cos((k * Math.PI) / 4 + Math.PI / 8), st.r * s * Math.sin((k * Math.PI) / 4 + Math.PI / 8));
      ctx.closePath();
    } else ctx.arc(0, 0, st.r * s, 0, 2 * Math.PI);
    ctx.fill();
    ctx.stroke();
    const r = st.shape === "box" ? Math.min(st.hl, st.hw) : st.r;
    if (st.ring) {
      ctx.strokeStyle = st.ring;
      ctx.lineWidth = Math.max(2, 0.22 * r * s);
      ctx.beginPath();
      ctx.arc(0, 0, 0.68 * r * s, 0, 2 * Math.PI);
      ctx.stroke();
    }
    const label = p.text !== undefined ? p.text : st.label;
    if (label) {
      ctx.rotate(p.a);
      ctx.fillStyle = st.ink || "#1c1917";
      ctx.font = "700 " + Math.max(8, Math.round(1.05 * r * s)) + "px system-ui, sans-serif";
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText(label, 0, 0.5);
    }
    ctx.restore();
  }

  // winnerText says who won: w is a seat, -1 for none, or the seats that share the win.
  function winnerText(g, w) {
    if (typeof w === "number" && w >= 0) return seatName(g, w) + " wins";
    if (Array.isArray(w) && w.length === 1) return seatName(g, w[0]) + " wins";
    if (Array.isArray(w) && w.length > 1) return w.map((i) => seatName(g, i)).join(" and ") + " share the win";
    return "Draw";
  }

  function seatName(g, i) {
    const seats = (g.d && g.d.seats) || [];
    return seats[i] ? seats[i].name : "seat " + i;
  }

  function drawGeneric(g) {
    const d = g.d;
    ctx.fillStyle = "#f3ead8";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.fillStyle = d.background || "#e6d0a0";
    ctx.fillRect(X(g.x0), Y(g.y0 + g.H), g.W * scale, g.H * scale);
    for (const f of d.features || []) drawFeature(f);
    const st = g.at(S.t);
    const sg = st.k >= 0 ? g.seg[st.k] : null;
    if (sg && sg.flicks.length) {
      const upto = st.anim ? st.j : sg.flicks.length - 1;
      for (let j = 0; j <= upto; j++) drawTrail(sg.flicks[j], st.anim && j === st.j ? st.tau : Infinity);
    }
    drawGlides(g, st.k, st.anim && st.glide !== undefined ? st.glide : 1);
    const pieces = piecesOf(g, st);
    const counts = {};
    for (const p of pieces) {
      drawStyled(p);
      counts[p.set] = (counts[p.set] || 0) + 1;
    }
    S.drawnPieces = counts;
    S.drawnList = pieces.map((p) => ({ set: p.set, id: p.id, i: p.i === undefined ? -1 : p.i, x: p.x, y: p.y, text: p.text !== undefined ? p.text : p.style.label || "" }));
    if (sg && sg.flicks.length) {
      const upto = st.anim ? st.j : sg.flicks.length - 1;
      for (let j = 0; j <= upto; j++) drawFlickMarks(sg.flicks[j], st.anim && j === st.j ? st.tau : Infinity, []);
    }
    if (!st.anim && valueAt(st.view, d.over) === true) {
      drawBanner(winnerText(g, valueAt(st.view, d.winner)));
    }
  }

  function drawTrail(fl, tau) {
    const f = fl.f;
    const p0 = fl.startPos[f.piece];
    if (!p0) return;
    const tq = tau * TIME;
    ctx.save();
    ctx.strokeStyle = "rgba(154, 52, 18, 0.55)";
    ctx.lineWidth = 2;
    ctx.setLineDash([2, 4]);
    ctx.beginPath();
    ctx.moveTo(X(TX(p0[0])), Y(TY(p0[1])));
    for (const fr of f.frames || []) {
      if (fr[0] > tq) break;
      for (let j = 1; j + 3 < fr.length; j += 4) if (fr[j] === f.piece) ctx.lineTo(X(TX(fr[j + 1])), Y(TY(fr[j + 2])));
    }
    ctx.stroke();
    ctx.restore();
  }

  function drawFlickMarks(fl, tau, pieces) {
    const f = fl.f;
    const p0 = fl.startPos[f.piece];
    const tq = tau * TIME;
    // contacts: a burst when fresh, a dot afterwards
    for (const [a, b, t, x, y] of f.contacts || []) {
      if (t > tq) continue;
      const age = (tq - t) / TIME;
      if (age < 0.35) drawStar(TX(x), TY(y), (0.9 + 1.6 * (1 - age / 0.35)) * scale, "#fbbf24");
      else drawStar(TX(x), TY(y), 0.7 * scale, "rgba(251, 191, 36, 0.9)");
    }
    // falls: a red ring around the figure that fell
    for (const [i, by, t] of f.falls || []) {
      if (t > tq || !pieces[i]) continue;
      const p = pieces[i];
      const age = (tq - t) / TIME;
      ctx.save();
      ctx.strokeStyle = "rgba(225, 29, 72, " + (age < 0.5 ? 1 : 0.7) + ")";
      ctx.lineWidth = age < 0.5 ? 4 : 2.5;
      ctx.beginPath();
      const sp = shapeOf(p.kind);
      const cx = p.x + Math.cos(p.a) * ((sp.h || 5) / 2 - sp.r), cy = p.y + Math.sin(p.a) * ((sp.h || 5) / 2 - sp.r);
      ctx.arc(X(cx), Y(cy), ((sp.h || 5) / 2 + 0.8) * scale, 0, 2 * Math.PI);
      ctx.stroke();
      ctx.restore();
    }
    if (!p0) return;
    const x0 = TX(p0[0]), y0 = TY(p0[1]);
    const ax = f.asked[0] / POS, ay = f.asked[1] / POS;
    const vx = f.v[0] / POS, vy = f.v[1] / POS;
    drawArrow(x0, y0, x0 + ax * ARROW, y0 + ay * ARROW, "rgba(68, 64, 60, 0.75)", 1.5, true);
    drawArrow(x0, y0, x0 + vx * ARROW, y0 + vy * ARROW, "#c2410c", 3, false);
    const speed = Math.hypot(vx, vy);
    ctx.save();
    ctx.font = "700 11px system-ui, sans-serif";
    const lx = X(x0 + vx * ARROW) + 8, ly = Y(y0 + vy * ARROW) - 8;
    const text = Math.round(speed) + " cm/s";
    ctx.lineWidth = 3;
    ctx.strokeStyle = "rgba(255, 250, 240, 0.9)";
    ctx.textAlign = "left";
    ctx.strokeText(text, lx, ly);
    ctx.fillStyle = "#7c2d12";
    ctx.fillText(text, lx, ly);
    ctx.restore();
  }

  function drawResult(res) {
    drawBanner(res.draw ? "Draw" : (res.winner === "lawmen" ? "The lawmen win" : res.winner === "outlaws" ? "The outlaws win" : "Game over"));
  }

  function drawBanner(text) {
    ctx.save();
    ctx.font = "800 26px system-ui, sans-serif";
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    const w = ctx.measureText(text).width + 40;
    const cx = canvas.width / dpr / 2, cy = 44;
    ctx.fillStyle = "rgba(59, 42, 26, 0.88)";
    roundRect(cx - w / 2, cy - 22, w, 44, 10);
    ctx.fill();
    ctx.fillStyle = "#f5c36b";
    ctx.fillText(text, cx, cy);
    ctx.restore();
  }

  // ---------------------------------------------------------------- the side panel
  function drawClock(view) {
    const c = cctx;
    const w = 92;
    c.setTransform(dpr, 0, 0, dpr, 0, 0);
    c.clearRect(0, 0, w, w);
    const cx = w / 2, cy = w / 2, R = 42;
    c.fillStyle = "#fffaf0";
    c.strokeStyle = "#6b4423";
    c.lineWidth = 3;
    c.beginPath();
    c.arc(cx, cy, R, 0, 2 * Math.PI);
    c.fill();
    c.stroke();
    // the game's hours, 6 to 12, coloured by their hat
    for (let h = 6; h <= 12; h++) {
      const a = ((h % 12) / 12) * 2 * Math.PI - Math.PI / 2;
      c.fillStyle = h % 2 === 0 ? HAT.red : HAT.blue;
      c.beginPath();
      c.arc(cx + Math.cos(a) * (R - 10), cy + Math.sin(a) * (R - 10), 7, 0, 2 * Math.PI);
      c.fill();
      c.fillStyle = "white";
      c.font = "700 9px system-ui, sans-serif";
      c.textAlign = "center";
      c.textBaseline = "middle";
      c.fillText(String(h), cx + Math.cos(a) * (R - 10), cy + Math.sin(a) * (R - 10) + 0.5);
    }
    const hour = view.hour || 6;
    const a = ((hour % 12) / 12) * 2 * Math.PI - Math.PI / 2;
    c.strokeStyle = "#2b2118";
    c.lineWidth = 4;
    c.lineCap = "round";
    c.beginPath();
    c.moveTo(cx, cy);
    c.lineTo(cx + Math.cos(a) * (R - 22), cy + Math.sin(a) * (R - 22));
    c.stroke();
    c.fillStyle = HAT[view.hour_hat] || "#2b2118";
    c.beginPath();
    c.arc(cx, cy, 6, 0, 2 * Math.PI);
    c.fill();
  }

  function who(id) {
    if (!id) return "";
    const [team, n] = id.split(":");
    return (TEAM[team] ? TEAM[team].name : team) + " " + n;
  }

  // markActions marks the current step in the action list and keeps it in sight.
  function markActions(st) {
    document.querySelectorAll("#actions li").forEach((li, i) => {
      li.classList.toggle("current", i === st.k);
      li.classList.toggle("future", i > st.k);
    });
    const cur = document.querySelector("#actions li.current");
    if (cur) {
      const box = $("actions");
      if (cur.offsetTop < box.scrollTop || cur.offsetTop > box.scrollTop + box.clientHeight - 20) {
        box.scrollTop = cur.offsetTop - box.clientHeight / 2;
      }
    }
    const g = S.game;
    $("step-count").textContent = "(" + (st.k + 1) + " / " + g.steps.length + (g.end ? "" : S.live ? ", live" : "") + ")";
  }

  // updateSeats fills the panel of a game drawn from its description: whose turn, the result,
  // and each seat with its colour, player and score.
  function updateSeats(st) {
    const g = S.game, d = g.d, view = st.view;
    const over = valueAt(view, d.over) === true;
    const turn = valueAt(view, d.turn), winner = valueAt(view, d.winner);
    const scores = valuesAt(view, d.scores);
    $("hour").textContent = g.h.game;
    $("turn").textContent = over ? "Game over" : typeof turn === "number" ? seatName(g, turn) + " to play" : "";
    const phase = d.phase ? valueAt(view, d.phase) : view.phase;
    $("phase").textContent = over || (typeof phase !== "string" && typeof phase !== "number") ? "" : String(phase);
    const res = $("result");
    res.hidden = !over;
    if (over) res.textContent = winnerText(g, winner);
    const ul = $("seats");
    ul.textContent = "";
    const n = Math.max((d.seats || []).length, Array.isArray(scores) ? scores.length : 0, g.h.players ? g.h.players.length : 0);
    for (let i = 0; i < n; i++) {
      const li = document.createElement("li");
      li.classList.toggle("playing", !over && turn === i);
      const sw = document.createElement("span");
      sw.className = "swatch";
      sw.style.background = (d.seats && d.seats[i] && d.seats[i].colour) || "#a8a29e";
      const name = document.createElement("span");
      name.className = "name";
      name.textContent = seatName(g, i);
      const who = document.createElement("span");
      who.className = "who";
      who.textContent = (g.h.players && g.h.players[i]) || "";
      const sc = document.createElement("span");
      sc.className = "score";
      sc.textContent = Array.isArray(scores) && scores[i] !== undefined ? String(scores[i]) : "";
      li.append(sw, name, who, sc);
      ul.append(li);
    }
    markActions(st);
  }

  function updatePanel(st) {
    const g = S.game;
    if (g.style !== "flickemup") return updateSeats(st);
    const view = st.view;
    drawClock(view);
    $("hour").textContent = (view.hour || "?") + ":00 · " + (view.hour_hat || "") + " hats play";
    const over = !!view.result;
    if (over) {
      $("turn").textContent = "Game over";
      $("phase").textContent = view.result.reason || "";
    } else {
      const team = view.team === "outlaws" ? "Outlaws" : "Lawmen";
      $("turn").textContent = team + " to play" + (view.actor ? " · " + who(view.actor) : "");
      const ph = {
        select: "choosing a cowboy",
        act: view.actions_left + " action" + (view.actions_left === 1 ? "" : "s") + " left",
        reveal: "keep or leave the revealed token",
        "second-shot": "second bullet",
      };
      $("phase").textContent = "round " + (view.round || "?") + " · " + (ph[view.phase] || view.phase || "");
    }
    const res = $("result");
    res.hidden = !over;
    if (over) res.textContent = view.result.draw ? "Draw" : view.result.winner === "lawmen" ? "Lawmen win" : "Outlaws win";
    for (const team of ["lawmen", "outlaws"]) {
      const box = $("team-" + team);
      box.classList.toggle("playing", !over && view.team === team);
      $("score-" + team).textContent = ((view.scores || {})[team] ?? "?") + " HP";
      const ul = box.querySelector("ul");
      ul.textContent = "";
      for (const c of (view.cowboys || []).filter((c) => teamOf(c.id) === team)) {
        const li = document.createElement("li");
        if (!c.alive) li.classList.add("dead");
        if (c.id === view.actor) li.classList.add("actor");
        const badge = document.createElement("span");
        badge.className = "badge";
        badge.style.background = TEAM[team].fill;
        badge.style.color = TEAM[team].ink;
        badge.style.borderColor = HAT[c.hat] || "#555";
        badge.textContent = c.id.split(":")[1];
        const hp = document.createElement("span");
        hp.className = "hp";
        const max = Math.max(g.maxHP[c.id] || c.hp, c.hp);
        hp.innerHTML = "●".repeat(c.hp) + '<span class="lost">' + "●".repeat(Math.max(0, max - c.hp)) + "</span>";
        const note = document.createElement("span");
        note.className = "note";
        const bits = [];
        if (!c.alive) bits.push("dead");
        else {
          if (c.inside) bits.push("in the " + c.inside.replace("-", " "));
          if (c.fallen) bits.push("knocked over");
          if (c.played) bits.push("played");
        }
        note.textContent = bits.join(", ");
        li.append(badge, hp);
        for (const id of c.tokens || []) {
          const tv = (view.tokens || [])[id];
          if (!tv) continue;
          const [col, ch] = TOKEN[tv.kind] || TOKEN.hidden;
          const chip = document.createElement("span");
          chip.className = "chip";
          chip.title = tv.kind + (tv.quality ? " (" + tv.quality + ")" : "");
          chip.style.background = col;
          chip.textContent = ch;
          li.append(chip);
        }
        li.append(note);
        ul.append(li);
      }
    }
    markActions(st);
  }

  // describe returns the words of step k: who, what, and its visible effect.
  function describe(k) {
    const g = S.game;
    const s = g.steps[k];
    const before = g.views[k], after = g.views[k + 1];
    if (g.style !== "flickemup") {
      let label = s.label;
      if (!label) {
        // each head's value (by name, "none" left out), then the continuous parameters
        const parts = [];
        (g.h.heads || []).forEach((h, i) => {
          const v = (s.action.d || [])[i];
          const name = h.values ? h.values[v] : h.name + " " + v;
          if (name !== undefined && name !== "none" && name !== "") parts.push(h.values ? h.name + " " + name : name);
        });
        (g.h.dims || []).forEach((dm, i) => {
          const v = (s.action.c || [])[i];
          if (typeof v === "number") parts.push(dm.name + " " + (Math.round(v * 100) / 100) + (dm.unit ? " " + dm.unit : ""));
        });
        label = parts.join(", ");
      }
      const effects = [];
      const s0 = valuesAt(before, g.d.scores), s1 = valuesAt(after, g.d.scores);
      if (Array.isArray(s0) && Array.isArray(s1)) {
        s1.forEach((v, i) => { if (v !== s0[i]) effects.push(seatName(g, i) + " " + (v > s0[i] ? "+" : "−") + Math.abs(v - s0[i])); });
      }
      if (valueAt(after, g.d.over) === true && valueAt(before, g.d.over) !== true) {
        const w = winnerText(g, valueAt(after, g.d.winner));
        effects.push(w === "Draw" ? "draw" : w);
      }
      return { who: seatName(g, s.player) + " ", label: label || "", effects };
    }
    const team = before.team || "";
    let label = s.label;
    if (!label) {
      const parts = [];
      const h0 = g.h.heads && g.h.heads[0];
      if (h0) parts.push(h0.values ? h0.values[s.action.d[0]] : h0.name + " " + s.action.d[0]);
      label = parts.join(" ");
    }
    label = label.replace(/v=\(([-\d.e]+),([-\d.e]+)\)/, (m, x, y) => Math.round(Math.hypot(+x, +y)) + " cm/s");
    label = label.replace(/facing=([-\d.e]+)/, (m, a) => "facing " + Math.round((+a * 180) / Math.PI) + "°");
    const actor = before.actor || after.actor || "";
    const effects = [];
    const hp0 = {};
    for (const c of before.cowboys || []) hp0[c.id] = c;
    for (const c of after.cowboys || []) {
      const b = hp0[c.id];
      if (!b) continue;
      if (c.hp < b.hp) effects.push(who(c.id) + " −" + (b.hp - c.hp) + (c.alive ? "" : " ✝"));
      if (c.hp > b.hp) effects.push(who(c.id) + " +" + (c.hp - b.hp));
      if (b.inside !== c.inside && c.inside) effects.push("enters the " + c.inside.replace("-", " "));
    }
    if (/^move/.test(label) && actor) {
      const a = (before.cowboys || []).find((c) => c.id === actor), b = (after.cowboys || []).find((c) => c.id === actor);
      if (a && b && a.x === b.x && a.y === b.y && a.inside === b.inside) effects.push("move failed");
    }
    if (after.result && !before.result) effects.push(after.result.draw ? "draw" : after.result.winner + " win");
    return { who: before.hour + ":00 " + (actor ? who(actor) : team) + " ", label, effects };
  }

  function buildActions() {
    const ol = $("actions");
    ol.textContent = "";
    if (!S.game) return;
    for (let k = 0; k < S.game.steps.length; k++) appendAction(k);
  }

  function appendAction(k) {
    const d = describe(k);
    const li = document.createElement("li");
    li.dataset.step = String(k);
    const w = document.createElement("span");
    w.className = "who";
    w.textContent = d.who;
    const what = document.createElement("span");
    what.className = "what";
    what.textContent = d.label;
    li.append(w, what);
    if (d.effects.length) {
      const e = document.createElement("span");
      e.className = "effect";
      e.textContent = " → " + d.effects.join(", ");
      li.append(e);
    }
    li.addEventListener("click", () => {
      pause();
      seek(S.game.afterAction(k));
    });
    $("actions").append(li);
  }

  // ---------------------------------------------------------------- playing
  function seek(t) {
    if (!S.game) return;
    S.t = Math.max(0, Math.min(t, S.game.total));
    S.dirty = true;
  }
  function play() {
    if (!S.game) return;
    if (S.t >= S.game.total - 1e-9 && !S.live) S.t = 0;
    S.playing = true;
    S.stopAt = null;
    S.dirty = true;
  }
  function pause() {
    S.playing = false;
    S.stopAt = null;
    S.follow = false;
    S.dirty = true;
  }
  // next animates the next action and stops on its result; prev shows the previous result.
  function next() {
    const g = S.game;
    if (!g || !g.steps.length) return;
    const st = g.at(S.t);
    let k = st.k;
    if (st.k >= 0 && st.anim) {
      seek(g.afterAction(k));
      S.playing = false;
      return;
    }
    k = Math.min(k + 1, g.steps.length - 1);
    const target = g.afterAction(k);
    if (target <= S.t) return;
    S.t = g.seg[k].t0;
    if (g.seg[k].anim > 0) {
      S.playing = true;
      S.stopAt = target;
    } else {
      S.t = target;
      S.playing = false;
    }
    S.dirty = true;
  }
  function prev() {
    const g = S.game;
    if (!g || !g.steps.length) return;
    const st = g.at(S.t);
    pause();
    const k = st.anim ? st.k - 1 : st.k - 1;
    seek(k < 0 ? 0 : g.afterAction(k));
  }

  let lastFrame = null;
  function tick(now) {
    const g = S.game;
    if (lastFrame !== null && S.playing && g) {
      const dt = Math.min((now - lastFrame) / 1000, 0.1);
      S.t += dt * S.speed;
      if (S.stopAt !== null && S.t >= S.stopAt) {
        S.t = S.stopAt;
        S.playing = false;
        S.stopAt = null;
      }
      if (S.t >= g.total) {
        S.t = g.total;
        if (!S.live) S.playing = false;
      }
      S.dirty = true;
    }
    lastFrame = now;
    if (S.live) nextLive();
    if (P.on) playTick();
    if (S.dirty) {
      S.dirty = false;
      render();
    }
    requestAnimationFrame(tick);
  }

  function render() {
    draw();
    if (P.on) drawPlay();
    S.drawnT = S.t;
    const g = S.game;
    if (!g) return;
    const st = g.at(S.t);
    if (st.k !== S.lastK || st.anim !== S.lastAnim || g.steps.length !== S.lastN) {
      S.lastK = st.k;
      S.lastAnim = st.anim;
      S.lastN = g.steps.length;
      updatePanel(st);
    }
    const tl = $("timeline");
    tl.max = String(g.total);
    tl.value = String(S.t);
    $("time").textContent = S.t.toFixed(1) + " / " + g.total.toFixed(1) + " s";
    $("play").textContent = S.playing ? "❚❚ Pause" : "▶ Play";
  }

  // ---------------------------------------------------------------- wiring
  $("play").addEventListener("click", () => (S.playing ? pause() : play()));
  $("next").addEventListener("click", next);
  $("prev").addEventListener("click", prev);
  $("first").addEventListener("click", () => { pause(); seek(0); });
  $("last").addEventListener("click", () => { pause(); seek(S.game ? S.game.total : 0); });
  $("speed").addEventListener("change", (e) => { S.speed = +e.target.value; });
  $("timeline").addEventListener("input", (e) => { pause(); seek(+e.target.value); });
  $("file").addEventListener("change", (e) => { if (e.target.files[0]) loadFile(e.target.files[0]).catch(showError); });
  document.addEventListener("keydown", (e) => {
    if (e.target && (e.target.tagName === "INPUT" && e.target.type !== "range" || e.target.tagName === "SELECT")) return;
    switch (e.key) {
      case " ": e.preventDefault(); S.playing ? pause() : play(); break;
      case "ArrowRight": e.preventDefault(); next(); break;
      case "ArrowLeft": e.preventDefault(); prev(); break;
      case "Home": pause(); seek(0); break;
      case "End": pause(); seek(S.game ? S.game.total : 0); break;
    }
  });
  const board = $("board");
  board.addEventListener("dragover", (e) => { e.preventDefault(); board.classList.add("dragging"); });
  board.addEventListener("dragleave", () => board.classList.remove("dragging"));
  board.addEventListener("drop", (e) => {
    e.preventDefault();
    board.classList.remove("dragging");
    if (e.dataTransfer.files[0]) loadFile(e.dataTransfer.files[0]).catch(showError);
  });
  window.addEventListener("resize", layout);

  // The page's data: replays embedded by the arena report, or a server's capabilities.
  let data = {};
  try {
    const txt = $("flick-data").textContent.trim();
    if (txt && !txt.startsWith("/*")) data = JSON.parse(txt);
  } catch (err) {
    console.error("bad embedded data: " + err);
  }
  embedded = data.replays || [];
  const list = $("replay-list");
  function fillList(items) {
    list.textContent = "";
    for (const it of items) {
      const o = document.createElement("option");
      o.value = it.value;
      o.textContent = it.label;
      list.append(o);
    }
    list.hidden = items.length < 2;
  }

  async function start() {
    layout();
    requestAnimationFrame(tick);
    const q = new URLSearchParams(location.search);
    if (embedded.length) {
      fillList(embedded.map((e, i) => ({ value: "e" + i, label: e.name })));
      list.addEventListener("change", () => loadEmbedded(+list.value.slice(1)).catch(showError));
      await loadEmbedded(0);
      return;
    }
    if (data.play) return setupPlay();
    if (data.server) {
      $("play-link").hidden = !data.can_play;
      $("live-button").hidden = !data.live;
      $("live-button").addEventListener("click", () => startLive("live"));
      let names = [];
      try {
        const resp = await fetch("replays/");
        if (resp.ok) names = await resp.json();
      } catch (err) {
        console.warn("no replay list: " + err);
      }
      fillList(names.map((n) => ({ value: "replays/" + encodeURIComponent(n), label: n })));
      list.addEventListener("change", () => loadURL(list.value).catch(showError));
      if (q.has("replay")) {
        // the list shows the replay opened, when it is one of the server's
        const want = q.get("replay");
        const opt = [...list.options].find((o) => o.value === want || decodeURIComponent(o.value) === want);
        if (opt) list.value = opt.value;
        return loadURL(want);
      }
      if (q.has("live") && data.live) return startLive("live");
      if (names.length) return loadURL("replays/" + encodeURIComponent(names[0]));
      if (data.live) return startLive("live");
      return;
    }
    if (q.has("replay")) return loadURL(q.get("replay"));
  }
  /*PLAY*/
  start().catch(showError);

  // The page's test and scripting interface.
  window.flickViewer = {
    get ready() { return S.ready; },
    get steps() { return S.game ? S.game.steps.length : 0; },
    get step() { return S.game ? S.game.at(S.t).k : -1; },
    get animating() { return S.game ? S.game.at(S.t).anim : false; },
    get time() { return S.t; },
    get duration() { return S.game ? S.game.total : 0; },
    get playing() { return S.playing; },
    get ended() { return !!(S.game && S.game.end); },
    get live() { return S.live; },
    get waiting() { return pending ? pending.steps.length : -1; },
    get source() { return S.source; },
    // the game's drawing style ("flickemup", or "" for a game drawn from its description), and
    // how many pieces of each set the last frame drew (a game drawn from its description)
    get style() { return S.game ? S.game.style : ""; },
    get drawnPieces() { return S.drawnPieces || {}; },
    // the pieces the last frame drew (a game drawn from its description): set, id (the
    // indices of its path's "*", joined by "/"), index on the physics table (-1 if none),
    // centre in cm, and the text written on it
    get drawnList() { return S.drawnList || []; },
    // glides(k) lists the moves step k animates (Drawing: PieceSet.glide): the set's name, the
    // piece's id, its place before and after in cm; animOf(k) is the step's animation, in s
    glides(k) {
      const g = S.game, sg = g && g.seg[k];
      if (!sg) return [];
      return (sg.glides || []).map((m) => ({ set: g.d.pieces[m.set].name || "", id: m.id, from: m.from, to: m.to }));
    },
    animOf(k) { return S.game && S.game.seg[k] ? S.game.seg[k].anim : 0; },
    // the glide lines the last frame drew: the step, and the line's ends in cm
    get drawnTrail() { return S.drawnTrail || []; },
    play, pause, next, prev, seek,
    setSpeed(x) { S.speed = x; $("speed").value = String(x); },
    // the canvas shows the playhead's time
    get drawn() { return !S.dirty && S.drawnT === S.t; },
    // fallAfter finds the first figure knocked over at step k or later: its step, and the
    // timeline time a moment after the fall (for screenshots and tests); step -1 if none.
    fallAfter(k) {
      const g = S.game;
      for (let i = Math.max(0, k); g && i < g.steps.length; i++) {
        for (const fl of g.seg[i].flicks) {
          const fa = (fl.f.falls || [])[0];
          if (fa) return { step: i, time: g.seg[i].t0 + fl.t0 + Math.min(fa[2] / TIME + 0.12, fl.dur * 0.999) };
        }
      }
      return { step: -1, time: 0 };
    },
    afterAction(k) { return S.game ? S.game.afterAction(k) : 0; },
    load(text) { stopLive(); loadRecords(parseLines(text), "text"); },
  };
})();
