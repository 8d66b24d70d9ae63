// The game viewer: steps through every position of the game. The positions
// are SVG boards stored compactly in #plies as a table of distinct SVG lines
// and, per ply, the indices of its lines. Without JavaScript the page shows
// the final board and the move list.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("plies").textContent);
  var board = document.getElementById("board");
  var caption = document.getElementById("caption");
  var controls = document.getElementById("controls");
  var last = data.plies.length - 1;
  var cur = -1;

  function svg(n) {
    return data.plies[n].map(function (i) { return data.lines[i]; }).join("\n");
  }

  function show(n) {
    n = Math.max(0, Math.min(last, n));
    if (n === cur) { return; }
    var old = document.getElementById("ply-" + cur);
    if (old) { old.classList.remove("current"); }
    cur = n;
    board.innerHTML = svg(n);
    var li = document.getElementById("ply-" + n);
    if (li) {
      li.classList.add("current");
      var list = li.parentNode;
      if (li.offsetTop < list.scrollTop || li.offsetTop > list.scrollTop + list.clientHeight - li.offsetHeight) {
        list.scrollTop = li.offsetTop - list.clientHeight / 2;
      }
    }
    caption.textContent = n === 0 ? "Start position" : "After ply " + n + ": " + (li ? li.textContent.replace(/\s+/g, " ").trim() : "");
    controls.querySelector('[data-step="first"]').disabled = n === 0;
    controls.querySelector('[data-step="prev"]').disabled = n === 0;
    controls.querySelector('[data-step="next"]').disabled = n === last;
    controls.querySelector('[data-step="last"]').disabled = n === last;
    board.setAttribute("data-ply", String(n));
  }

  // go shows ply n and records it in the URL fragment, so each ply has a link.
  function go(n) {
    n = Math.max(0, Math.min(last, n));
    show(n);
    history.replaceState(null, "", "#ply-" + n);
  }

  function fromHash() {
    var m = /^#ply-(\d+)$/.exec(location.hash);
    show(m ? parseInt(m[1], 10) : last);
  }

  controls.addEventListener("click", function (e) {
    var b = e.target.closest("button");
    if (!b) { return; }
    var step = b.getAttribute("data-step");
    go(step === "first" ? 0 : step === "prev" ? cur - 1 : step === "next" ? cur + 1 : last);
  });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName)) { return; }
    var to = { ArrowLeft: cur - 1, ArrowRight: cur + 1, Home: 0, End: last }[e.key];
    if (to === undefined) { return; }
    e.preventDefault();
    go(to);
  });
  window.addEventListener("hashchange", fromHash);
  controls.hidden = false;
  fromHash();
})();
