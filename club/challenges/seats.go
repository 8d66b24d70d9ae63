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

// seatChoice reads the seat a challenger asks for ("as north"): first,
// second, random ("" too), or, in a game of more, a seat by name.
func seatChoice(as string, seats []string) (string, error) {
	switch as {
	case "", "random":
		return "random", nil
	case "first", "second":
		return as, nil
	}
	if engine.OthersPlayOn(len(seats)) {
		for _, s := range seats {
			if strings.EqualFold(s, as) {
				return strings.ToLower(s), nil
			}
		}
		return "", reply.Refuse(fmt.Sprintf("%q is not a seat of this game", as), "Its seats: "+strings.Join(seats, ", ")+"; or \"as random\".")
	}
	return "", reply.Refuse(fmt.Sprintf("%q is not a side of this game", as), fmt.Sprintf("\"as first\" plays %s, \"as second\" %s; or \"as random\".", seats[0], seats[1]))
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
