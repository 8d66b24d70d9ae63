package words

import (
	"fmt"
	"testing"
)

func TestOrdinal(t *testing.T) {
	for n, want := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 22: "22nd", 23: "23rd", 101: "101st", 111: "111th", 112: "112th"} {
		if got := Ordinal(n); got != want {
			t.Errorf("Ordinal(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestCountAndPlural(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{
		{Plural(0, "game"), "0 games"},
		{Plural(1, "game"), "1 game"},
		{Plural(2, "day"), "2 days"},
		{Count(1, "seat is", "seats are"), "1 seat is"},
		{Count(3, "seat is", "seats are"), "3 seats are"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

func TestJoin(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{
		{And(nil), ""},
		{And([]string{"alice"}), "alice"},
		{And([]string{"alice", "bob"}), "alice and bob"},
		{And([]string{"alice", "bob", "carol"}), "alice, bob and carol"},
		{Or([]string{"north", "east", "west"}), "north, east or west"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

func ExampleAnd() {
	fmt.Println(And([]string{"alice", "bob", "carol"}))
	fmt.Println(Ordinal(21), Plural(2, "day"))
	// Output:
	// alice, bob and carol
	// 21st 2 days
}
