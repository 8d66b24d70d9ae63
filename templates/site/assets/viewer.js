// The game viewer. The page shows the game's final board, drawn by the
// site's build, and its moves; without JavaScript that is all, and the move
// list's items are the #ply-N anchors. To step through the game the viewer
// loads the rules engine (assets/engine-HASH.wasm, WebAssembly, one file
// for every game page of the site, which the browser caches), replays the
// moves with it and draws each ply as it is shown. It loads the engine
// when the reader shows they will use it (a pointer or a finger on the board
// or the moves, a key, a link to a ply), so the first step rarely waits,
// and a reader who only looks at the final board fetches nothing more. The
// same engine checks the reader's own moves from any ply ("Try moves"), and
// in a game in progress a move picked on the board, which the page sends by
// mail. The engine's loading and drawing are board.js's, which the game
// page loads before this script, and the opening explorer shares.
(function () {
  "use strict";
  var viewer = document.getElementById("viewer");
  if (!viewer) { return; }
  var $ = function (id) { return document.getElementById(id); };
  var board = $("board"), caption = $("caption"), controls = $("controls"), list = $("moves"), said = $("said");
  var panel = $("analysis"), aHead = $("a-head"), aLine = $("a-line"), aForm = $("a-form"), aMove = $("a-move");
  var aMsg = $("a-msg"), aLegal = $("a-legal"), errorBox = $("viewer-error");
  var items = list.children; // one per ply, from 0 (the start)
  var sides = (viewer.getAttribute("data-sides") || "First|Second").split("|");
  var finalText = viewer.getAttribute("data-final") || "";
  var last = items.length - 1;
  var reached = last + 1; // plies the record replays to, plus one (the engine says)
  var eng = null;       // the engine, once loaded, at the game's start
  var engineLoad = null; // its loading, once asked for
  var positions = [];   // engine handles of the game's positions, by ply, as far as replayed
  var replayed = false; // whether the replay has reached the record's end, or the move it refuses
  var cur = last;       // the ply shown: the page comes with the last
  var wanted = -1;      // the ply asked for while the engine loads
  var line = null;      // the reader's own moves: {from, start, steps: [{pos, player, text}]}
  var pageCaption = caption.textContent;
  // The board of a finished game's last ply is the page's own: the build
  // drew it knowing how the game ended (a resignation, the clock, a draw
  // agreed), which the engine's position does not, and would say whose
  // move it was.
  var finalBoard = finalText ? board.innerHTML : "";

  // Players are numbers as the engine has them: seats from 0, -1 chance.
  function player(li) { var m = /\bp(\d)\b/.exec(li.className); return m ? +m[1] : -1; }
  function text(li) { var a = li.querySelector("a"); return a ? a.textContent : ""; }
  function side(p) { return p >= 0 && p < sides.length ? sides[p] : "Chance"; }

  function fail(msg) {
    errorBox.textContent = msg;
    errorBox.hidden = false;
  }

  // label names ply n's move as players do: "move 12, White: e2-e4";
  // a chance step has no number of its own.
  function label(n) {
    var li = items[n], p = player(li);
    if (p < 0) { return "Chance: " + text(li); }
    return "Move " + li.getAttribute("data-n") + ", " + side(p) + ": " + text(li);
  }

  // turn says who is to move in an engine position, or how it ended.
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
    // Whole pixels, rounded away from the board: a fraction left over
    // would leave its edge out of the window.
    window.scrollBy(0, top < 0 || bottom - top > h ? Math.floor(top) : Math.ceil(bottom - h));
  }

  function setButtons() {
    var n = line ? line.from : wanted >= 0 ? wanted : cur;
    controls.querySelector('[data-step="first"]').disabled = !line && n === 0;
    controls.querySelector('[data-step="prev"]').disabled = !line && n === 0;
    controls.querySelector('[data-step="next"]').disabled = !line && n >= reached - 1;
    controls.querySelector('[data-step="last"]').disabled = !line && n >= reached - 1;
  }

  // mark marks ply n in the move list as the one shown.
  function mark(n) {
    if (items[cur]) { items[cur].classList.remove("current"); items[cur].removeAttribute("aria-current"); }
    cur = n;
    var li = items[n];
    li.classList.add("current");
    li.setAttribute("aria-current", "step");
    keepVisible(li);
    sayMessages(li);
    toExplorer();
  }

  // toExplorer points the link to the opening explorer at the ply shown:
  // its book's page, the moves up to it in the fragment (explorer.js reads
  // them). The page has it for a finished game whose book has an explorer.
  var explorer = viewer.getAttribute("data-explorer"), explorerLink = null;
  function toExplorer() {
    if (!explorer) { return; }
    if (!explorerLink) {
      var p = document.createElement("p");
      p.className = "to-explorer";
      explorerLink = document.createElement("a");
      explorerLink.textContent = "This position in the explorer";
      p.appendChild(explorerLink);
      controls.parentNode.insertBefore(p, controls.nextSibling);
    }
    var moves = [];
    for (var i = 1; i <= cur; i++) { moves.push(encodeURIComponent(text(items[i]))); }
    explorerLink.href = explorer + (moves.length ? "#m=" + moves.join(",") : "");
  }

  // sayMessages copies the players' messages of a move (its comments) under
  // the board. The style sheet shows them there only on a phone, where the
  // moves are one scrolled row that would hide them (the row then leaves
  // them out); wider, the list has room for them under each move.
  function sayMessages(li) {
    if (!said) { return; }
    said.textContent = "";
    li.querySelectorAll(".comment").forEach(function (c) {
      var p = document.createElement("p");
      p.className = "comment";
      p.textContent = c.textContent;
      said.appendChild(p);
    });
    said.hidden = !said.firstChild;
  }

  // draw puts a board the engine drew on the page, a few elements at a
  // time (board.js: drawer).
  var draw = postalBoard.drawer(board);

  // The engine collects its garbage when the reader pauses, not in the
  // middle of a step (see site/wasm: collect).
  var pause = null;
  function collectLater() {
    clearTimeout(pause);
    pause = setTimeout(function () { if (eng.collect) { eng.collect(); } }, 1000);
  }

  // show shows ply n of the game, the engine loaded.
  function show(n) {
    if (line) { leave(false); }
    replayTo(n);
    n = Math.max(0, Math.min(positions.length - 1, n));
    mark(n);
    var final = n === last && finalText;
    if (final && finalBoard) {
      board.innerHTML = finalBoard;
      draw.reset(); // the next step puts its board whole
    } else {
      draw(eng.svg(positions[n], ""));
    }
    caption.textContent = (n === 0 ? "Start position" : label(n)) + ". " +
      (final ? "Final position: " + finalText + "." : turn(positions[n]));
    board.setAttribute("data-ply", String(n));
    setButtons();
    play.shown();
    collectLater();
  }

  // The start's board, which the build drew (site: startboard.go), one file
  // for every game of the same rules and options: a step to the start
  // shows it at once, without waiting for the engine, which goes on
  // loading for the steps after it. A page opened from disk may not fetch
  // it, and waits for the engine.
  var startSrc = location.protocol === "file:" ? "" : viewer.getAttribute("data-start") || "";
  var startFetch = null;
  function startBoard() {
    if (!startFetch) {
      startFetch = fetch(startSrc).then(function (r) {
        if (!r.ok) { throw new Error("the start board did not load (" + r.status + ")"); }
        return r.text();
      });
      startFetch.catch(function () {}); // the engine draws it then
    }
    return startFetch;
  }
  function showStart() {
    return startBoard().then(function (svg) {
      if (eng || wanted !== 0) { return; }
      board.innerHTML = svg;
      draw.reset(); // the engine's first board is put whole
      var who = (viewer.getAttribute("data-start-tomove") || "").split(" ").filter(Boolean);
      caption.textContent = "Start position. " + who.map(function (p) { return side(+p); }).join(" and ") + " to move.";
      board.setAttribute("data-ply", "0");
    }, function () {});
  }

  // The board before the last ply, which the build drew as a patch of the
  // page's own (site: backboard.go): a template whose <svg> holds the
  // edits in order, each a <g> that replaces data-del of the board's
  // children from the data-at'th with its own. The step back, the first
  // a reader takes most, shows it at once, without the engine.
  var backTpl = $("back-board");
  var pageSvg = board.querySelector("svg");
  pageSvg = backTpl && pageSvg ? pageSvg.cloneNode(true) : null;
  function showBack() {
    // The page's own board, still shown, is patched where it stands: the
    // browser then styles and lays out only the elements that change.
    var svg = board.hasAttribute("data-ply") ? pageSvg.cloneNode(true) : board.querySelector("svg");
    var kids = Array.prototype.slice.call(svg.children);
    var patch = backTpl.content.firstElementChild, size = patch.getAttribute("data-size");
    if (size) {
      var wh = size.split(" ");
      svg.setAttribute("width", wh[0]);
      svg.setAttribute("height", wh[1]);
      svg.setAttribute("viewBox", "0 0 " + wh[0] + " " + wh[1]);
    }
    for (var i = patch.children.length - 1; i >= 0; i--) {
      var e = patch.children[i], at = +e.getAttribute("data-at"), del = +e.getAttribute("data-del");
      var before = kids[at + del] || null;
      for (var k = at; k < at + del; k++) { svg.removeChild(kids[k]); }
      var g = document.importNode(e, true);
      while (g.firstChild) { svg.insertBefore(g.firstChild, before); }
    }
    if (svg.parentNode !== board) {
      board.textContent = "";
      board.appendChild(svg);
    }
    draw.reset(); // the engine's first board is put whole
    var who = (backTpl.getAttribute("data-tomove") || "").split(" ").filter(Boolean);
    caption.textContent = label(last - 1) + ". " + who.map(function (p) { return side(+p); }).join(" and ") + " to move.";
    board.setAttribute("data-ply", String(last - 1));
  }

  // go shows ply n, keeps it in sight and records it in the URL, so each
  // ply has a link. Before the engine has loaded it marks the move and
  // says the board is on its way; the last ply asked for then shows (the
  // start and the ply before the last at once, from the build's drawing).
  function go(n) {
    n = Math.max(0, Math.min(reached - 1, n));
    // The ply before the last shows from the build's drawing while the
    // engine loads, and while it replays the moves up to it (which takes
    // a hundred milliseconds and more in a long game, in the step's way).
    var back = n === last - 1 && pageSvg && !line && (!eng || positions.length <= n);
    if (!eng || back) {
      if (wanted < 0 && n === cur) { return; }
      wanted = eng ? -1 : n;
      mark(n);
      caption.textContent = (n === 0 ? "Start position" : label(n)) + ": loading the board…";
      setButtons();
      play.shown();
      history.replaceState(null, "", "#ply-" + n);
      // The start shows from the build's drawing; the engine, when not on
      // its way yet, is fetched after it rather than beside it.
      var before = n === 0 && startSrc ? showStart() : null;
      if (back) {
        // Shown now; the engine is asked for once the browser has painted
        // it, as its loading would hold the paint back.
        showBack();
        before = new Promise(function (painted) { requestAnimationFrame(function () { setTimeout(painted, 0); }); });
      }
      if (eng) { inSight(); return; }
      (before && !engineLoad ? before.then(loadEngine) : loadEngine()).then(function () {
        var w = wanted;
        wanted = -1;
        // A reader who began their own moves meanwhile (which waited for
        // the engine too, and may have been answered first) keeps them;
        // a board the build drew stays until the next step.
        if (w >= 0 && !line && board.getAttribute("data-ply") !== String(w)) { show(w); inSight(); }
        else if (w >= 0) { setButtons(); }
      }, function () {
        var w = wanted;
        wanted = -1;
        // The start, or the ply before the last, drawn by the build, stays;
        // any other ply goes back to the page's own board.
        if (board.getAttribute("data-ply") === String(w)) { setButtons(); return; }
        mark(last);
        caption.textContent = pageCaption;
        setButtons();
        play.shown();
      });
      return;
    }
    show(n);
    inSight();
    history.replaceState(null, "", "#ply-" + cur);
  }

  // fromHash shows the ply the URL names ("#ply-12"), in sight.
  function fromHash() {
    var m = /^#ply-(\d+)$/.exec(location.hash);
    if (m) { go(parseInt(m[1], 10)); inSight(); }
  }

  // The engine, on demand.

  // The game's moves as the engine takes them: gameMoves[k] is ply k+1's.
  var gamePlayers = [], gameMoves = [];
  for (var ply = 1; ply <= last; ply++) { gamePlayers.push(player(items[ply])); gameMoves.push(text(items[ply])); }

  // loadEngine starts the engine (board.js: load, which fetches it and
  // Go's loader for it) with the game's start position; once. The moves are replayed as they are
  // needed (replayTo), the rest a slice at a time in the background.
  function loadEngine() {
    if (engineLoad) { return engineLoad; }
    engineLoad = postalBoard.load(viewer).then(function (e) {
      var r = e.replay(viewer.getAttribute("data-game"), viewer.getAttribute("data-ruleset") || "",
        viewer.getAttribute("data-options") || "", [], [], viewer.getAttribute("data-version") || "");
      if (!r.positions) { throw new Error("the engine cannot replay this game: " + r.error); }
      positions = r.positions;
      eng = e;
      // Loaded ahead of a step (on the reader's intent), it draws a board
      // once, unseen, so that the browser has compiled the engine's drawing
      // before the step needs it; then it replays the moves.
      setTimeout(function () {
        if (draw.empty()) { e.svg(positions[0], ""); }
        replayMore();
      }, 0);
      return e;
    });
    engineLoad.catch(function (err) { fail("The rules engine could not start: " + (err && err.message || err) + "."); });
    return engineLoad;
  }

  // replayTo replays the game's moves up to ply n, or to the move the
  // engine refuses.
  function replayTo(n) {
    n = Math.min(n, last);
    var from = positions.length;
    if (replayed || n < from) { return; }
    var r = eng.extend(positions[from - 1], gamePlayers.slice(from - 1, n), gameMoves.slice(from - 1, n));
    positions = positions.concat(r.positions || []);
    if (r.error) {
      replayed = true;
      reached = positions.length;
      for (var k = reached; k <= last; k++) { items[k].classList.add("unreached"); }
      fail("The engine stops at move " + (from - 1 + r.ply) + " of this record: " + r.error + ".");
      setButtons();
    } else if (positions.length > last) {
      replayed = true;
    }
  }

  // replayMore replays the moves not yet needed, a few milliseconds of
  // them at a time, so that a key or a click waits behind none for long.
  function replayMore() {
    var until = performance.now() + 8;
    while (!replayed && performance.now() < until) { replayTo(positions.length + 7); }
    if (!replayed) { setTimeout(replayMore, 0); }
  }

  // lastPos is the engine's handle of the game's last position.
  function lastPos() {
    replayTo(last);
    return positions[positions.length - 1];
  }

  // withEngine runs fn once the engine is there, saying meanwhile that it
  // loads.
  function withEngine(fn) {
    if (eng) { fn(); return; }
    var b = $("analyse"), was = b.textContent;
    b.textContent = "Loading…";
    b.disabled = true;
    loadEngine().then(function () { b.textContent = was; b.disabled = false; fn(); },
      function () { b.textContent = was; b.disabled = false; });
  }

  // The reader's own moves.

  function linePos() { return line.steps.length ? line.steps[line.steps.length - 1].pos : line.start; }

  function enter() {
    if (line) { return; }
    if (!eng) { withEngine(enter); return; }
    // The line's positions come after the game's, all of them.
    replayTo(last);
    play.clear();
    // mark: the first handle of the line's positions, released on leaving.
    line = { from: cur, start: positions[cur], steps: [], mark: positions[positions.length - 1] + 1 };
    panel.hidden = false;
    // The players' messages are the game's, not the reader's line: they
    // come back with the game's move on leaving.
    if (said) { said.hidden = true; }
    items[cur].classList.add("branch");
    aHead.textContent = "Your moves from " + (cur === 0 ? "the start" : label(cur).replace(/^M/, "m").replace(/^C/, "c")) + ", not part of the game:";
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
    draw(eng.svg(pos, ""));
    collectLater();
    board.setAttribute("data-ply", line.from + "+" + line.steps.length);
    aLine.textContent = "";
    line.steps.forEach(function (s) {
      var li = document.createElement("li");
      li.textContent = side(s.player) + ": " + s.text;
      aLine.appendChild(li);
    });
    caption.textContent = "Your line, " + line.steps.length + " of your moves in. " + turn(pos);
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

  // playLine plays text for p (or for whoever may play it when p is null).
  function playLine(textIn, p) {
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
    if (aMove.value.trim()) { playLine(aMove.value.trim(), null); }
  });
  aMove.addEventListener("input", function () { if (line) { legal(); } });
  aLegal.addEventListener("click", function (e) {
    var b = e.target.closest("button");
    if (!b) { return; }
    if (b.className === "draw") {
      var r = eng.sample(linePos());
      if (r.error) { aMsg.className = "amsg error"; aMsg.textContent = r.error; return; }
      playLine(r.move, -1);
      return;
    }
    playLine(b.textContent, +b.getAttribute("data-player"));
  });
  $("a-undo").addEventListener("click", undo);
  $("a-leave").addEventListener("click", function () { leave(); history.replaceState(null, "", "#ply-" + cur); });

  // Play from the page: in a game in progress, at its last ply, the reader
  // picks a move on the board (a piece or cell, then a target the engine
  // lights up) or types it, and sends it by mail.
  var play = (function () {
    var box = $("play");
    if (!box) { return { shown: function () {}, clear: function () {} }; }
    var pMove = $("p-move"), pList = $("p-legal"), pMsg = $("p-msg"), pSend = $("p-send"), pChoice = $("p-choice");
    var club = box.getAttribute("data-club"), subject = box.getAttribute("data-subject");
    var id = box.getAttribute("data-id"), next = box.getAttribute("data-next");
    // The move goes to the club's address, the game's tag in the subject.
    // A game mail's link once carried the mail's reply address, its token
    // a proof of the player, in the fragment (#reply=...): such a link
    // still opens the page, but the address is neither used nor kept, and
    // leaves the address bar, nor the history.
    if (/(?:^#|&)reply=/.test(location.hash)) {
      try { history.replaceState(null, "", location.pathname + location.search); } catch (err) {}
    }
    try {
      for (var k = sessionStorage.length - 1; k >= 0; k--) {
        var key = sessionStorage.key(k);
        if (key && key.indexOf("postal-reply-") === 0) { sessionStorage.removeItem(key); }
      }
    } catch (err) {}
    var moves = null;  // [{m, player, f, t}] of the last position, once the engine has them
    var sel = null;    // the origin picked: [x, y]
    var radius = 30;   // how near a click must be to a cell's centre, in the picture's units

    function mailto(move) {
      return "mailto:" + encodeURIComponent(club).replace(/%40/g, "@").replace(/%2B/g, "+") +
        "?subject=" + encodeURIComponent(subject) + "&body=" + encodeURIComponent("move " + id + " #" + next + " " + move);
    }

    function say(msg, err) { pMsg.textContent = msg; pMsg.className = err ? "amsg error" : "amsg"; }

    function choose(move) {
      pMove.value = move;
      pSend.href = mailto(move);
      pSend.hidden = false;
      $("p-chosen").textContent = move;
      $("p-to").textContent = club;
      $("p-out").hidden = false;
      say("");
    }

    // fetch asks the engine for the legal moves of the game's last
    // position and where they go.
    function fetchMoves(then) {
      if (moves) { then(); return; }
      say("Loading the rules engine…");
      loadEngine().then(function () {
        moves = [];
        var froms = [], tos = [];
        (eng.targets(lastPos()) || []).forEach(function (g) {
          (g.moves || []).forEach(function (mv) {
            moves.push({ m: mv.m, player: g.player, f: mv.f, t: mv.t });
            if (mv.f) { froms.push(mv.f); tos.push(mv.t); }
          });
        });
        // Cells are as far apart as the nearest two distinct origins (or
        // targets, when one piece moves): a click counts within half of
        // that. Targets may be arrowheads short of a cell's centre.
        var near = spacing(froms);
        if (near === Infinity) { near = spacing(tos); }
        if (near < Infinity) { radius = Math.max(8, near * 0.5); }
        pList.textContent = "";
        moves.forEach(function (mv) {
          var o = document.createElement("option");
          o.value = mv.m;
          pList.appendChild(o);
        });
        say(moves.length ? moves.length + " legal moves: pick one on the board or type it." : "No legal move to pick here.");
        then();
      }, function (err) { say("The rules engine could not start: " + (err && err.message || err) + ".", true); });
    }

    // spacing is the least distance between two distinct points of pts.
    function spacing(pts) {
      var near = Infinity;
      for (var i = 0; i < pts.length && i < 300; i++) {
        for (var j = i + 1; j < pts.length && j < 300; j++) {
          var d = Math.hypot(pts[i][0] - pts[j][0], pts[i][1] - pts[j][1]);
          if (d > 1 && d < near) { near = d; }
        }
      }
      return near;
    }

    function svgPoint(e) {
      var svg = board.querySelector("svg");
      if (!svg || !svg.getScreenCTM()) { return null; }
      var p = svg.createSVGPoint();
      p.x = e.clientX;
      p.y = e.clientY;
      p = p.matrixTransform(svg.getScreenCTM().inverse());
      return [p.x, p.y];
    }

    function dist(a, b) { return Math.hypot(a[0] - b[0], a[1] - b[1]); }

    // nearest is the point of pts nearest to p within radius, or null.
    function nearest(p, pts) {
      var best = null, bd = radius;
      pts.forEach(function (q) { var d = dist(p, q); if (d < bd) { best = q; bd = d; } });
      return best;
    }

    // mark draws rings on the board: at the origin picked, and at the
    // targets of its moves.
    function mark(origin, targets) {
      var svg = board.querySelector("svg");
      var old = svg && svg.querySelector("g.picks");
      if (old) { old.remove(); }
      if (!svg || !origin) { return; }
      var ns = "http://www.w3.org/2000/svg", g = document.createElementNS(ns, "g");
      g.setAttribute("class", "picks");
      g.setAttribute("pointer-events", "none");
      var ring = function (p, cls, r) {
        var c = document.createElementNS(ns, "circle");
        c.setAttribute("cx", p[0]);
        c.setAttribute("cy", p[1]);
        c.setAttribute("r", r);
        c.setAttribute("class", cls);
        g.appendChild(c);
      };
      ring(origin, "pick-from", radius * 0.8);
      targets.forEach(function (t) { ring(t, "pick-to", radius * 0.4); });
      svg.appendChild(g);
    }

    function from(origin) { return moves.filter(function (mv) { return mv.f && dist(mv.f, origin) < 0.5; }); }

    function click(e) {
      if (line || cur !== last) { return; }
      var p = svgPoint(e);
      if (!p) { return; }
      fetchMoves(function () {
        pChoice.textContent = "";
        if (sel) {
          var mine = from(sel);
          var t = nearest(p, mine.map(function (mv) { return mv.t; }));
          if (t) {
            var pick = mine.filter(function (mv) { return dist(mv.t, t) < 0.5; });
            mark(sel, [t]); // the move chosen stays marked
            sel = null;
            if (pick.length === 1) { choose(pick[0].m); return; }
            // Several moves between the same cells (a promotion, a choice of
            // capture): the reader says which.
            say("Which move?");
            pick.forEach(function (mv) {
              var b = document.createElement("button");
              b.type = "button";
              b.textContent = mv.m;
              pChoice.appendChild(b);
            });
            return;
          }
        }
        var o = nearest(p, moves.filter(function (mv) { return mv.f; }).map(function (mv) { return mv.f; }));
        sel = o;
        if (!o) { mark(null, []); say("No move starts there: pick a piece or cell that can move, or type the move.", true); return; }
        var mine2 = from(o);
        mark(o, mine2.map(function (mv) { return mv.t; }));
        say(mine2.length + (mine2.length === 1 ? " move" : " moves") + " from here: pick where to.");
      });
    }

    board.addEventListener("click", function (e) { if (!box.hidden) { click(e); } });
    pChoice.addEventListener("click", function (e) {
      var b = e.target.closest("button");
      if (b) { pChoice.textContent = ""; choose(b.textContent); }
    });
    $("p-form").addEventListener("submit", function (e) {
      e.preventDefault();
      var want = pMove.value.trim();
      if (!want) { return; }
      fetchMoves(function () {
        var hit = moves.filter(function (mv) { return mv.m.toLowerCase() === want.toLowerCase(); });
        if (hit.length) { choose(hit[0].m); return; }
        // A move the list leaves out (an arrangement, say): the engine
        // judges it.
        var to = eng.state(lastPos()).toMove || [];
        for (var i = 0; i < to.length; i++) {
          var r = eng.play(lastPos(), to[i], want);
          if (!r.error) { choose(r.move); return; }
        }
        say("Not a legal move here: " + want + ".", true);
      });
    });
    pMove.addEventListener("focus", function () { fetchMoves(function () {}); });
    return {
      // shown shows the panel at the game's last ply only.
      shown: function () {
        box.hidden = cur !== last || !!line;
        if (box.hidden) { sel = null; }
      },
      clear: function () { box.hidden = true; sel = null; }
    };
  })();

  controls.addEventListener("click", function (e) {
    var b = e.target.closest("button");
    if (!b) { return; }
    if (b.id === "analyse") { enter(); return; }
    var step = b.getAttribute("data-step");
    var from = line ? line.from : cur;
    go(step === "first" ? 0 : step === "prev" ? from - 1 : step === "next" ? from + 1 : last);
  });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName) && e.key !== "Escape") { return; }
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
  window.addEventListener("hashchange", function () { if (/^#ply-/.test(location.hash)) { fromHash(); } });

  // The reader is about to step, or to try moves: load the engine now, so
  // that it is there, or nearly, by the time they click. Once only.
  var warm = function () {
    ["pointerover", "touchstart", "focusin"].forEach(function (t) {
      viewer.removeEventListener(t, warm);
      list.removeEventListener(t, warm);
    });
    loadEngine();
    if (startSrc) { startBoard(); }
  };
  ["pointerover", "touchstart", "focusin"].forEach(function (t) {
    viewer.addEventListener(t, warm, { passive: true });
    list.addEventListener(t, warm, { passive: true });
  });

  if (said) { list.classList.add("said-out"); }
  mark(last);
  board.setAttribute("data-ply", String(last));
  setButtons();
  play.shown();
  // The browser scrolls to the move list's item of a #ply-N link itself,
  // once the page has loaded: the ply is shown and the board brought back
  // in sight after it, and only then are the controls shown.
  var ready = function () {
    fromHash();
    controls.hidden = false;
  };
  if (document.readyState === "complete") { ready(); } else { window.addEventListener("load", ready); }
})();
