package club

import (
	"context"
	"fmt"
	"strings"
	"time"

	"postal/archive"
)

// TournamentView is a tournament as its page on the site shows it (issue
// 25); site/clubarchive hands it to the site as a site.Tournament, whose
// fields it mirrors.
type TournamentView struct {
	ID                                  int64
	Name, Game, Title, Config           string
	Format, Kind, Control, Status       string
	Director, Winner, Note              string
	Round, SwissRounds                  int
	Created, Started, Finished, Updated time.Time
	Entrants                            []ViewEntrant
	Standings                           []ViewStanding
	TieBreaks                           []string
	Cross                               [][]string
	Rounds                              []ViewRound
	Acts                                []ViewAct
}

// ViewEntrant, ViewStanding, ViewRound, ViewGame and ViewAct are the parts
// of a TournamentView (see site.Tournament).
type (
	ViewEntrant struct {
		Name     string
		Seed     int
		Rating   float64
		Status   string
		Annulled bool
	}
	ViewStanding struct {
		Rank      int
		Name      string
		Points    float64
		TieBreaks []float64
		Played    int
		Status    string
	}
	ViewRound struct {
		Number int
		Games  []ViewGame
		Byes   []string
	}
	ViewGame struct {
		ID      int64
		Board   int
		Players []string
		Result  string
		Note    string
	}
	ViewAct struct {
		At   time.Time
		Kind string
		Text string
		Game int64
	}
)

// EachTournament calls fn with each tournament of ids (every one when nil),
// by number, each read in a transaction of its own.
func EachTournament(ctx context.Context, db *archive.DB, ids []int64, fn func(*TournamentView) error) error {
	if ids == nil {
		err := db.Tx(ctx, func(tx *archive.Tx) error {
			ts, err := tx.Tournaments()
			for _, t := range ts {
				ids = append(ids, t.ID)
			}
			return err
		})
		if err != nil {
			return err
		}
	}
	for _, id := range ids {
		var v *TournamentView
		err := db.Tx(ctx, func(tx *archive.Tx) error {
			h := &handling{tx: tx}
			t, err := tx.TournamentByID(id)
			if err != nil {
				return err
			}
			ev, err := h.loadEvent(t)
			if err != nil {
				return err
			}
			v, err = ev.view(tx)
			return err
		})
		if err != nil {
			return fmt.Errorf("club: tournament %d: %w", id, err)
		}
		if err := fn(v); err != nil {
			return err
		}
	}
	return nil
}

// TournamentsTouched returns the tournaments the games ids belong to and
// those changed at or after since.
func TournamentsTouched(ctx context.Context, db *archive.DB, games []int64, since time.Time) ([]int64, error) {
	var out []int64
	err := db.Tx(ctx, func(tx *archive.Tx) error {
		seen := map[int64]bool{}
		_, events, err := tx.TournamentGamesIn(games)
		if err != nil {
			return err
		}
		for _, tid := range events {
			seen[tid] = true
		}
		changed, err := tx.TournamentsChangedSince(since)
		if err != nil {
			return err
		}
		for _, tid := range changed {
			seen[tid] = true
		}
		for tid := range seen {
			out = append(out, tid)
		}
		return nil
	})
	return out, err
}

// view builds the page's view of ev.
func (ev *event) view(tx *archive.Tx) (*TournamentView, error) {
	t := ev.t
	info, ctl, _ := eventInfo(t)
	director, err := tx.PlayerByID(t.DirectorID)
	if err != nil {
		return nil, err
	}
	v := &TournamentView{ID: t.ID, Name: t.Name, Game: t.Game, Title: info.Title, Config: t.Config, Kind: t.Format,
		Control: ctl.Describe(), Status: t.Status, Director: director.Name, Note: t.Note, Round: t.Round, SwissRounds: t.Rounds,
		Created: t.Created, Started: t.Started, Finished: t.Finished, Updated: t.Updated}
	v.Format = formatName(t.Format, ev.seats)
	if t.Format == "swiss" {
		v.Format = fmt.Sprintf("Swiss of %d rounds", t.Rounds)
	}
	if t.WinnerID != 0 {
		v.Winner = ev.name(t.WinnerID)
	}
	for _, e := range ev.entrants {
		v.Entrants = append(v.Entrants, ViewEntrant{Name: ev.name(e.PlayerID), Seed: e.Seed, Rating: e.Rating, Status: e.Status, Annulled: e.Annulled})
	}
	if t.Status != archive.TournamentOpen && t.Format != "knockout" {
		if t.Format == "swiss" {
			v.TieBreaks = []string{"Buchholz", "Median"}
		} else {
			v.TieBreaks = []string{"SB"}
		}
		for _, l := range ev.standings() {
			s := ViewStanding{Rank: l.Rank, Name: ev.name(l.id), Points: l.Score, Played: l.Played, Status: ev.entrant(l.id).Status}
			if !l.counted {
				s.Rank = 0
			}
			if t.Format == "swiss" {
				s.TieBreaks = []float64{l.Buchholz, l.MedianBuchholz}
			} else {
				s.TieBreaks = []float64{l.SonnebornBerger}
			}
			v.Standings = append(v.Standings, s)
		}
		if ev.roundRobin() || ev.seats > 2 {
			v.Cross = ev.crosstable()
		}
	}
	v.Rounds = ev.viewRounds()
	acts, err := tx.Acts(t.ID)
	if err != nil {
		return nil, err
	}
	for _, a := range acts {
		v.Acts = append(v.Acts, ViewAct{At: a.At, Kind: a.Act, Text: ev.actText(tx, a), Game: a.GameID})
	}
	return v, nil
}

// crosstable is each entrant's results against each other, by seed.
func (ev *event) crosstable() [][]string {
	n := len(ev.entrants)
	cells := make([][][]string, n)
	for i := range cells {
		cells[i] = make([][]string, n)
	}
	for _, r := range ev.results() {
		if r.Second < 0 {
			continue
		}
		cells[r.First][r.Second] = append(cells[r.First][r.Second], points(r.Score))
		cells[r.Second][r.First] = append(cells[r.Second][r.First], points(1-r.Score))
	}
	out := make([][]string, n)
	for i := range out {
		out[i] = make([]string, n)
		for j := range out[i] {
			if i == j {
				out[i][j] = "x"
				continue
			}
			out[i][j] = strings.Join(cells[i][j], " ")
		}
	}
	return out
}

// viewRounds lists the games of ev by round, with a knockout's outcomes.
func (ev *event) viewRounds() []ViewRound {
	var out []ViewRound
	at := func(r int) *ViewRound {
		for i := range out {
			if out[i].Number == r {
				return &out[i]
			}
		}
		out = append(out, ViewRound{Number: r})
		return &out[len(out)-1]
	}
	notes := map[int64]string{}
	if ev.t.Format == "knockout" {
		for r := 1; r <= ev.t.Round; r++ {
			for _, m := range ev.matches(r) {
				if m.winner != 0 && len(m.games) > 0 {
					notes[m.games[len(m.games)-1].GameID] = fmt.Sprintf("%s goes through: %s", ev.name(m.winner), m.how)
				}
			}
		}
	}
	for _, g := range ev.games {
		var names []string
		for _, id := range g.row.Players {
			names = append(names, ev.name(id))
		}
		vr := at(g.Round)
		vr.Games = append(vr.Games, ViewGame{ID: g.GameID, Board: g.Board, Players: names, Result: g.row.Result, Note: notes[g.GameID]})
	}
	for _, b := range ev.byes {
		vr := at(b.Round)
		vr.Byes = append(vr.Byes, ev.name(b.PlayerID))
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].Number < out[j-1].Number; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// actText words an entry of the record for the page.
func (ev *event) actText(tx *archive.Tx, a archive.Act) string {
	name := func(id int64) string {
		if id == 0 {
			return "the club"
		}
		if p := ev.players[id]; p != nil {
			return p.Name
		}
		if p, err := tx.PlayerByID(id); err == nil {
			return p.Name
		}
		return fmt.Sprintf("player %d", id)
	}
	switch a.Act {
	case "create":
		return fmt.Sprintf("%s organised the tournament: %s", name(a.ByID), a.Detail)
	case "join":
		if a.ByID != a.PlayerID {
			return fmt.Sprintf("%s entered %s", name(a.ByID), name(a.PlayerID))
		}
		return name(a.PlayerID) + " entered"
	case "leave", archive.EntrantLeft:
		return name(a.PlayerID) + " left"
	case "start":
		return "the tournament started, " + a.Detail
	case "round":
		return a.Detail + " started"
	case "deadline":
		return a.Detail + " reached its deadline"
	case "adjudicate":
		return fmt.Sprintf("%s adjudicated the game: %s", name(a.ByID), a.Detail)
	case "extend":
		return fmt.Sprintf("%s gave the game %s more", name(a.ByID), a.Detail)
	case archive.EntrantRemoved:
		return fmt.Sprintf("%s removed %s: %s", name(a.ByID), name(a.PlayerID), a.Detail)
	case "codirector": // codirector.go
		return fmt.Sprintf("%s %s %s as co-director", name(a.ByID), a.Detail, name(a.PlayerID))
	case archive.EntrantTimedOut:
		return fmt.Sprintf("%s is out: %s", name(a.PlayerID), a.Detail)
	case "won":
		if a.PlayerID == 0 {
			return strings.TrimSpace("the tournament ended " + a.Detail)
		}
		return name(a.PlayerID) + " won the tournament"
	}
	return strings.TrimSpace(a.Act + " " + a.Detail)
}
