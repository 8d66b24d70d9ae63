package rating

// ListOf names the rating list of a game played under ruleset: one list a
// game, since a ruleset's players are too few to rate apart, so Conflagration and all its rulesets (Keep-a-riding,
// Mosey, Shakattrition, ...) share "conflagration". The exception is
// Superial Chess's vs-chess: its sides are different armies (the chess
// army against eight cubes), unlike every other Superial ruleset, where
// both sides have the same men, so strength at one is no measure of the
// other; it is the list "superial-chess-vs-chess". Superial's games of
// three and four (multiplayer) count in "superial-chess", by pairings.
func ListOf(game, ruleset string) string {
	if game == "superial-chess" && ruleset == "vs-chess" {
		return "superial-chess-vs-chess"
	}
	return game
}
