//go:build js && wasm && wasm_superial

package main

import _ "postal/engine/superial"
