// The rules engine for the browser and its boards, one piece of code for
// every page that draws positions: the game viewer (viewer.js) and the
// opening explorer (explorer.js). It sets window.postalBoard:
//
//	load(el)     a promise of the engine (window.postalEngine, see site/wasm),
//	             fetched and started once a page, from the files el's
//	             data-engine, data-enginejs and data-wasmexec name (the page's
//	             viewer or explorer carries them)
//	drawer(box)  a function that puts an SVG the engine drew into box, a
//	             line at a time (see drawer); drawer.reset() makes its next
//	             board whole, after the page put another there;
//	             drawer.empty() says whether it has drawn none yet
(function () {
  "use strict";
  if (window.postalBoard) { return; }

  // script loads a script once.
  var scripts = {};
  function script(src) {
    if (!scripts[src]) {
      scripts[src] = new Promise(function (resolve, reject) {
        var s = document.createElement("script");
        s.src = src;
        s.onload = resolve;
        s.onerror = function () { reject(new Error("the script " + src + " did not load")); };
        document.head.appendChild(s);
      });
    }
    return scripts[src];
  }

  // compile fetches and compiles the engine. Over HTTP it compiles as it
  // downloads, while Go's loader downloads beside it. A page opened from
  // disk (file:) may not fetch files: it loads the engine's script twin
  // instead, which carries the gzipped WebAssembly in base64 and which only
  // a site built for it has (postal site build --offline).
  function compile(el) {
    if (location.protocol === "file:") {
      return script(el.getAttribute("data-enginejs")).then(function () {
        var b64 = window.postalEngineWasm;
        if (!b64) { throw new Error("the engine's script holds no engine"); }
        if (typeof DecompressionStream !== "function") { throw new Error("this browser cannot unpack the engine"); }
        var bin = atob(b64), raw = new Uint8Array(bin.length);
        for (var i = 0; i < bin.length; i++) { raw[i] = bin.charCodeAt(i); }
        return new Response(new Blob([raw]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
      }, function () {
        throw new Error("a page opened from disk draws positions only when its site was built with postal site build --offline");
      }).then(function (b) { return WebAssembly.compile(b); });
    }
    var src = el.getAttribute("data-engine");
    var fromBytes = function () {
      return fetch(src).then(function (r) {
        if (!r.ok) { throw new Error("the engine did not load (" + r.status + ")"); }
        return r.arrayBuffer();
      }).then(function (b) { return WebAssembly.compile(b); });
    };
    // A host that serves .wasm with another type: compile it from its bytes.
    return WebAssembly.compileStreaming ? WebAssembly.compileStreaming(fetch(src)).catch(fromBytes) : fromBytes();
  }

  // load starts the engine, once: a page has one, whoever asks first.
  var loading = null;
  function load(el) {
    if (loading) { return loading; }
    loading = new Promise(function (resolve, reject) {
      if (!el.getAttribute("data-engine")) { reject(new Error("this game has no rules engine for the browser")); return; }
      if (typeof WebAssembly !== "object") { reject(new Error("this browser cannot run the engine (no WebAssembly)")); return; }
      Promise.all([script(el.getAttribute("data-wasmexec")), compile(el)]).then(function (loaded) {
        var g = new Go();
        return WebAssembly.instantiate(loaded[1], g.importObject).then(function (instance) {
          // The engine calls postalEngineReady once its functions are set.
          window.postalEngineReady = function () { resolve(window.postalEngine); };
          g.run(instance).catch(reject);
        });
      }).catch(reject);
    });
    return loading;
  }

  // drawer puts boards the engine drew into box. The engine writes one
  // element a line (picture.SVG), and a step changes a few of them (a
  // piece moved, the arrow, the title): those alone are made and put in
  // place, the others kept, so the browser parses, lays out and paints
  // a few elements, not the whole board again. A board of another size, or
  // the first, is put whole.
  function drawer(box) {
    var drawn = null;  // the board shown: {root, head, lines, nodes}, one node a line
    var parser = document.createElement("div");
    function draw(svg) {
      var lines = svg.split("\n"), head = lines[0], end = lines.length - 2;
      var body = lines.slice(1, end), root = box.firstElementChild;
      if (!drawn || drawn.head !== head || drawn.root !== root || lines[end] !== "</svg>") {
        box.innerHTML = svg;
        root = box.firstElementChild;
        drawn = { root: root, head: head, lines: body, nodes: Array.prototype.slice.call(root.children) };
        if (drawn.nodes.length !== body.length) { drawn = null; }  // not one element a line
        return;
      }
      var kept = new Map();
      drawn.lines.forEach(function (l, i) {
        var same = kept.get(l);
        if (same) { same.push(drawn.nodes[i]); } else { kept.set(l, [drawn.nodes[i]]); }
      });
      var nodes = new Array(body.length), fresh = [];
      body.forEach(function (l, i) {
        var same = kept.get(l);
        if (same && same.length) { nodes[i] = same.shift(); } else { fresh.push(i); }
      });
      if (fresh.length) {
        parser.innerHTML = '<svg xmlns="http://www.w3.org/2000/svg">' + fresh.map(function (i) { return body[i]; }).join("") + "</svg>";
        var made = Array.prototype.slice.call(parser.firstElementChild.children);
        if (made.length !== fresh.length) { drawn = null; draw(svg); return; }
        fresh.forEach(function (i, k) { nodes[i] = made[k]; });
      }
      kept.forEach(function (same) { same.forEach(function (node) { node.remove(); }); });
      for (var i = 0; i < nodes.length; i++) {
        if (root.children[i] !== nodes[i]) { root.insertBefore(nodes[i], root.children[i] || null); }
      }
      // What else was put on the board (the rings of a move picked) goes.
      while (root.children.length > nodes.length) { root.lastElementChild.remove(); }
      drawn.lines = body;
      drawn.nodes = nodes;
    }
    draw.reset = function () { drawn = null; };
    draw.empty = function () { return !drawn; };
    return draw;
  }

  window.postalBoard = { load: load, drawer: drawer, script: script };
})();
