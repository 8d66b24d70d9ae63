package pairing

// Bye stands for the missing opponent of a player who sits a round out.
const Bye = -1

// Pair is one game of a round: First takes the first seat (White), Second the
// second; Second is Bye when First has the round off.
type Pair struct {
	First, Second int
}
