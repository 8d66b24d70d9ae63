package archive

import (
	"context"
	"database/sql"
	"maps"
	"path/filepath"
	"testing"
	"time"
)

// Migration 080 gathers every format's numbers into tournaments.settings
// from the columns that held them: an archive of version 75 opens with a
// Swiss's rounds, a league's and a ladder's numbers read back as settings;
// settings written read back the same.
func TestFormatSettingsMigrate(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "postal.db")
	if err := CreateAt(ctx, path, 75); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	at := "2026-11-01T09:00:00.000Z"
	for _, q := range []string{
		`INSERT INTO players (id, name, address, key_hash, created) VALUES (1, 'alice', 'alice@example.org', 'x', '` + at + `')`,
		`INSERT INTO tournaments (id, name, director_id, game, config, format, rounds, days, control, status, created, updated) VALUES (1, 'sw', 1, 'takeaway', 'standard', 'swiss', 5, 3, 'days 3', 'open', '` + at + `', '` + at + `')`,
		`INSERT INTO tournaments (id, name, director_id, game, config, format, days, control, status, created, updated) VALUES (2, 'cup', 1, 'takeaway', 'standard', 'knockout', 3, 'days 3', 'open', '` + at + `', '` + at + `')`,
		`INSERT INTO tournaments (id, name, director_id, game, config, format, days, control, status, created, updated) VALUES (3, 'spring', 1, 'takeaway', 'standard', 'league', 3, 'days 3', 'open', '` + at + `', '` + at + `')`,
		`INSERT INTO leagues (tournament_id, size, promote, twice, break_days, season_days) VALUES (3, 4, 1, 1, 2, 30)`,
		`INSERT INTO tournaments (id, name, director_id, game, config, format, days, control, status, created, updated) VALUES (4, 'top', 1, 'takeaway', 'standard', 'ladder', 3, 'days 3', 'running', '` + at + `', '` + at + `')`,
		`INSERT INTO leagues (tournament_id, reach, idle_days) VALUES (4, 2, 40)`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	db.Close()
	a, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	want := map[string]map[string]int{
		"sw":     {"rounds": 5},
		"cup":    {},
		"spring": {"size": 4, "promote": 1, "double": 1, "break": 2, "season": 30},
		"top":    {"reach": 2, "idle": 40},
	}
	err = a.Tx(ctx, func(tx *Tx) error {
		for name, settings := range want {
			tr, err := tx.TournamentByName(name)
			if err != nil {
				return err
			}
			if !maps.Equal(tr.Settings, settings) {
				t.Errorf("%s: settings %v, want %v", name, tr.Settings, settings)
			}
		}
		tr := &Tournament{Name: "new", DirectorID: 1, Game: "takeaway", Config: "standard", Format: "swiss", Settings: map[string]int{"rounds": 7, "groups": 2}, Control: "days 3", Created: time.Now()}
		if err := tx.AddTournament(tr); err != nil {
			return err
		}
		back, err := tx.TournamentByID(tr.ID)
		if err == nil && !maps.Equal(back.Settings, tr.Settings) {
			t.Errorf("settings written %v, read %v", tr.Settings, back.Settings)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := settingsText(map[string]int{"size": 6, "promote": 1, "break": 3}); got != "break=3 promote=1 size=6" {
		t.Errorf("settingsText: %q", got)
	}
}
