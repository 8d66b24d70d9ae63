// The search box of the home page: filters the search index (search/K.js,
// a shard of game numbers each) by player, game, ruleset, number, result or
// how a game ended, in the browser. The shards are scripts, loaded as such,
// so the search works from a site opened from disk (file://) too.
(function () {
  "use strict";
  var q = document.getElementById("q");
  var status = document.getElementById("q-status");
  var out = document.getElementById("q-results");
  var root = q.getAttribute("data-root") || "";
  var shards = parseInt(q.getAttribute("data-shards") || "0", 10);
  var games = [], loaded = 0, failed = 0;

  function render() {
    var words = q.value.toLowerCase().split(/\s+/).filter(Boolean);
    out.textContent = "";
    if (!words.length) { status.textContent = games.length + " games. Type to filter."; return; }
    var shown = 0, found = 0;
    for (var i = games.length - 1; i >= 0; i--) { // newest first
      // g: [number, game, ruleset, first player, second player, result, words, plies, date,
      // the players of the seats from the third on]
      var g = games[i];
      var players = [g[3], g[4]].concat(g.slice(9));
      var hay = ("#" + g[0] + " " + g[1] + " " + g[2] + " " + players.join(" ") + " " + g[5] + " " + g[6] + " " + g[8]).toLowerCase();
      if (!words.every(function (w) { return hay.indexOf(w) >= 0; })) { continue; }
      found++;
      if (shown >= 100) { continue; }
      shown++;
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = root + "games/" + g[0] + ".html";
      a.textContent = "#" + g[0] + " " + g[1] + " (" + g[2] + "): " + players.join(" – ");
      li.appendChild(a);
      li.appendChild(document.createTextNode(" " + g[5] + ", " + g[7] + " plies, " + g[8]));
      out.appendChild(li);
    }
    status.textContent = found + " games match" + (found > shown ? "; the newest " + shown + " are shown." : ".");
  }

  function done() {
    if (loaded + failed < shards) { return; }
    if (failed) { status.textContent = "Part of the search index could not be loaded."; }
    games.sort(function (a, b) { return a[0] - b[0]; });
    q.disabled = false;
    q.addEventListener("input", render);
    render();
  }

  window.postalSearch = function (k, rows) {
    games = games.concat(rows);
    loaded++;
    done();
  };
  if (!shards) { done(); return; }
  status.textContent = "Loading the search index…";
  for (var k = 0; k < shards; k++) {
    var s = document.createElement("script");
    s.src = root + "search/" + k + ".js";
    s.onerror = function () { failed++; done(); };
    document.body.appendChild(s);
  }
})();
