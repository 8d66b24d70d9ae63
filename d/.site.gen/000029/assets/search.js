// The search box of the home page: filters index.json (every game) by
// player, game, number or result, in the browser.
(function () {
  "use strict";
  var q = document.getElementById("q");
  var status = document.getElementById("q-status");
  var out = document.getElementById("q-results");
  var games = null;

  function render() {
    var words = q.value.toLowerCase().split(/\s+/).filter(Boolean);
    out.textContent = "";
    if (!words.length) { status.textContent = games.length + " games. Type to filter."; return; }
    var shown = 0, found = 0;
    games.forEach(function (g) {
      // g: [id, game, first player, second player, result, plies, date]
      var hay = (g[0] + " " + g[1] + " " + g[2] + " " + g[3] + " " + g[4] + " " + g[6]).toLowerCase();
      if (!words.every(function (w) { return hay.indexOf(w) >= 0; })) { return; }
      found++;
      if (shown >= 100) { return; }
      shown++;
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = "games/" + g[0] + ".html";
      a.textContent = "#" + g[0] + " " + g[1] + ": " + g[2] + " – " + g[3];
      li.appendChild(a);
      li.appendChild(document.createTextNode(" " + g[4] + ", " + g[5] + " plies, " + g[6]));
      out.appendChild(li);
    });
    status.textContent = found + " games match" + (found > shown ? "; the first " + shown + " are shown." : ".");
  }

  fetch(q.getAttribute("data-index")).then(function (r) {
    if (!r.ok) { throw new Error("HTTP " + r.status); }
    return r.json();
  }).then(function (data) {
    games = data;
    q.disabled = false;
    q.addEventListener("input", render);
    render();
  }).catch(function (e) {
    status.textContent = "The search index could not be loaded (" + e.message + ").";
  });
})();
