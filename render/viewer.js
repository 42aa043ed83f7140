// The skyhex replay viewer, the same for every game: it reads the page data (skyhex.view/1,
// see docs/formats.md), places each step's pieces over the board, fills the state panel,
// the scores and the event list, and moves through the game by event, action (step) and
// round. Text from the data is only ever written with textContent or as attribute values.
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";
  var data = JSON.parse(document.getElementById("skyhex-data").textContent);
  var events = data.events;
  var steps = data.steps;
  var last = events.length - 1;
  var bySeq = {};
  events.forEach(function (e, i) { bySeq[e.seq] = i; });
  var rounds = [];
  events.forEach(function (e, i) { if (e.type === "round") { rounds.push(i); } });

  var el = function (id) { return document.getElementById(id); };
  var slider = el("slider");
  var list = el("events");
  var pos = -1;
  var view = 0;
  var timer = null;
  var items = [];
  var marked = [];

  function pick(value) { return Array.isArray(value) ? value[view] : value; }
  function make(tag, text, cls) {
    var node = document.createElement(tag);
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    if (cls) { node.className = cls; }
    return node;
  }
  function svg(tag, attrs) {
    var node = document.createElementNS(SVG, tag);
    Object.keys(attrs).forEach(function (k) { node.setAttribute(k, String(attrs[k])); });
    return node;
  }
  function clear(node) { while (node.firstChild) { node.removeChild(node.firstChild); } }

  // --- the board ---------------------------------------------------------------------------
  var piecesLayer = el("pieces");
  var trailLayer = el("trail");

  function drawPieces(ids) {
    if (!piecesLayer) { return; }
    clear(piecesLayer);
    ids.forEach(function (id) {
      var p = data.pieces[id];
      var node;
      if (p.s !== undefined) {
        node = svg("use", { href: "#" + p.s, x: p.x, y: p.y });
        var title = svg("title", {});
        title.textContent = p.t;
        node.appendChild(title);
      } else if (p.c !== undefined) {
        node = svg("g", {});
        node.appendChild(svg("rect", {
          x: p.x - p.w / 2 - 0.3 * p.z, y: p.y - 0.95 * p.z, width: p.w + 0.6 * p.z,
          height: 1.25 * p.z, rx: 0.3 * p.z, fill: "#ffffff" }));
        var text = svg("text", { x: p.x, y: p.y, "font-size": p.z, "font-weight": "bold",
                                 "text-anchor": "middle", fill: "#000000" });
        text.textContent = p.c;
        node.appendChild(text);
      } else if (p.l !== undefined) {
        node = svg("line", { x1: p.l[0], y1: p.l[1], x2: p.l[2], y2: p.l[3], stroke: "#000000",
                             "stroke-width": p.w });
        if (p.d) { node.setAttribute("stroke-dasharray", p.d.join(" ")); }
      }
      if (node) { piecesLayer.appendChild(node); }
    });
  }

  function drawTrail(id) {
    if (!trailLayer) { return; }
    clear(trailLayer);
    if (id === null || id === undefined) { return; }
    data.trails[id].forEach(function (points) {
      if (points.length < 2) { return; }
      trailLayer.appendChild(svg("polyline", { points: points.map(function (p) {
        return p[0] + "," + p[1]; }).join(" ") }));
      points.slice(0, -1).forEach(function (p) {
        trailLayer.appendChild(svg("circle", { cx: p[0], cy: p[1], r: 1.6 }));
      });
      var a = points[points.length - 2];
      var b = points[points.length - 1];
      var dx = b[0] - a[0];
      var dy = b[1] - a[1];
      var n = Math.sqrt(dx * dx + dy * dy) || 1;
      dx /= n; dy /= n;
      var tip = [b[0] - dx * 4, b[1] - dy * 4];
      var base = [tip[0] - dx * 5, tip[1] - dy * 5];
      trailLayer.appendChild(svg("path", { d: "M" + tip[0] + " " + tip[1] + " L" +
        (base[0] - dy * 2.6) + " " + (base[1] + dx * 2.6) + " L" + (base[0] + dy * 2.6) + " " +
        (base[1] - dx * 2.6) + " Z" }));
    });
  }

  // --- the panel and the scores ------------------------------------------------------------
  function rows(table, pairs) {
    clear(table);
    var body = make("tbody");
    pairs.forEach(function (pair) {
      var tr = make("tr");
      tr.setAttribute("data-key", pair[0]);
      var th = make("th", pair[0]);
      th.setAttribute("scope", "row");
      tr.appendChild(th);
      tr.appendChild(make("td", pair[1]));
      body.appendChild(tr);
    });
    table.appendChild(body);
  }

  function drawPanel(frame, step) {
    rows(el("head"), data.heads[frame.head]);
    var cards = el("cards");
    clear(cards);
    frame.cards.forEach(function (id) {
      var c = data.cards[id];
      var card = make("section", null, "card");
      card.setAttribute("data-card", c.id);
      card.setAttribute("aria-label", c.title);
      if (step.to_act === c.id) { card.className += " acting"; }
      var h = make("h3");
      if (c.s && piecesLayer) {
        var swatch = svg("svg", { viewBox: "-9 -9 18 18", "aria-hidden": "true" });
        swatch.appendChild(svg("use", { href: "#" + c.s }));
        h.appendChild(swatch);
      }
      h.appendChild(make("span", c.title));
      card.appendChild(h);
      if (c.sub) { card.appendChild(make("p", c.sub, "sub")); }
      var table = make("table", null, "rows");
      rows(table, c.rows);
      card.appendChild(table);
      cards.appendChild(card);
    });
    var body = el("scores").tBodies[0];
    clear(body);
    var note = el("scores-note");
    if (frame.scores === null) {
      note.textContent = "Not known to this player until the end of the game.";
      return;
    }
    note.textContent = frame.final ? "Final scores." : "Provisional: if the game ended now.";
    data.scores[frame.scores].forEach(function (s) {
      var tr = make("tr");
      tr.setAttribute("data-player", s.player);
      tr.appendChild(make("td", s.rank));
      tr.appendChild(make("td", s.player));
      tr.appendChild(make("td", s.score));
      tr.appendChild(make("td", Object.keys(s.breakdown).map(function (k) {
        return k + " " + s.breakdown[k]; }).join(", ")));
      body.appendChild(tr);
    });
  }

  // --- the event list ----------------------------------------------------------------------
  function fillEvents() {
    clear(list);
    items = events.map(function (e, i) {
      var li = make("li");
      li.id = "event-" + e.seq;
      var a = make("a");
      a.href = "#e=" + e.seq;
      a.appendChild(make("span", e.seq, "seq"));
      a.appendChild(make("span", e.type, "kind"));
      a.appendChild(document.createTextNode(pick(e.text)));
      li.appendChild(a);
      list.appendChild(li);
      return li;
    });
    marked = [];
  }

  function mark(step, current) {
    marked.forEach(function (li) { li.className = ""; li.removeAttribute("aria-current"); });
    marked = [];
    for (var i = step.first; i < step.first + step.count; i++) {
      items[i].className = "step";
      marked.push(items[i]);
    }
    items[current].setAttribute("aria-current", "true");
    marked.push(items[current]);
    var box = list.getBoundingClientRect();
    var at = items[current].getBoundingClientRect();
    if (at.top < box.top || at.bottom > box.bottom) {
      list.scrollTop += at.top - box.top - box.height / 3;
    }
  }

  // --- moving ------------------------------------------------------------------------------
  function moment(step) {
    var m = step.moment;
    return Object.keys(m).map(function (k) { return k + " " + m[k]; }).join(", ");
  }

  function show(i, keepHash) {
    i = Math.max(0, Math.min(last, i));
    var e = events[i];
    var step = steps[e.step];
    var frame = data.frames[step.frames[view]];
    pos = i;
    drawPieces(frame.pieces);
    drawTrail(frame.trail);
    drawPanel(frame, step);
    mark(step, i);
    slider.value = String(i);
    var where = "event " + e.seq + " of " + events[last].seq;
    slider.setAttribute("aria-valuetext", where + ": " + pick(e.text));
    el("where").textContent = where;
    var what = step.actor ? step.actor + (step.action ? ": " + step.action : " acts") : "";
    var parts = [moment(step)];
    if (step.entry !== null) { parts.push("entry " + (step.entry + 1)); }
    if (what) { parts.push(what + (step.forced ? " (forced)" : "")); }
    parts.push(step.over ? "game over" : (step.to_act ? step.to_act + " to act" : ""));
    el("status").textContent = parts.filter(Boolean).join(" · ");
    if (!keepHash) {
      var hash = "#e=" + e.seq;
      if (location.hash !== hash) {
        try { history.replaceState(null, "", hash); } catch (err) { location.hash = hash; }
      }
    }
  }

  function stepStart(i) { return steps[events[i].step].first; }
  function nextStep() {
    var s = events[pos].step;
    if (s + 1 < steps.length) { show(steps[s + 1].first); } else { show(last); }
  }
  function prevStep() {
    var first = stepStart(pos);
    if (first < pos) { show(first); return; }
    var s = events[pos].step;
    if (s > 0) { show(steps[s - 1].first); }
  }
  function nextRound() {
    for (var k = 0; k < rounds.length; k++) { if (rounds[k] > pos) { show(rounds[k]); return; } }
    show(last);
  }
  function prevRound() {
    for (var k = rounds.length - 1; k >= 0; k--) { if (rounds[k] < pos) { show(rounds[k]); return; } }
    show(0);
  }
  function play(on) {
    if (on === (timer !== null)) { return; }
    var button = el("play");
    if (on) {
      if (pos >= last) { show(0); }
      timer = setInterval(function () {
        if (pos >= last) { play(false); } else { show(pos + 1); }
      }, 450);
    } else {
      clearInterval(timer);
      timer = null;
    }
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.textContent = on ? "Pause" : "Play";
  }

  function fromHash() {
    var found = /^#e=(\d+)$/.exec(location.hash);
    if (!found) { return null; }
    var i = bySeq[Number(found[1])];
    return i === undefined ? null : i;
  }

  // --- set up ------------------------------------------------------------------------------
  var seat = el("seat");
  data.perspectives.forEach(function (p, k) {
    var option = make("option", p.label);
    option.value = String(k);
    seat.appendChild(option);
  });
  if (data.perspectives.length < 2) { seat.disabled = true; }
  function noteSeat() {
    var p = data.perspectives[view];
    el("seat-note").textContent = p.seat === null ? (data.perspectives.length > 1 ?
      "The referee sees everything; choose a seat to see what it knew." :
      "Every seat sees the whole game.") : "What " + p.seat + " may know, nothing more.";
  }
  seat.addEventListener("change", function () {
    view = Number(seat.value);
    noteSeat();
    fillEvents();
    show(pos, true);
  });
  if (data.source) { el("source").textContent = " of " + data.source; }

  slider.max = String(last);
  slider.addEventListener("input", function () { show(Number(slider.value)); });
  el("first").addEventListener("click", function () { show(0); });
  el("last").addEventListener("click", function () { show(last); });
  el("prev").addEventListener("click", function () { show(pos - 1); });
  el("next").addEventListener("click", function () { show(pos + 1); });
  el("prev-step").addEventListener("click", prevStep);
  el("next-step").addEventListener("click", nextStep);
  el("prev-round").addEventListener("click", prevRound);
  el("next-round").addEventListener("click", nextRound);
  el("play").addEventListener("click", function () { play(timer === null); });
  window.addEventListener("hashchange", function () {
    var i = fromHash();
    if (i !== null && i !== pos) { show(i, true); }
  });

  document.addEventListener("keydown", function (event) {
    var target = event.target;
    var tag = target && target.tagName;
    if (event.altKey || event.ctrlKey || event.metaKey) { return; }
    if (target === slider && event.key === " ") {
      play(timer === null);
      event.preventDefault();
      return;
    }
    if (tag === "SELECT" || tag === "TEXTAREA" || tag === "INPUT") { return; }
    if ((tag === "BUTTON" || tag === "A" || tag === "SUMMARY") &&
        (event.key === " " || event.key === "Enter")) { return; }
    var handled = true;
    switch (event.key) {
      case "ArrowRight": if (event.shiftKey) { nextStep(); } else { show(pos + 1); } break;
      case "ArrowLeft": if (event.shiftKey) { prevStep(); } else { show(pos - 1); } break;
      case "PageDown": nextRound(); break;
      case "PageUp": prevRound(); break;
      case "Home": show(0); break;
      case "End": show(last); break;
      case " ": play(timer === null); break;
      default: handled = false;
    }
    if (handled) { event.preventDefault(); }
  });

  noteSeat();
  fillEvents();
  var start = fromHash();
  show(start === null ? 0 : start, true);
  // Ready once the first frame is drawn: its time (from the start of the navigation) is the
  // page's time to interactive, layout and paint included.
  requestAnimationFrame(function () {
    setTimeout(function () {
      window.skyhexReady = performance.now();
      document.documentElement.setAttribute("data-ready", "true");
    }, 0);
  });
}());
