// The game viewer. postal's rules engine (assets/engine-*.js, WebAssembly)
// replays the game's moves, read from the move list, and draws each
// position; from any ply the reader may try moves of their own (the engine
// lists the legal ones and refuses the others), then come back to the game.
// Without JavaScript, or until the engine has loaded, the page shows the
// final board and the move list.
(function () {
  "use strict";
  var viewer = document.getElementById("viewer");
  if (!viewer) { return; }
  var $ = function (id) { return document.getElementById(id); };
  var board = $("board"), caption = $("caption"), controls = $("controls"), list = $("moves");
  var panel = $("analysis"), aHead = $("a-head"), aLine = $("a-line"), aForm = $("a-form"), aMove = $("a-move");
  var aMsg = $("a-msg"), aLegal = $("a-legal"), errorBox = $("viewer-error");
  var items = list.children; // one per ply, from 0 (the start)
  var sides = (viewer.getAttribute("data-sides") || "First|Second").split("|");
  var finalText = viewer.getAttribute("data-final") || "";
  var last = items.length - 1;
  var eng = null;       // the engine, once loaded
  var positions = [];   // engine handles of the game's positions, by ply
  var cur = -1;         // the ply shown
  var line = null;      // the reader's own moves: {from, start, steps: [{pos, player, text}]}

  // Players are numbers as the engine has them: seats from 0, -1 chance.
  function player(li) { var m = /\bp(\d)\b/.exec(li.className); return m ? +m[1] : -1; }
  function text(li) { var a = li.querySelector("a"); return a ? a.textContent : ""; }
  function side(p) { return p >= 0 && p < sides.length ? sides[p] : "Chance"; }

  function fail(msg) {
    errorBox.textContent = msg;
    errorBox.hidden = false;
  }

  // turn says who is to move in a position, or how it ended.
  function turn(pos) {
    var s = eng.state(pos);
    if (s.over) {
      return s.draw ? "Draw" + (s.reason ? " (" + s.reason + ")" : "") + "." :
        side(s.winner) + " won" + (s.reason ? " (" + s.reason + ")" : "") + ".";
    }
    return (s.toMove || []).map(side).join(" and ") + " to move.";
  }

  // keepVisible scrolls the move list, and nothing else, so that li shows
  // inside it: stepping never moves the page away from the board.
  function keepVisible(li) {
    var l = list.getBoundingClientRect(), r = li.getBoundingClientRect();
    if (r.top < l.top || r.bottom > l.bottom) {
      list.scrollTop += (r.top - l.top) - (l.height - r.height) / 2;
    }
    if (r.left < l.left || r.right > l.right) {
      list.scrollLeft += (r.left - l.left) - (l.width - r.width) / 2;
    }
  }

  // inSight scrolls the page, when needed, so the board, its controls and
  // the current move show: the least scroll that does it, or the board's top
  // at the window's top when they cannot all show.
  function inSight() {
    var top = board.getBoundingClientRect().top;
    var bottom = Math.max(controls.getBoundingClientRect().bottom, items[cur] ? items[cur].getBoundingClientRect().bottom : 0);
    var h = window.innerHeight;
    if (top >= 0 && bottom <= h) { return; }
    window.scrollBy(0, top < 0 || bottom - top > h ? top : bottom - h);
  }

  function draw(pos, final) {
    board.innerHTML = eng.svg(pos, final || "");
  }

  function setButtons() {
    var n = line ? line.from : cur;
    controls.querySelector('[data-step="first"]').disabled = !line && n === 0;
    controls.querySelector('[data-step="prev"]').disabled = !line && n === 0;
    controls.querySelector('[data-step="next"]').disabled = !line && n >= positions.length - 1;
    controls.querySelector('[data-step="last"]').disabled = !line && n >= positions.length - 1;
  }

  // show shows ply n of the game.
  function show(n) {
    n = Math.max(0, Math.min(positions.length - 1, n));
    if (line) { leave(false); }
    if (items[cur]) { items[cur].classList.remove("current"); items[cur].removeAttribute("aria-current"); }
    cur = n;
    var li = items[n];
    li.classList.add("current");
    li.setAttribute("aria-current", "step");
    keepVisible(li);
    var final = n === last && finalText;
    draw(positions[n], final ? finalText : "");
    var what = n === 0 ? "Start position" : "Ply " + n + ", " + side(player(li)) + ": " + text(li);
    caption.textContent = what + ". " + (final ? "Final position: " + finalText + "." : turn(positions[n]));
    board.setAttribute("data-ply", String(n));
    setButtons();
  }

  // go shows ply n, keeps it in sight and records it in the URL, so each
  // ply has a link.
  function go(n) {
    show(n);
    inSight();
    history.replaceState(null, "", "#ply-" + cur);
  }

  // fromHash shows the ply the URL names ("#ply-12"), in sight; on load
  // without one, the last ply where the page is.
  function fromHash(load) {
    var m = /^#ply-(\d+)$/.exec(location.hash);
    show(m ? parseInt(m[1], 10) : last);
    if (m || !load) { inSight(); }
  }

  // The reader's own moves.

  function linePos() { return line.steps.length ? line.steps[line.steps.length - 1].pos : line.start; }

  function enter() {
    if (line || !eng) { return; }
    // mark: the first handle of the line's positions, released on leaving.
    line = { from: cur, start: positions[cur], steps: [], mark: positions[positions.length - 1] + 1 };
    panel.hidden = false;
    items[cur].classList.add("branch");
    aHead.textContent = "Your moves from ply " + cur + ", not part of the game:";
    aMove.value = "";
    aMsg.textContent = "";
    $("analyse").disabled = true;
    refresh();
    aMove.focus({ preventScroll: true });
  }

  function leave(redraw) {
    if (!line) { return; }
    items[line.from].classList.remove("branch");
    var from = line.from;
    eng.release(line.mark);
    line = null;
    panel.hidden = true;
    $("analyse").disabled = false;
    aLine.textContent = "";
    aLegal.textContent = "";
    if (redraw !== false) { show(from); }
  }

  function refresh() {
    var pos = linePos();
    var n = line.from + line.steps.length;
    draw(pos, "");
    board.setAttribute("data-ply", line.from + "+" + line.steps.length);
    aLine.textContent = "";
    line.steps.forEach(function (s, i) {
      var li = document.createElement("li");
      li.textContent = side(s.player) + ": " + s.text;
      li.value = line.from + i + 1;
      aLine.appendChild(li);
    });
    caption.textContent = "Your line, ply " + n + ". " + turn(pos);
    $("a-undo").disabled = line.steps.length === 0;
    legal();
    setButtons();
  }

  // legal lists the legal moves of the position, those matching what the
  // reader has typed, as buttons.
  function legal() {
    var want = aMove.value.trim().toLowerCase();
    aLegal.textContent = "";
    var groups = eng.legal(linePos()) || [];
    groups.forEach(function (g) {
      var moves = (g.moves || []).filter(function (m) { return m.toLowerCase().indexOf(want) >= 0; });
      var h = document.createElement("p");
      h.className = "note";
      h.textContent = side(g.player) + ": " + (g.moves || []).length + (g.player === -1 ? " outcomes listed" : " legal moves listed") +
        (want ? ", " + moves.length + " matching" : "") + (moves.length > 200 ? " (the first 200 shown)" : "") + ".";
      aLegal.appendChild(h);
      var box = document.createElement("div");
      box.className = "legalmoves";
      if (g.player === -1) {
        // Chance draws as the game would; some draws are too many to list.
        var d = document.createElement("button");
        d.type = "button";
        d.className = "draw";
        d.textContent = "Draw at random";
        box.appendChild(d);
      }
      moves.slice(0, 200).forEach(function (m) {
        var b = document.createElement("button");
        b.type = "button";
        b.textContent = m;
        b.setAttribute("data-player", String(g.player));
        box.appendChild(b);
      });
      aLegal.appendChild(box);
    });
    if (!groups.length) {
      var p = document.createElement("p");
      p.className = "note";
      p.textContent = "Nobody may move: the game is over here.";
      aLegal.appendChild(p);
    }
  }

  // play plays text for p (or for whoever may play it when p is null).
  function play(textIn, p) {
    var pos = linePos();
    var to = p === null ? (eng.state(pos).toMove || []) : [p];
    var r = { error: "nobody may move: the game is over here" };
    for (var i = 0; i < to.length; i++) {
      r = eng.play(pos, to[i], textIn);
      if (!r.error) { p = to[i]; break; }
    }
    if (r.error) {
      aMsg.className = "amsg error";
      aMsg.textContent = "Refused: " + r.error;
      return;
    }
    aMsg.className = "amsg";
    aMsg.textContent = side(p) + " played " + r.move + ".";
    line.steps.push({ pos: r.pos, player: p, text: r.move });
    aMove.value = "";
    refresh();
  }

  function undo() {
    if (!line || !line.steps.length) { return; }
    line.steps.pop();
    aMsg.className = "amsg";
    aMsg.textContent = "";
    refresh();
  }

  aForm.addEventListener("submit", function (e) {
    e.preventDefault();
    if (aMove.value.trim()) { play(aMove.value.trim(), null); }
  });
  aMove.addEventListener("input", function () { if (line) { legal(); } });
  aLegal.addEventListener("click", function (e) {
    var b = e.target.closest("button");
    if (!b) { return; }
    if (b.className === "draw") {
      var r = eng.sample(linePos());
      if (r.error) { aMsg.className = "amsg error"; aMsg.textContent = r.error; return; }
      play(r.move, -1);
      return;
    }
    play(b.textContent, +b.getAttribute("data-player"));
  });
  $("a-undo").addEventListener("click", undo);
  $("a-leave").addEventListener("click", function () { leave(); history.replaceState(null, "", "#ply-" + cur); });

  controls.addEventListener("click", function (e) {
    var b = e.target.closest("button");
    if (!b || !eng) { return; }
    if (b.id === "analyse") { enter(); return; }
    var step = b.getAttribute("data-step");
    var from = line ? line.from : cur;
    go(step === "first" ? 0 : step === "prev" ? from - 1 : step === "next" ? from + 1 : last);
  });
  document.addEventListener("keydown", function (e) {
    if (!eng || e.altKey || e.ctrlKey || e.metaKey || /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName) && e.key !== "Escape") { return; }
    if (line) {
      if (e.key === "Escape") { leave(); history.replaceState(null, "", "#ply-" + cur); e.preventDefault(); }
      else if (e.key === "ArrowLeft" && e.target.tagName !== "INPUT") { undo(); e.preventDefault(); }
      return;
    }
    if (e.key === "a") { enter(); e.preventDefault(); return; }
    var to = { ArrowLeft: cur - 1, ArrowRight: cur + 1, Home: 0, End: last }[e.key];
    if (to === undefined) { return; }
    e.preventDefault();
    go(to);
  });
  window.addEventListener("hashchange", function () { fromHash(false); });

  if (!window.postalEngineLoad) {
    fail("The board viewer could not load the rules engine.");
    return;
  }
  window.postalEngineLoad.then(function (e) {
    eng = e;
    var players = [], moves = [];
    for (var i = 1; i <= last; i++) { players.push(player(items[i])); moves.push(text(items[i])); }
    var r = eng.replay(viewer.getAttribute("data-game"), viewer.getAttribute("data-ruleset") || "",
      viewer.getAttribute("data-options") || "", players, moves);
    if (!r.positions) {
      fail("The viewer cannot replay this game: " + r.error + ".");
      return;
    }
    positions = r.positions;
    if (r.error) {
      fail("The record does not replay from move " + r.ply + ": " + r.error + ".");
      for (var k = positions.length; k <= last; k++) { items[k].classList.add("unreached"); }
    }
    controls.hidden = false;
    fromHash(true);
  }, function (err) {
    fail("The board viewer could not start: " + (err && err.message || err) + ".");
  });
})();
