package site

import (
	"html/template"
	"strconv"

	"postal/engine"
	"postal/engine/picture"
)

// The board before the last ply is a page's first step back, the step a
// reader takes most. The engine takes some hundreds of milliseconds to
// fetch and start, so the page carries that board, drawn by the build, as
// a patch of the board it shows (picture.Patch): the pieces the last ply
// moved, a few hundred bytes. The archive keeps the position before each
// game's last ply for it (archive.Game.Previous); a game stored before it
// did has no patch, and its step back waits for the engine.

// backPosition is the position before the last ply of g, whose last is
// pos, parsed from what the archive stores; nil when it stores none, or
// one that is not the ply before the record's last.
func backPosition(g *Game, pos engine.Position) engine.Position {
	if g.Previous == "" || pos == nil || g.Record == nil || pos.Ply() != len(g.Record.Moves) {
		return nil
	}
	back, err := storedPosition(g, g.Previous)
	if err != nil || back.Ply() != pos.Ply()-1 {
		return nil
	}
	return back
}

// backTemplate is the patch to the board of back as the page holds it: a
// <template> (inert, never shown) for the viewer (viewer.js: showBack),
// which says the players to move there for its caption.
func backTemplate(pt picture.Patch, back engine.Position) template.HTML {
	b := []byte(`<template id="back-board" data-tomove="`)
	for i, p := range back.ToMove() {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(p), 10)
	}
	b = append(b, `">`...)
	b = append(b, pt.Markup()...)
	b = append(b, "</template>"...)
	return ownedHTML(b)
}
