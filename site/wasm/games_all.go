//go:build js && wasm && !wasm_conflagration && !wasm_imperialchess && !wasm_imperialshuffle && !wasm_initiative && !wasm_superial

package main

import _ "postal/engine/allgames" // every game, when no tag names one
