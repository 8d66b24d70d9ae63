//go:build js && wasm && wasm_conflagration

package main

import _ "postal/engine/conflagration"
