//go:build js && wasm && wasm_imperialchess

package main

import _ "postal/engine/imperialchess"
