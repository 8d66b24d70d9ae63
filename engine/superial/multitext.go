package superial

import (
	"fmt"
	"strconv"
	"strings"

	"postal/engine"
)

// The text of a multiplayer position, one line of space-separated fields:
//
//	multiplayer 4 3Nx1No1No2/2No1No1No3/... s wp,er 40 3 n:c3-d4[d3] -
//
//  1. the ruleset: multiplayer
//  2. the number of players: 3 or 4 (R13)
//  3. the board, rank 10 first, ranks separated by /; a piece is its
//     owner's letter (S, W, N, E) and its aspect (o, + or x); a number
//     counts empty squares
//  4. the player to move: s, w, n or e
//  5. the players out, in the order they went out (R13d), comma-separated,
//     each its letter and why: r resigned, t ran out of time, p owned no
//     pieces, m had no legal turn; - when all are in
//  6. ply; 7. plies of play since the last capture or aspect change (R13e)
//  8. the last move with its player's letter, n:c3-d4[d3] or w:resign; -
//     at the start
//  9. hashes of the earlier positions since the last player went out, for
//     the repetition rule (R13e): 16 hex digits each, comma-separated, or -
//  10. only in a game played by rules version 1 (before R13g): v1

// RulesVersion is the version of the rules the position plays by
// (engine.Versioned): "1" for a game played before ruling R13g, "" for the
// current one.
func (p *multiPosition) RulesVersion() string {
	if p.v1 {
		return "1"
	}
	return ""
}

// String is the canonical text of the position.
func (p *multiPosition) String() string {
	var b strings.Builder
	p.writeKey(&b)
	fmt.Fprintf(&b, " %d %d ", p.ply, p.quiet)
	if last := p.lastText(); last == "" {
		b.WriteByte('-')
	} else {
		b.WriteByte(multiLetters[p.lastBy] + 'a' - 'A')
		b.WriteByte(':')
		b.WriteString(last)
	}
	b.WriteByte(' ')
	b.WriteString(p.hist.text())
	if p.v1 {
		b.WriteString(" v1")
	}
	return b.String()
}

// Key is the transposition key (engine.Keyed): the String's players, board,
// player to move and players out in their order (their places, R13d), then
// the quiet plies, without the ply, the last move and the history. The
// quiet plies stay: 100 of them draw (R13e), so positions that differ in
// them may end differently. The history only counts repetitions (R13e);
// the key says instead when the game is over (engine.EndKey), so that a
// position drawn by its third occurrence is not the same as one going on.
// The rules version stays out: version 1 differs (R13g) only on the ply
// that completes a draw, whose position the key tells apart by itself (the
// game over, or a player out), so that the games of both versions share
// an opening.
func (p *multiPosition) Key() string {
	var b strings.Builder
	p.writeKey(&b)
	fmt.Fprintf(&b, " quiet=%d%s", p.quiet, engine.EndKey(p.result))
	return b.String()
}

// writeKey writes the fields the String and the Key share.
func (p *multiPosition) writeKey(b *strings.Builder) {
	fmt.Fprintf(b, "multiplayer %d ", p.players)
	p.b.writeText(b, func(c cell) string {
		return string([]byte{multiLetters[c.team()], aspectChars[c.aspect()]})
	})
	b.WriteByte(' ')
	b.WriteByte(multiLetters[p.side] + 'a' - 'A')
	b.WriteByte(' ')
	outs := p.outOrder()
	if len(outs) == 0 {
		b.WriteByte('-')
	}
	for i, t := range outs {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte(multiLetters[t] + 'a' - 'A')
		b.WriteByte(p.why[t])
	}
}

// outOrder lists the seats out of the game in the order they went out.
func (p *multiPosition) outOrder() []int {
	var out []int
	for place := int8(p.players); place > 0; place-- {
		for t := range int(p.players) {
			if p.place[t] == place {
				out = append(out, t)
			}
		}
	}
	return out
}

// seatOfLetter reads a seat's letter (either case) of a game of players
// seats; -1 when it is none.
func seatOfLetter(c byte, players int8) int {
	t := strings.IndexByte(multiLetters, c&^0x20)
	if c < 'A' || t >= int(players) {
		return -1
	}
	return t
}

// parseMultiPosition reads the text written by multiPosition.String. It
// takes only positions String could write: a player to move who would be
// out at once (R13d) is an error.
func parseMultiPosition(text string) (*multiPosition, error) {
	fields := strings.Fields(text)
	bad := func(format string, args ...any) (*multiPosition, error) {
		return nil, fmt.Errorf("superial-chess: bad position %q: %s", text, fmt.Sprintf(format, args...))
	}
	p := &multiPosition{}
	if len(fields) == 10 && fields[9] == "v1" {
		fields, p.v1 = fields[:9], true
	}
	if len(fields) != 9 {
		return bad("want 9 fields (and v1 for rules version 1), got %d", len(fields))
	}
	if fields[0] != "multiplayer" {
		return bad("unknown ruleset %q", fields[0])
	}
	switch fields[1] {
	case "3", "4":
		p.players = int8(fields[1][0] - '0')
	default:
		return bad("the number of players must be 3 or 4")
	}
	var err error
	if p.b, err = readBoard(fields[2], multiN, func(s string) (cell, int) {
		t := seatOfLetter(s[0], p.players)
		if t < 0 || s[0] > 'Z' || len(s) < 2 {
			return 0, 0
		}
		a := strings.IndexByte(aspectChars, s[1])
		if a < 0 {
			return 0, 0
		}
		return piece(t, a), 2
	}); err != nil {
		return bad("%v (pieces read like So, W+, Nx, Eo: owner and aspect)", err)
	}
	if len(fields[3]) != 1 || seatOfLetter(fields[3][0], p.players) < 0 || fields[3][0] < 'a' {
		return bad("the player to move must be one of %s", strings.ToLower(multiLetters[:p.players]))
	}
	p.side = int8(seatOfLetter(fields[3][0], p.players))
	if fields[4] != "-" {
		outs := strings.Split(fields[4], ",")
		if len(outs) >= int(p.players) {
			return bad("%d players out of %d: one at least is in", len(outs), p.players)
		}
		for i, o := range outs {
			t := -1
			if len(o) == 2 && o[0] >= 'a' {
				t = seatOfLetter(o[0], p.players)
			}
			if t < 0 || outWords[o[1]] == "" {
				return bad("player out %q is not a player's letter and why: r, t, p or m", o)
			}
			if p.place[t] != 0 {
				return bad("%s is out twice", multiSides[t])
			}
			p.place[t], p.why[t] = p.players-int8(i), o[1]
		}
	}
	if p.ply, p.quiet, err = counters(fields[5], fields[6]); err != nil {
		return bad("%v", err)
	}
	if fields[7] != "-" {
		who, move, ok := strings.Cut(fields[7], ":")
		t := -1
		if ok && len(who) == 1 && who[0] >= 'a' {
			t = seatOfLetter(who[0], p.players)
		}
		if t < 0 {
			return bad("the last move %q does not start with its player's letter, like s:d1-d2", fields[7])
		}
		p.lastBy = int8(t)
		if how, ok := engine.ParseLeaving(move); ok {
			p.left = how
		} else if m, err := parseMove(multiN, engine.Player(t), move); err != nil {
			return bad("last move: %v", err)
		} else {
			p.last = engine.LastMove[Move]{Move: m, Set: true}
		}
	}
	if p.hist, err = parseHistory(fields[8], p.ply, p.inCount()); err != nil {
		return bad("%v", err)
	}
	// The text says who is out and who moves: settling changes neither in
	// a position String wrote.
	q := *p
	q.settle()
	if q.side != p.side || q.place != p.place {
		return bad("%s cannot be to move: the turn would pass on at once", multiSides[p.side])
	}
	return &q, nil
}

// playersOption reads the option players (R13), "4" when unset.
func playersOption(cfg engine.Config) (int, error) {
	v := cfg.Option("players")
	if v == "" {
		v = "4"
	}
	n, err := strconv.Atoi(v)
	if err != nil || (n != 3 && n != 4) {
		return 0, fmt.Errorf("superial-chess: players must be 3 or 4, not %q", v)
	}
	return n, nil
}
