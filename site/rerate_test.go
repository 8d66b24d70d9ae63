package site_test

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"postal/archive"
	"postal/archive/archivegen"
	"postal/club"
	"postal/site"
	"postal/site/clubarchive"
)

// Issue 35: when the club rates games again after the fact (here "postal
// ratings --recompute --all" on an archive from before ratings), the
// site's next update shows the new ratings: the games whose ratings
// changed are changes it follows, and their lists and players are read
// again.
func TestSiteFollowsRatingAgain(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "postal.db")
	if _, err := archivegen.BeforeRatings(ctx, path, archivegen.Options{Games: []string{"imperial-chess"}, Finished: 6, Players: 4, MaxPlies: 12, Seed: 35}); err != nil {
		t.Fatal(err)
	}
	db, err := archive.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	out := filepath.Join(t.TempDir(), "site")
	opts := site.Options{OutDir: out, Club: "postal@club.example", Title: "Old Club", Workers: 2, Logger: slog.New(slog.DiscardHandler)}
	p := site.NewPublisher(clubarchive.Source{DB: db, Club: "postal@club.example"}, opts)
	if _, err := p.Build(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(out, "ratings/imperial-chess.html")); err == nil {
		t.Fatal("a list before any game is rated")
	}
	n, err := club.RateBeforeRatings(ctx, db, nil)
	if err != nil || n != 6 {
		t.Fatalf("RateBeforeRatings: %d, %v", n, err)
	}
	st, err := p.Update(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.Full || st.Changed == 0 {
		t.Errorf("update after rating again: %+v; want the rated games changed", st)
	}
	var top archive.Standing
	err = db.ReadTx(ctx, func(tx *archive.Tx) error {
		ss, err := tx.Standings("imperial-chess")
		if err == nil && len(ss) > 0 {
			top = ss[0]
		}
		return err
	})
	if err != nil || top.Games == 0 {
		t.Fatalf("no standing after rating again: %v", err)
	}
	list := siteFile(t, out, "ratings/imperial-chess.html")
	if !strings.Contains(list, `<tr><td class="num">1</td><td><a href="../players/gen00`) {
		t.Errorf("the list after rating again:\n%.2000s", list)
	}
	if page := siteFile(t, out, "players/gen001.html"); !strings.Contains(page, "<h2>Ratings</h2>") {
		t.Error("gen001's page shows no rating after rating again")
	}
}
