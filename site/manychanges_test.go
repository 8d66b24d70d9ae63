package site

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestUpdateOfManyGamesBuildsInFull: an update that finds more than
// maxUpdate games changed (every game's row touched at once: the positions
// before the last ply filled in, a re-rating) builds the site in full, into
// a new generation, instead of holding every changed game's record at
// once; the site is the one a full build makes. Fewer changes are an
// update again.
func TestUpdateOfManyGamesBuildsInFull(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	games := randomArchive(t, 30, 11)
	src := NewMemory(games...)
	pub := NewPublisher(src, testOptions(out))
	if st, err := pub.Update(context.Background()); err != nil || !st.Full {
		t.Fatalf("the first update: %+v, %v", st, err)
	}
	defer func(n int) { maxUpdate = n }(maxUpdate)
	maxUpdate = 5
	touch := func(n int) {
		for _, g := range games[:n] {
			g.Updated = g.Updated.Add(time.Hour)
			src.Put(g)
		}
	}
	oldGen, err := os.Readlink(out)
	if err != nil {
		t.Fatal(err)
	}
	touch(6)
	st, err := pub.Update(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	gen, _ := os.Readlink(out)
	if !st.Full || gen == oldGen || st.Games != len(games) {
		t.Errorf("an update of 6 changed games, past 5: %+v, generation %s after %s", st, gen, oldGen)
	}
	sameSite(t, out, src, testOptions(out))

	touch(2)
	if st, err = pub.Update(context.Background()); err != nil {
		t.Fatal(err)
	}
	if again, _ := os.Readlink(out); st.Full || st.Changed != 2 || again != gen {
		t.Errorf("an update of 2 changed games: %+v, generation %s after %s", st, again, gen)
	}
	sameSite(t, out, src, testOptions(out))
}
