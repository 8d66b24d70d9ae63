// postal's rules engine, compiled to WebAssembly (see site/wasm), for the
// game viewer: Go's wasm_exec.js above, then the engine itself, gzip
// compressed and carried in this script rather than fetched, so pages opened
// from disk (file://), which may not fetch files, load it too. The viewer
// waits for window.postalEngineLoad.
(function () {
  "use strict";
  var data = "@ENGINE@";
  window.postalEngineLoad = new Promise(function (resolve, reject) {
    if (typeof WebAssembly !== "object" || typeof DecompressionStream !== "function") {
      reject(new Error("this browser cannot run the engine (it lacks WebAssembly or DecompressionStream)"));
      return;
    }
    var bin = atob(data), bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) { bytes[i] = bin.charCodeAt(i); }
    var go = new Go();
    new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer()
      .then(function (buf) { return WebAssembly.instantiate(buf, go.importObject); })
      .then(function (r) {
        // The engine calls postalEngineReady once its functions are set.
        window.postalEngineReady = function () { resolve(window.postalEngine); };
        go.run(r.instance).catch(reject);
      })
      .catch(reject);
  });
})();
