package archive

import (
	"slices"
	"testing"
)

// MovesUpTo takes the moves of a game in the order SQLite joins them,
// which it does not promise: parseMoves puts them in ply order whatever
// order they come in, and numbers them from 1, as a record counts them.
func TestParseMovesOrder(t *testing.T) {
	want := []Move{{Ply: 1, Player: 0, Text: "e2 e4"}, {Ply: 2, Player: 1, Text: "e7-e5"}, {Ply: 3, Player: -1, Text: "4"}}
	for _, all := range []string{
		"1 0 e2 e4\n2 1 e7-e5\n3 -1 4",
		"3 -1 4\n1 0 e2 e4\n2 1 e7-e5",
		"2 1 e7-e5\n3 -1 4\n1 0 e2 e4",
	} {
		got, err := parseMoves(7, 3, all)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("parseMoves(%q) = %+v, %v; want %+v", all, got, err, want)
		}
	}
	for _, bad := range []string{"1 0 a\nb", "x 0 a", "1 x a", "1 0 a\n2 1 b"} {
		if got, err := parseMoves(7, 1, bad); err == nil {
			t.Errorf("parseMoves(%q) = %+v, want an error", bad, got)
		}
	}
}
