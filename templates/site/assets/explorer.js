// The opening explorer. The page, as the site's build writes it, shows a
// book's start position and the moves the club played there, with their
// counts: without JavaScript that is all. With it, a move is a link into the
// next position: the script fetches that position's node file (a small
// JSON file of the book's directory, named by a hash of the position's key;
// see site/explorer), puts its moves in the table and draws its board with
// the rules engine, as the game viewer does (board.js). The position is
// named in the URL's fragment, #m= and the moves from the start, each
// encodeURIComponent'ed, joined by commas: a position has a link, the
// browser's back and forward step through what the reader visited, and a
// game page's link "This position in the explorer" opens the explorer at
// its step. The engine is loaded when the reader shows they will use it (a
// pointer or a finger over the explorer, or the keyboard's focus in it), so
// a reader who only reads the first level fetches its node file (the links
// into the next positions) and nothing more.
(function () {
  "use strict";
  var box = document.getElementById("explorer");
  // A page opened from disk (file:) may not fetch the node files: it
  // keeps its first level, as without scripts.
  if (!box || !window.fetch || !window.Promise || location.protocol === "file:") { return; }
  var attr = function (name) { return box.getAttribute(name) || ""; };
  var seats = (attr("data-seats") || "First|Second").split("|");
  var nodesDir = attr("data-nodes").replace(/\/?$/, "/");
  var rootName = attr("data-root");
  // The site's root, from this script's own address (ROOT/assets/explorer.js):
  // games are ROOT/games/ID.html.
  var here = document.currentScript && document.currentScript.src || "";
  var siteRoot = here.replace(/assets\/[^\/]*$/, "");

  var figure = box.querySelector("figure.explorer-board");
  var table = box.querySelector("table.explorer-moves");
  var gamesPara = box.querySelector("p.explorer-games");
  if (!figure || !table || !rootName) { return; }

  // The board: the build's picture of the start in a box of its own, which
  // the engine's pictures replace.
  var board = figure.querySelector(".board");
  if (!board) {
    board = document.createElement("div");
    board.className = "board";
    Array.prototype.slice.call(figure.childNodes).forEach(function (n) {
      if (n.nodeName.toLowerCase() !== "figcaption") { board.appendChild(n); }
    });
    figure.insertBefore(board, figure.firstChild);
  }
  var startBoard = board.innerHTML;
  var caption = figure.querySelector("figcaption");
  if (!caption) {
    caption = document.createElement("figcaption");
    figure.appendChild(caption);
  }

  // The path: where the reader stands, each step back a link. It takes
  // the place of the page's own line, if it has one.
  var nav = document.createElement("nav");
  nav.className = "explorer-path";
  nav.setAttribute("aria-label", "Moves from the start");
  var pathList = document.createElement("ol");
  nav.appendChild(pathList);
  var pagePath = box.querySelector(".explorer-path");
  if (pagePath) {
    if (pagePath.id) { nav.id = pagePath.id; }
    pagePath.parentNode.replaceChild(nav, pagePath);
  } else {
    box.insertBefore(nav, box.firstChild);
  }
  var status = document.createElement("p");
  status.className = "explorer-status";
  status.setAttribute("role", "status");
  nav.parentNode.insertBefore(status, nav.nextSibling);
  if (!gamesPara) {
    gamesPara = document.createElement("p");
    gamesPara.className = "explorer-games";
    table.parentNode.insertBefore(gamesPara, table.nextSibling);
  }
  // The page's notes on its first level's table (the moves it left out, or
  // none played) go: the table is redrawn for each position. Its links
  // beside the games' (all the games of the book's type) stay, after them.
  for (var n = table.nextElementSibling; n && n !== gamesPara;) {
    var after = n.nextElementSibling;
    if (n.matches("p.note")) { n.remove(); }
    n = after;
  }
  var moreLinks = Array.prototype.filter.call(gamesPara.querySelectorAll("a"), function (a) {
    return !/games\/\d+\.html$/.test(a.getAttribute("href") || "");
  });

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined) { e.textContent = text; }
    return e;
  }
  function side(p) { return p >= 0 && p < seats.length ? seats[p] : "Chance"; }
  function gameHref(id) { return siteRoot + "games/" + id + ".html"; }
  function gameLink(id) {
    var a = el("a", "", "#" + id);
    a.href = gameHref(id);
    return a;
  }
  // hashOf is the fragment naming the position after moves.
  function hashOf(moves) { return "#m=" + moves.map(encodeURIComponent).join(","); }
  // movesOf reads the moves of a fragment, null when it names none.
  function movesOf(hash) {
    var m = /^#m=(.*)$/.exec(hash);
    if (!m) { return null; }
    if (m[1] === "") { return []; }
    try {
      return m[1].split(",").map(decodeURIComponent);
    } catch (e) {
      return null;
    }
  }

  // Node files, fetched once each.
  var files = {};
  function node(name) {
    if (!files[name]) {
      files[name] = fetch(nodesDir + name + ".json").then(function (r) {
        if (!r.ok) { throw new Error("the position's file did not load (" + r.status + ")"); }
        return r.json();
      });
      files[name].catch(function () { delete files[name]; });
    }
    return files[name];
  }

  // walk follows moves from the root, through each line's next node; it
  // stops at a move no game of the book played there, or at one whose
  // position has no file (a single game's, or one past the book's depth),
  // and says so.
  function walk(moves) {
    var steps = [];
    function from(n, i) {
      if (i === moves.length) { return { node: n, steps: steps }; }
      var line = (n.lines || []).filter(function (l) { return l.move === moves[i]; })[0];
      if (!line) {
        return { node: n, steps: steps, stop: "No game of the book played " + moves[i] + " here." };
      }
      if (!line.next) {
        return { node: n, steps: steps, stop: "The book goes no further with " + moves[i] +
          (line.last ? ": see game #" + line.last + ", the last to play it." : "."), last: line.last };
      }
      return node(line.next).then(function (next) {
        steps.push({ move: line.move, player: line.player, name: line.next });
        return from(next, i + 1);
      });
    }
    return node(rootName).then(function (root) { return from(root, 0); });
  }

  // The engine and its drawing (board.js), on demand. A page without
  // board.js loads it beside this script.
  var drawer = null, eng = null, loading = null;
  function engine() {
    if (loading) { return loading; }
    var lib = window.postalBoard ? Promise.resolve() : new Promise(function (resolve, reject) {
      var s = document.createElement("script");
      s.src = siteRoot + "assets/board.js";
      s.onload = resolve;
      s.onerror = function () { reject(new Error("board.js did not load")); };
      document.head.appendChild(s);
    });
    loading = lib.then(function () { return window.postalBoard.load(box); }).then(function (e) {
      eng = e;
      drawer = window.postalBoard.drawer(board);
      return e;
    });
    return loading;
  }
  var warm = function () {
    ["pointerover", "touchstart", "focusin"].forEach(function (t) { box.removeEventListener(t, warm); });
    engine().catch(function () {});
  };
  ["pointerover", "touchstart", "focusin"].forEach(function (t) { box.addEventListener(t, warm, { passive: true }); });

  // The position shown.
  var shown = null; // {steps, node}
  var asked = 0;    // the number of the last position asked for: an answer to an older one is dropped

  // turn says who is to move in an engine position, or how it ended.
  function turn(pos) {
    var s = eng.state(pos);
    if (s.over) { return s.draw ? "Drawn." : side(s.winner) + " won."; }
    return (s.toMove || []).map(side).join(" and ") + " to move.";
  }

  function movesText(steps) { return steps.map(function (s) { return s.move; }).join(" "); }

  // drawBoard draws the position after steps: the build's picture at the
  // start, the engine's further on, once it has loaded.
  function drawBoard(steps) {
    var words = steps.length ? "After " + movesText(steps) + "." : "Start position.";
    board.setAttribute("data-moves", String(steps.length));
    if (!steps.length) {
      board.innerHTML = startBoard;
      if (drawer) { drawer.reset(); }
      board.classList.remove("stale");
      caption.textContent = words;
      return;
    }
    if (!attr("data-engine")) {
      board.innerHTML = '<p class="note">No picture of this position: this game has no rules engine for the browser.</p>';
      caption.textContent = words;
      return;
    }
    var paint = function () {
      if (shown.steps !== steps) { return; }
      var r = eng.replay(attr("data-game"), attr("data-ruleset"), attr("data-options"),
        steps.map(function (s) { return s.player; }), steps.map(function (s) { return s.move; }), "");
      if (!r.positions || r.error) {
        caption.textContent = words + " The engine cannot replay it: " + (r.error || "no position") + ".";
        return;
      }
      var pos = r.positions[r.positions.length - 1];
      drawer(eng.svg(pos, ""));
      board.classList.remove("stale");
      caption.textContent = words + " " + turn(pos);
      board.setAttribute("data-drawn", String(steps.length));
    };
    if (eng) { paint(); return; }
    board.classList.add("stale");
    caption.textContent = words + " Loading the board…";
    engine().then(paint, function (err) {
      if (shown.steps !== steps) { return; }
      board.classList.remove("stale");
      board.innerHTML = '<p class="note">No picture of this position.</p>';
      if (drawer) { drawer.reset(); }
      caption.textContent = words + " The board cannot be drawn: " + (err && err.message || err) + ".";
    });
  }

  function drawPath(steps) {
    pathList.textContent = "";
    var items = [{ move: "Start", hash: hashOf([]) }];
    steps.forEach(function (s, i) {
      items.push({ move: s.move, hash: hashOf(steps.slice(0, i + 1).map(function (t) { return t.move; })) });
    });
    items.forEach(function (it, i) {
      var li = el("li");
      if (i === items.length - 1) {
        var cur = el("span", "here", it.move);
        cur.setAttribute("aria-current", "location");
        cur.tabIndex = -1;
        li.appendChild(cur);
      } else {
        var a = el("a", "", it.move);
        a.href = it.hash;
        li.appendChild(a);
      }
      pathList.appendChild(li);
    });
  }

  // counts writes a line's counts, each whole on a line: a narrow column
  // breaks between them.
  function counts(words) {
    var out = el("span", "nums");
    words.forEach(function (w, i) {
      if (i) { out.appendChild(document.createTextNode(" ")); }
      out.appendChild(el("span", "", w + (i < words.length - 1 ? "," : "")));
    });
    return out;
  }

  // legend says which colour of the bars is whose: the words beside each
  // bar say it too, so it is for the eye only.
  function legend() {
    var out = el("span", "legend");
    out.setAttribute("aria-hidden", "true");
    seats.forEach(function (name, p) {
      var k = el("span");
      k.appendChild(el("i", "s" + p));
      k.appendChild(document.createTextNode(name));
      out.appendChild(k);
    });
    var d = el("span");
    d.appendChild(el("i", "draw"));
    d.appendChild(document.createTextNode("draw"));
    out.appendChild(d);
    return out;
  }

  // results is a line's outcomes: a bar of each seat's wins and the draws,
  // which the numbers beside it say in words.
  function results(l) {
    var cell = el("td", "results");
    var wins = l.wins || [], total = l.games || 0;
    var bar = el("span", "bar");
    bar.setAttribute("aria-hidden", "true");
    var parts = [];
    wins.forEach(function (w, p) {
      if (w) { parts.push({ n: w, cls: "s" + p }); }
    });
    if (l.draws) { parts.push({ n: l.draws, cls: "draw" }); }
    var other = total - parts.reduce(function (a, b) { return a + b.n; }, 0);
    if (other > 0) { parts.push({ n: other, cls: "other" }); }
    parts.forEach(function (pt) {
      var seg = el("span", pt.cls);
      seg.style.width = (100 * pt.n / Math.max(1, total)) + "%";
      bar.appendChild(seg);
    });
    cell.appendChild(bar);
    var words = [];
    if (l.places) {
      // Three or four seats: each seat's places, first to last.
      l.places.forEach(function (ps, p) {
        words.push(side(p) + " " + (ps || []).join("-"));
      });
      if (l.draws) { words.push("draws " + l.draws); }
      cell.appendChild(counts(words)).title = "Each seat's games by place: first, second, and on";
    } else {
      wins.forEach(function (w, p) { words.push(side(p) + " " + w); });
      words.push("draws " + (l.draws || 0));
      cell.appendChild(counts(words));
    }
    return cell;
  }

  function drawTable(n, steps) {
    var lines = n.lines || [];
    var moves = steps.map(function (s) { return s.move; });
    var players = {};
    lines.forEach(function (l) { players[l.player] = true; });
    var several = Object.keys(players).length > 1 || players[-1];
    var head = table.tHead || table.createTHead();
    head.textContent = "";
    var hr = head.insertRow();
    ["Move", "Games", "Results", "Rating", "Last game"].forEach(function (h, i) {
      var th = el("th", i === 1 || i === 3 ? "num" : "", h);
      th.scope = "col";
      if (i === 2) { th.appendChild(legend()); }
      hr.appendChild(th);
    });
    var cap = table.caption;
    if (cap) { cap.textContent = steps.length ? "Moves played after " + movesText(steps) : "First moves"; }
    var body = table.tBodies[0] || table.createTBody();
    for (var k = table.tBodies.length - 1; k > 0; k--) { table.removeChild(table.tBodies[k]); }
    body.textContent = "";
    lines.forEach(function (l) {
      var tr = body.insertRow();
      var th = el("th");
      th.scope = "row";
      if (several || l.player < 0) { th.appendChild(el("span", "seat", side(l.player) + " ")); }
      var a = el("a", "", l.move);
      if (l.next) {
        a.href = hashOf(moves.concat([l.move]));
      } else if (l.last) {
        // No file for the position after it (one game went there): the
        // move leads to that game.
        a.href = gameHref(l.last);
        a.title = "The game that played it";
      }
      th.appendChild(a);
      if (!l.next && l.last) { th.appendChild(el("span", "note", " (game)")); }
      tr.appendChild(th);
      tr.appendChild(el("td", "num", String(l.games)));
      tr.appendChild(results(l));
      tr.appendChild(el("td", "num", l.rating ? String(Math.round(l.rating)) : "–"));
      var last = el("td", "last");
      if (l.last) {
        last.appendChild(gameLink(l.last));
        if (l.lastDate) { last.appendChild(el("span", "note", " " + l.lastDate)); }
      }
      tr.appendChild(last);
    });
    if (!lines.length) {
      var tr = body.insertRow(), td = el("td", "note", "No game of the book went on from here.");
      td.colSpan = 5;
      tr.appendChild(td);
    }
    // A node's file leaves out its least played lines when they are too
    // many for a small file, and counts them.
    moreNote.hidden = !n.more;
    moreNote.textContent = n.more ? "And " + plural(n.more, "move") + " of " + plural(n.moreGames || 0, "game") + " more, the least played." : "";
  }
  var moreNote = el("p", "note explorer-more");
  moreNote.hidden = true;
  table.parentNode.insertBefore(moreNote, table.nextSibling);
  function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }

  function drawGames(n) {
    gamesPara.textContent = "";
    gamesPara.appendChild(document.createTextNode(n.games + (n.games === 1 ? " game" : " games") + " reached this position" +
      ((n.recent || []).length ? "; the newest: " : ".")));
    (n.recent || []).forEach(function (id, i) {
      if (i) { gamesPara.appendChild(document.createTextNode(", ")); }
      gamesPara.appendChild(gameLink(id));
    });
    if ((n.recent || []).length) { gamesPara.appendChild(document.createTextNode(".")); }
    moreLinks.forEach(function (a) {
      gamesPara.appendChild(document.createTextNode(" "));
      gamesPara.appendChild(a);
      gamesPara.appendChild(document.createTextNode("."));
    });
  }

  // show puts the position the walk reached on the page.
  function show(w) {
    var wasIn = box.contains(document.activeElement) && document.activeElement !== box;
    shown = { steps: w.steps, node: w.node };
    drawPath(w.steps);
    drawTable(w.node, w.steps);
    drawGames(w.node);
    drawBoard(w.steps);
    var lines = (w.node.lines || []).length;
    status.className = "explorer-status" + (w.stop ? " stop" : "");
    status.textContent = (w.stop ? w.stop + " " : "") +
      (w.steps.length ? "After " + movesText(w.steps) + ": " : "At the start: ") +
      w.node.games + (w.node.games === 1 ? " game, " : " games, ") + lines + (lines === 1 ? " move played." : " moves played.");
    // The link the reader followed is gone with its table: the keyboard's
    // focus goes on to the new position's first move, or the path's end.
    if (wasIn && !box.contains(document.activeElement)) {
      var first = table.querySelector("tbody a");
      (first || pathList.querySelector(".here")).focus({ preventScroll: true });
    }
  }

  function fail(err) {
    status.className = "explorer-status stop";
    status.textContent = "The explorer cannot show this position: " + (err && err.message || err) + ".";
  }

  // go shows the position the URL's fragment names, the start when it
  // names none.
  function go() {
    var moves = movesOf(location.hash) || [];
    var mine = ++asked;
    walk(moves).then(function (w) { if (mine === asked) { show(w); } }, function (err) { if (mine === asked) { fail(err); } });
  }

  window.addEventListener("hashchange", go);
  // ArrowLeft steps back to the position before, as the path's link does.
  box.addEventListener("keydown", function (e) {
    if (e.key !== "ArrowLeft" || e.altKey || e.ctrlKey || e.metaKey || !shown || !shown.steps.length) { return; }
    e.preventDefault();
    location.hash = hashOf(shown.steps.slice(0, -1).map(function (s) { return s.move; }));
  });
  box.classList.add("enhanced");
  go();
})();
