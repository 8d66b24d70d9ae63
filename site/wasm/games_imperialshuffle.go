//go:build js && wasm && wasm_imperialshuffle

package main

import _ "postal/engine/imperialshuffle"
