package notation_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"postal/engine"
	_ "postal/engine/allgames"
	"postal/notation"
)

// playedRecord plays a game of Initiative as the club does (chance resolved
// from the seed after every move), numbered id, for plies player moves, and
// returns its record, over when over is set.
func playedRecord(t *testing.T, id int64, seed uint64, plies int, over bool) *notation.Record {
	t.Helper()
	_, cfg, pos, err := engine.New("initiative", engine.Config{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	rec := &notation.Record{Game: "initiative", Config: cfg, Players: []string{"alice", "bob"}, SeedCommitment: engine.SeedCommitment(id, seed)}
	rec.SetTag("Round", strconv.FormatInt(id, 10))
	rng := rand.New(rand.NewPCG(seed, 1))
	for i := 0; ; i++ {
		next, steps, err := engine.ResolveChance(pos, seed)
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range steps {
			rec.Add(engine.Chance, st.Move.String())
		}
		pos = next
		if i == plies || pos.Result().Over() {
			break
		}
		p := pos.ToMove()[0]
		legal := pos.Legal(p)
		m := legal[rng.IntN(len(legal))]
		if pos, err = pos.Apply(p, m); err != nil {
			t.Fatal(err)
		}
		rec.Add(p, m.String())
	}
	if over {
		rec.Result = engine.Result{Kind: engine.Win, Winner: engine.First, Reason: "bob resigned"}
	}
	return rec
}

// The writer keeps the seed of a committed game out of its record until the
// result is known; the reader reads both tags back.
func TestRecordHidesSeedUntilOver(t *testing.T) {
	rec := playedRecord(t, 17, 987654321987, 6, false)
	text := rec.String()
	if strings.Contains(text, "987654321987") || !strings.Contains(text, `[SeedCommitment "`+engine.SeedCommitment(17, 987654321987)+`"]`) {
		t.Fatalf("a game in progress:\n%s", text)
	}
	rec.Result = engine.Result{Kind: engine.Draw, Reason: "agreed"}
	text = rec.String()
	if !strings.Contains(text, `[Seed "987654321987"]`) || !strings.Contains(text, "[SeedCommitment ") {
		t.Fatalf("a game over:\n%s", text)
	}
	back, err := notation.ReadRecord(text)
	if err != nil || back.Config.Seed != 987654321987 || back.SeedCommitment != rec.SeedCommitment || back.String() != text {
		t.Fatalf("read back: %v, seed %d, commitment %q", err, back.Config.Seed, back.SeedCommitment)
	}
	// Without a commitment (a record of postal play, say), the seed is
	// still kept back until the result is known.
	rec = playedRecord(t, 17, 5, 2, false)
	rec.SeedCommitment = ""
	if strings.Contains(rec.String(), `[Seed "5"]`) {
		t.Fatalf("an uncommitted record of a game in progress shows its seed:\n%s", rec)
	}
	rec.Result = engine.Result{Kind: engine.Draw, Reason: "agreed"}
	if !strings.Contains(rec.String(), `[Seed "5"]`) {
		t.Fatalf("an uncommitted record of a finished game lost its seed:\n%s", rec)
	}
}

func TestCheckDice(t *testing.T) {
	const seed = 123456789
	rec := playedRecord(t, 3, seed, 40, true)
	read := func(r *notation.Record) *notation.Record {
		back, err := notation.ReadRecord(r.String())
		if err != nil {
			t.Fatal(err)
		}
		return back
	}
	n, err := read(rec).CheckDice()
	if err != nil || n < 5 {
		t.Fatalf("an honest record: %d chance moves, %v\n%s", n, err, rec)
	}

	// In progress: the seed is secret, nothing to check yet.
	going := *rec
	going.Result = engine.Result{}
	if _, err := read(&going).CheckDice(); !errors.Is(err, notation.ErrSeedSecret) {
		t.Errorf("a game in progress: %v", err)
	}

	// One throw altered, the record cut after it: its move is named.
	positions, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	altered := 0
	for i := len(rec.Moves) - 1; i >= 0 && altered == 0; i-- {
		if rec.Moves[i].Player != engine.Chance {
			continue
		}
		for _, m := range positions[i].Legal(engine.Chance) {
			if m.String() != rec.Moves[i].Text {
				bad := *rec
				bad.Moves = append([]notation.RecordMove(nil), rec.Moves[:i+1]...)
				bad.Moves[i].Text = m.String()
				_, err := read(&bad).CheckDice()
				var de *notation.DiceError
				if !errors.As(err, &de) || de.MoveNumber != i+1 || de.Commitment || !strings.Contains(err.Error(), fmt.Sprintf("move %d (chance: %s)", i+1, m)) {
					t.Errorf("move %d altered to %s: %v", i+1, m, err)
				}
				altered = i + 1
				break
			}
		}
	}
	if altered == 0 {
		t.Fatal("no throw could be altered")
	}

	// Another seed: it does not match the commitment, and the first
	// throw it contradicts is named.
	wrong := read(rec)
	wrong.Config.Seed = seed + 1
	var de *notation.DiceError
	if _, err := wrong.CheckDice(); !errors.As(err, &de) || !de.Commitment || de.MoveNumber == 0 {
		t.Errorf("a wrong seed: %v", err)
	}
	// A commitment for another game number: the Round is part of it.
	other := read(rec)
	other.SetTag("Round", "4")
	if _, err := other.CheckDice(); !errors.As(err, &de) || !de.Commitment || de.MoveNumber != 0 {
		t.Errorf("another game's number: %v", err)
	}
	// Over, but no seed shown.
	hidden := strings.Replace(rec.String(), fmt.Sprintf("[Seed \"%d\"]\n", seed), "", 1)
	if r, err := notation.ReadRecord(hidden); err != nil {
		t.Fatal(err)
	} else if _, err := r.CheckDice(); !errors.As(err, &de) {
		t.Errorf("a finished record without its seed: %v", err)
	}
}
