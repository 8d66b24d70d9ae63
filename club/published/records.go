package published

import (
	"context"
	"fmt"

	"postal/archive"
	"postal/club/event"
	"postal/engine"
	"postal/notation"
	"postal/site/view"
)

// Archived is a game of the club as the site lists it (view.Game: its
// record, its dates, its rating), with the row it was read from, for the
// club's own readers.
type Archived struct {
	Row *archive.Game
	view.Game[*notation.Record]
}

// EachRecord calls fn with the record of each game of ids that exists
// (every game when ids is nil), by number, its Site tag set to site: what
// the archive site publishes. Without moves the records carry none
// (Row.Ply counts them) and no move is read. It reads the games a chunk at a
// time, each chunk in one short transaction, and calls fn between them, so
// the club goes on handling mail while a large archive is read.
func EachRecord(ctx context.Context, db *archive.DB, site string, ids []int64, moves bool, fn func(Archived) error) error {
	return EachRecordOf(ctx, db, RecordOptions{Site: site, Messages: true}, ids, moves, fn)
}

// RecordOptions says how EachRecordOf writes records.
type RecordOptions struct {
	Site string // the records' Site tag
	// Messages shows what the players said (and the conditional moves of
	// those who allow it) as comments once a game is over, as each player
	// allows (talkComments): the club's choice.
	Messages bool
	// Plies, when above 0, cuts each record to its first Plies moves,
	// read alone: an opening's reader (the mail's explorer) reads a few
	// moves of many games. The result stays the game's.
	Plies int
}

// EachRecordOf is EachRecord, as opt says.
func EachRecordOf(ctx context.Context, db *archive.DB, opt RecordOptions, ids []int64, moves bool, fn func(Archived) error) error {
	const chunk = 200
	names := map[int64]string{}
	var after int64 // the last game read, when reading every game
	for first := true; ; first = false {
		if ids != nil && len(ids) == 0 {
			return nil
		}
		var out []Archived
		err := db.ReadTx(ctx, func(tx *archive.Tx) error {
			if first {
				var err error
				if names, err = tx.PlayerNames(); err != nil {
					return err
				}
			}
			var rows []*archive.Game
			var err error
			if ids == nil {
				rows, err = tx.GamesAfter(after, chunk)
			} else {
				rows, err = tx.GamesIn(ids[:min(chunk, len(ids))])
				ids = ids[min(chunk, len(ids)):]
			}
			if err != nil {
				return err
			}
			out, err = recordsOf(tx, rows, names, opt, moves)
			return err
		})
		if err != nil {
			return fmt.Errorf("club: records: %w", err)
		}
		if ids == nil && len(out) == 0 {
			return nil
		}
		for _, a := range out {
			if err := fn(a); err != nil {
				return err
			}
			after = a.Row.ID
		}
	}
}

// recordsOf writes the records of rows as opt says, read within tx; names
// are the players' names known so far, which it adds to.
func recordsOf(tx *archive.Tx, rows []*archive.Game, names map[int64]string, opt RecordOptions, moves bool) ([]Archived, error) {
	site := opt.Site
	var err error
	byGame := map[int64][]archive.Move{}
	if moves && len(rows) > 0 {
		gids := make([]int64, len(rows))
		for i, r := range rows {
			gids[i] = r.ID
		}
		if byGame, err = tx.MovesUpTo(gids, opt.Plies); err != nil {
			return nil, err
		}
	}
	talk := map[int64][]archive.Said{}
	if moves && opt.Messages && len(rows) > 0 {
		var over []int64
		for _, r := range rows {
			if r.Status == archive.GameOver {
				over = append(over, r.ID)
			}
		}
		if talk, err = tx.TalkOf(over); err != nil {
			return nil, err
		}
	}
	var rated map[int64]*view.GameRating
	if moves {
		if rated, err = ratingsOf(tx, rows, names); err != nil {
			return nil, err
		}
	}
	out := make([]Archived, 0, len(rows))
	for _, row := range rows {
		players := make([]string, len(row.Players))
		for i, id := range row.Players {
			if players[i], err = named(names, id, func() (string, error) { return playerName(tx, id) }); err != nil {
				return nil, err
			}
		}
		rec, err := newRecord(row, players, byGame[row.ID], site)
		if err != nil {
			return nil, err
		}
		if err := talkComments(tx, rec, row, byGame[row.ID], talk[row.ID]); err != nil {
			return nil, err
		}
		out = append(out, archived(row, rec, rated[row.ID]))
	}
	return out, tagEvents(tx, out)
}

// RecordsIn calls fn with the record of each game of ids, by number, as
// EachRecordOf writes it with moves, read within tx: for a reader inside
// the club's unit of work (the mail's explorer), a chunk of games at a time.
func RecordsIn(tx *archive.Tx, opt RecordOptions, ids []int64, fn func(Archived) error) error {
	names, err := tx.PlayerNames()
	if err != nil {
		return err
	}
	const chunk = 200
	for len(ids) > 0 {
		rows, err := tx.GamesIn(ids[:min(chunk, len(ids))])
		if err != nil {
			return err
		}
		ids = ids[min(chunk, len(ids)):]
		out, err := recordsOf(tx, rows, names, opt, true)
		if err != nil {
			return err
		}
		for _, a := range out {
			if err := fn(a); err != nil {
				return err
			}
		}
	}
	return nil
}

// archived is game row as the site lists it, with its record rec and its
// rating r (nil when not read).
func archived(row *archive.Game, rec *notation.Record, r *view.GameRating) Archived {
	return Archived{Row: row, Game: view.Game[*notation.Record]{ID: row.ID, Record: rec, Plies: row.Ply, Position: row.Position, Previous: row.Previous,
		Started: row.Created, Updated: row.Updated, Finished: row.Finished, Deadline: row.Deadline, Rating: r}}
}

// named is the name of id in names, read the first time by read.
func named(names map[int64]string, id int64, read func() (string, error)) (string, error) {
	if n, ok := names[id]; ok {
		return n, nil
	}
	n, err := read()
	if err == nil {
		names[id] = n
	}
	return n, err
}

// GameRecord writes game row as a record: its tags, the moves of record and,
// once it is over, the result and how it ended. The mail command "record" and
// the site (through EachRecord) both use it.
func GameRecord(tx *archive.Tx, row *archive.Game, site string, messages bool) (*notation.Record, error) {
	players := make([]string, len(row.Players))
	for i, id := range row.Players {
		p, err := tx.PlayerByID(id)
		if err != nil {
			return nil, err
		}
		players[i] = p.Name
	}
	moves, err := tx.Moves(row.ID)
	if err != nil {
		return nil, err
	}
	rec, err := newRecord(row, players, moves, site)
	if err != nil {
		return nil, err
	}
	if err := tagEvents(tx, []Archived{archived(row, rec, nil)}); err != nil {
		return nil, err
	}
	if !messages || row.Status != archive.GameOver {
		return rec, nil
	}
	talk, err := tx.TalkOf([]int64{row.ID})
	if err != nil {
		return nil, err
	}
	return rec, talkComments(tx, rec, row, moves, talk[row.ID])
}

// newRecord makes the record of game row from its players' names and its
// moves. A game with chance carries the commitment to its seed from the start
// and the seed itself only once it is over: until then the seed is not even
// in the record's memory, so nothing made from the record (mail, page,
// download, search index) can show it.
func newRecord(row *archive.Game, players []string, moves []archive.Move, site string) (*notation.Record, error) {
	cfg, err := GameConfig(row, revealedSeed(row))
	if err != nil {
		return nil, err
	}
	rec := &notation.Record{Game: row.Game, Config: cfg, Players: players, SeedCommitment: SeedCommitment(row)}
	rec.SetTag("Site", site)
	rec.SetTag("Date", row.Created.Format("2006.01.02"))
	rec.SetTag("Round", fmt.Sprint(row.ID))
	rec.SetTag("TimeControl", Control(row).String())
	// Room for every move at once: a site's build reads millions, and
	// growing the slice move by move allocated twice what it keeps.
	rec.Moves = make([]notation.RecordMove, 0, len(moves))
	for _, m := range moves {
		rec.Add(engine.Player(m.Player), m.Text)
	}
	if row.Status == archive.GameOver {
		// A reason may quote a director's words: no address of theirs
		// is published.
		rec.Result = Result(row)
		rec.Result.Reason = Unaddressed(rec.Result.Reason)
		if row.Termination != "" {
			rec.SetTag("Termination", Unaddressed(row.Termination))
		}
	}
	return rec, nil
}

// tagEvents names, in the records of the games of a tournament, the event
// its format and its round: [Event "spring-cup"] [EventKind "cup"]
// [EventRound "group B"]. The Round tag stays
// the game's number, which a seed commitment is computed with.
func tagEvents(tx *archive.Tx, recs []Archived) error {
	ids := make([]int64, len(recs))
	for i, a := range recs {
		ids[i] = a.Row.ID
	}
	places, events, err := tx.TournamentGamesIn(ids)
	if err != nil || len(places) == 0 {
		return err
	}
	tours := map[int64]*archive.Tournament{}
	for _, a := range recs {
		place, ok := places[a.Row.ID]
		if !ok {
			continue
		}
		tid := events[a.Row.ID]
		t, ok := tours[tid]
		if !ok {
			if t, err = tx.TournamentByID(tid); err != nil {
				return err
			}
			tours[tid] = t
		}
		a.Record.SetTag("Event", t.Name)
		a.Record.SetTag("EventKind", t.Format)                                              // a page says "the cup spring-cup" (event.Kind.Called)
		a.Record.SetTag("EventRound", event.RoundLabel(t.Format, place.Round, place.Board)) // a league's "season 2, division 1"
	}
	return nil
}
