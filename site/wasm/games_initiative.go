//go:build js && wasm && wasm_initiative

package main

import _ "postal/engine/initiative"
