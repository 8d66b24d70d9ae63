package challenges

import (
	"fmt"
	"postal/archive"
	"postal/club/games"
	"postal/club/reply"
	"postal/club/work"
	"postal/docs/words"
	"postal/engine"
	"slices"
	"strings"
)

// The seats of a challenge, in words: the one a challenger asks for, who
// else is asked, and whom a challenge still waits for.

// unaccepted reports whether a seat still waits for its player.
func unaccepted(st archive.ChallengeSeat) bool { return st.Accepted.IsZero() }

// seatChoice reads the seat a challenger asks for ("as black", "as
// north") in a game of info played with cfg: first, second, random ("" too)
// or a seat by its name, in any case, as engine.SeatNamed reads it. In a
// game of two it keeps "first" or "second", in a game of more "first",
// "second" or the seat's name, lower case. Anything else is refused with the
// choices of that game and ruleset.
func seatChoice(as string, info engine.Info, cfg engine.Config) (string, error) {
	seats := info.Seats(cfg)
	as = strings.ToLower(strings.TrimSpace(as))
	if as == "" || as == "random" {
		return "random", nil
	}
	p, ok := engine.SeatNamed(seats, as)
	switch {
	case !ok:
		return "", seatRefusal(as, info, cfg, seats)
	case as == "first" || as == "second":
		return as, nil
	case !engine.OthersPlayOn(len(seats)):
		return [2]string{"first", "second"}[p], nil // as the challenge's subject and line read it
	}
	return strings.ToLower(seats[p]), nil
}

// seatRefusal refuses a side that is none of seats, the seats of info
// played with cfg, listing what "as" takes there: "first", "second", the
// seats' names (Initiative's are First and Second) and "random".
func seatRefusal(as string, info engine.Info, cfg engine.Config, seats []string) *reply.Refusal {
	choices := []string{"first", "second"}
	for _, s := range seats {
		if s := strings.ToLower(s); !slices.Contains(choices, s) {
			choices = append(choices, s)
		}
	}
	title := fmt.Sprintf("%q is not %s", as, words.Or(append(choices, "random")))
	game := fmt.Sprintf("%s (%s)", info.Title, cfg.String())
	if engine.OthersPlayOn(len(seats)) {
		return reply.Refuse(title, fmt.Sprintf("%s seats %s, in turn order: \"as first\" is %s, \"as second\" %s; \"as random\" draws your seat.",
			game, words.And(seats), seats[0], seats[1]))
	}
	asks := make([]string, 2)
	for i, w := range []string{"first", "second"} {
		asks[i] = fmt.Sprintf("%q", "as "+w)
		if name := strings.ToLower(seats[i]); name != w {
			asks[i] += fmt.Sprintf(" or %q", "as "+name)
		}
	}
	return reply.Refuse(title, fmt.Sprintf("In %s, %s plays %s, who moves first, %s plays %s; \"as random\" draws your side.",
		game, asks[0], seats[0], asks[1], seats[1]))
}

// seatText says the seat a challenger asked for: "White (moves first)",
// "South", "a side drawn at random".
func seatText(side string, seats []string) string {
	i, more := games.SeatIndex(side, seats), engine.OthersPlayOn(len(seats))
	switch {
	case i < 0 && more:
		return "a seat drawn at random"
	case i < 0:
		return "a side drawn at random"
	case i == 0 && !more:
		return seats[0] + " (moves first)"
	}
	return seats[i]
}

// seatsText names the other players of a challenge: "carol, dave and an
// open seat".
func seatsText(names []string, open int) string {
	all := slices.Clone(names)
	switch {
	case open == 1:
		all = append(all, "an open seat")
	case open > 1:
		all = append(all, fmt.Sprintf("%d open seats", open))
	}
	if len(all) == 0 {
		return "nobody"
	}
	return words.And(all)
}

// waitingFor names who a challenge waits for: "bob, and 1 open seat".
func waitingFor(u *work.Unit, ch *archive.Challenge) string {
	var names []string
	open := 0
	for _, st := range ch.Seats {
		switch {
		case !st.Accepted.IsZero():
		case st.Open():
			open++
		default:
			names = append(names, games.SeatHolder(u, st))
		}
	}
	return seatsText(names, open)
}

// players are the players of a challenge with an account: the challenger
// and those named or seated.
func players(ch *archive.Challenge) []int64 {
	ids := []int64{ch.ChallengerID}
	for _, st := range ch.Seats {
		if st.PlayerID != 0 {
			ids = append(ids, st.PlayerID)
		}
	}
	return ids
}
