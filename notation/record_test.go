package notation

import (
	"slices"
	"strings"
	"testing"

	"postal/engine"
)

// An unknown game still reads and writes: its sides are First and Second.
const unknownGame = `[Game "no-such-game"]
[Ruleset "x"]
[Options "b=2 a=1"]
[Site "here"]
[Date "2026.11.22"]
[First "alice \"the bold\""]
[Second "bob"]
[Seed "42"]
[Result "0-1"]
[Termination "alice resigned"]
[Event "club night"]

{opening} 1. a b {first} 2. c 3. Second: d: e 4. chance: roll 6 5. First: f 0-1
`

func TestRecordReadsFieldsAndTags(t *testing.T) {
	r, err := ReadRecord(unknownGame)
	if err != nil {
		t.Fatal(err)
	}
	if r.Game != "no-such-game" || r.Config.Ruleset != "x" || r.Config.Seed != 42 {
		t.Errorf("game %q ruleset %q seed %d", r.Game, r.Config.Ruleset, r.Config.Seed)
	}
	if r.Config.Options["a"] != "1" || r.Config.Options["b"] != "2" {
		t.Errorf("options %v", r.Config.Options)
	}
	if !slices.Equal(r.Players, []string{`alice "the bold"`, "bob"}) {
		t.Errorf("players %q", r.Players)
	}
	if r.Result.Kind != engine.Win || r.Result.Winner != engine.Second || r.Result.Reason != "alice resigned" {
		t.Errorf("result %+v", r.Result)
	}
	if r.Tag("event") != "club night" || r.Tag("Site") != "here" {
		t.Errorf("tags %v", r.Tags)
	}
	want := []RecordMove{
		{engine.First, "a b", "first"},
		{engine.Second, "c", ""},
		{engine.Second, "d: e", ""},
		{engine.Chance, "roll 6", ""},
		{engine.First, "f", ""},
	}
	if len(r.Moves) != len(want) {
		t.Fatalf("moves %+v", r.Moves)
	}
	for i := range want {
		if r.Moves[i] != want[i] {
			t.Errorf("move %d = %+v, want %+v", i+1, r.Moves[i], want[i])
		}
	}
	if r.Comment != "opening" {
		t.Errorf("comment %q", r.Comment)
	}
}

func TestRecordWriteReadsBack(t *testing.T) {
	r, err := ReadRecord(unknownGame)
	if err != nil {
		t.Fatal(err)
	}
	text := r.String()
	back, err := ReadRecord(text)
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if back.String() != text {
		t.Errorf("write/read/write differs:\n%s\n%s", text, back.String())
	}
	// The strict writer puts its own tags first, in order, with sides.
	if !strings.HasPrefix(text, "[Game \"no-such-game\"]\n[Ruleset \"x\"]\n[Options \"a=1 b=2\"]\n") {
		t.Errorf("tag order:\n%s", text)
	}
	if !strings.Contains(text, "3. Second: d: e 4. chance: roll 6 5. f 0-1") {
		t.Errorf("side prefixes:\n%s", text)
	}
}

func TestRecordLenientReader(t *testing.T) {
	text := "\ufeff  [game   \"No-Such-Game\"]  \r\n[RESULT \"1/2-1/2\"]\r\n\r\n1.   a\n\n 2... b\n{c}\n"
	r, err := ReadRecord(text)
	if err != nil {
		t.Fatal(err)
	}
	if r.Game != "no-such-game" || len(r.Moves) != 2 || r.Moves[1].Text != "b" || r.Moves[1].Comment != "c" || r.Result.Kind != engine.Draw {
		t.Errorf("%+v", r)
	}
}

func TestRecordErrorsSayWhere(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"1. a", "line 1: a record starts with its tags"},
		{"[Ruleset \"x\"]\n\n1. a", "the Game tag is missing"},
		{"[Game \"g\"]\n\na 1. b", `line 3: "a" stands where a move number`},
		{"[Game \"g\"]\n\n1. a {open", "line 3: a comment { is never closed"},
		{"[Game \"g\"]\n[Result \"2-0\"]", `result "2-0"`},
		{"[Game \"g\"]\n\n1. Purple: a", `"Purple" is not a side`},
		{"[Game g]", "is not of the form"},
	} {
		_, err := ReadRecord(tc.text)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ReadRecord(%q) = %v, want an error containing %q", tc.text, err, tc.want)
		}
	}
}

func TestReadRecordsSeveral(t *testing.T) {
	recs, err := ReadRecords(unknownGame + "\n" + unknownGame)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 || len(recs[1].Moves) != 5 {
		t.Fatalf("read %d records", len(recs))
	}
	if _, err := ReadRecord(unknownGame + unknownGame); err == nil {
		t.Error("ReadRecord accepted two records")
	}
}

// FuzzReadRecord: whatever the reader accepts, the writer writes in a form
// that reads back to the same record (write, read, write is stable).
func FuzzReadRecord(f *testing.F) {
	f.Add(unknownGame)
	f.Add("[Game \"g\"]\n\n1. a 2. b {c} *")
	f.Add("[Game \"conflagration\"]\n[Ruleset \"mosey\"]\n[Options \"order=4\"]\n\n1. C3-D4 2. E5xE7 1-0\n")
	f.Fuzz(func(t *testing.T, text string) {
		r, err := ReadRecord(text)
		if err != nil {
			return
		}
		once := r.String()
		back, err := ReadRecord(once)
		if err != nil {
			t.Fatalf("written record does not read back: %v\n%s", err, once)
		}
		if twice := back.String(); twice != once {
			t.Fatalf("write/read/write differs:\n%s\n%s", once, twice)
		}
	})
}

// Comments in a row stay apart, written and read again: the messages of a
// game (issue 26) are comments, and two said after one move are two.
func TestRecordCommentsStayApart(t *testing.T) {
	r := &Record{Game: "no-such-game", Players: []string{"a", "b"}, Comment: "alice: good luck\nbob: {you too}"}
	r.Add(engine.First, "x")
	r.Moves[0].Comment = "alice: hm\n\nbob: line one line two"
	r.Add(engine.Second, "y")
	text := r.String()
	if !strings.Contains(strings.Join(strings.Fields(text), " "), "{alice: good luck} {bob: (you too)} 1. x {alice: hm} {bob: line one line two} 2. y") {
		t.Fatalf("comments written:\n%s", text)
	}
	back, err := ReadRecord(text)
	if err != nil {
		t.Fatal(err)
	}
	if back.Comment != "alice: good luck\nbob: (you too)" || back.Moves[0].Comment != "alice: hm\nbob: line one line two" {
		t.Errorf("read back: %q, %q", back.Comment, back.Moves[0].Comment)
	}
	if back.String() != text {
		t.Errorf("write/read/write differs:\n%s\n%s", text, back.String())
	}
}
