package site

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"postal/engine"
)

// TestWriterKnown checks a writer's files against what it knows they
// hold: the same content is left alone, other content written, and a file
// removed is forgotten, so that it is written again.
func TestWriterKnown(t *testing.T) {
	dir := t.TempDir()
	var st Stats
	w := newWriter(dir, true, &st)
	w.known = newWritten()
	read := func() string {
		data, err := os.ReadFile(filepath.Join(dir, "a.html"))
		if err != nil {
			return "(none)"
		}
		return string(data)
	}
	for i, step := range []struct {
		write, want string
		remove      bool
		written     int
	}{
		{write: "one", want: "one", written: 1},
		{write: "one", want: "one", written: 1},
		{write: "two", want: "two", written: 2},
		{remove: true, want: "(none)", written: 2},
		{write: "two", want: "two", written: 3},
	} {
		var err error
		if step.remove {
			err = w.remove("a.html")
		} else {
			err = w.write("a.html", []byte(step.write))
		}
		if err != nil {
			t.Fatal(err)
		}
		if got := read(); got != step.want || st.Written != step.written {
			t.Errorf("step %d: the file holds %q, %d written; want %q, %d", i, got, st.Written, step.want, step.written)
		}
	}
}

// TestUpdateForgetsAfterAnotherWriter has another Publisher update the
// site between two updates of one: the first must not trust what it knew
// of the files. Game 3 gets a move from the first (which knows its page),
// the other Publisher writes it with a second move, and the source goes
// back to the first move: the first Publisher's page is then the one it
// knows, which the file no longer holds.
func TestUpdateForgetsAfterAnotherWriter(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	games := fixedArchive(t)
	src := NewMemory(games...)
	pub := NewPublisher(src, testOptions(out))
	if _, err := pub.Build(context.Background()); err != nil {
		t.Fatal(err)
	}
	g := games[2]
	move := func(from Game, m string) Game {
		r := *from.Record
		r.Moves = slices.Clone(r.Moves)
		r.Add(engine.Player(len(r.Moves)%2), m)
		from.Record = &r
		return from
	}
	once := move(g, "take1")
	once.Updated = g.Updated.Add(time.Hour)
	src.Put(once)
	if _, err := pub.Update(context.Background()); err != nil {
		t.Fatal(err)
	}
	twice := move(once, "take1")
	twice.Updated = g.Updated.Add(2 * time.Hour)
	src.Put(twice)
	if _, err := NewPublisher(src, testOptions(out)).Update(context.Background()); err != nil {
		t.Fatal(err)
	}
	src.Put(once)
	if _, err := pub.Update(context.Background()); err != nil {
		t.Fatal(err)
	}
	sameSite(t, out, src, testOptions(out))
}
