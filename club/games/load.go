package games

import (
	"errors"
	"fmt"

	"postal/archive"
	"postal/club/game"
	"postal/club/reply"
	"postal/club/work"
	"postal/engine"
)

// Load loads game id, in progress or over: its row, engine, position,
// players, moves and place in its event; archive.ErrNotFound when there is
// none.
func Load(u *work.Unit, id int64) (*game.Game, error) {
	row, err := u.Tx.GameByID(id)
	if err != nil {
		return nil, err
	}
	return LoadRow(u, row)
}

// Of loads every game in progress of p.
func Of(u *work.Unit, p *archive.Player) ([]*game.Game, error) {
	rows, err := u.Tx.GamesOf(p.ID)
	if err != nil {
		return nil, err
	}
	out := make([]*game.Game, len(rows))
	for i, row := range rows {
		if out[i], err = LoadRow(u, row); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// LoadRow loads the rest of the game of row: its engine, position, players,
// moves and place in its event (Club.Events).
func LoadRow(u *work.Unit, row *archive.Game) (*game.Game, error) {
	id := row.ID
	g, pos, err := positionOf(row)
	if err != nil {
		return nil, err
	}
	gs := &game.Game{Row: row, Engine: g, Info: g.Info(), Pos: pos, Players: make([]*archive.Player, len(row.Players))}
	for i, pid := range row.Players {
		if gs.Players[i], err = u.Tx.PlayerByID(pid); err != nil {
			return nil, err
		}
	}
	if gs.Moves, err = u.Moves(id, row.Ply); err != nil {
		return nil, err
	}
	if gs.Event, err = u.Club.Events.Label(u, id); err != nil {
		return nil, err
	}
	return gs, nil
}

// Named loads a game for a command, refusing unknown numbers.
func Named(u *work.Unit, id int64) (*game.Game, error) {
	gs, err := Load(u, id)
	if errors.Is(err, archive.ErrNotFound) {
		if _, cerr := u.Tx.Challenge(id); cerr == nil {
			return nil, reply.Refuse(fmt.Sprintf("#%d is a challenge, not a game yet", id), fmt.Sprintf("It becomes a game when it is accepted: \"accept %d\".", id))
		}
		return nil, reply.Refuse(fmt.Sprintf("there is no game #%d", id), "Write \"status\" for your games.")
	}
	return gs, err
}

// NotPlaying refuses a command about game id, which the actor does not
// play in: a refusal apart from the game's conversation, lines saying
// what only its players may do.
func NotPlaying(id int64, lines ...string) *reply.Refusal {
	r := reply.Refuse(fmt.Sprintf("you do not play in game #%d", id), lines...)
	r.Apart = true
	return r
}

// Mine loads game id for a command only its players may give while it
// goes on: the game and the actor's side, or a refusal.
func Mine(u *work.Unit, id int64) (*game.Game, engine.Player, error) {
	gs, err := Named(u, id)
	if err != nil {
		return nil, -1, err
	}
	side := gs.Side(u.Actor)
	if side < 0 {
		return nil, -1, NotPlaying(gs.Row.ID, fmt.Sprintf("It is %s, and only its players may act in it. Nothing was changed.", gs.Title()))
	}
	if gs.Row.Status != archive.GameActive {
		return nil, -1, reply.Refuse(fmt.Sprintf("game #%d is over", gs.Row.ID), "Result: "+gs.ResultText()+".")
	}
	return gs, side, nil
}

// PositionOf is the stored position of the game of row, for a look at
// whose turn it is that needs nothing else of the game.
func PositionOf(row *archive.Game) (engine.Position, error) {
	_, pos, err := positionOf(row)
	return pos, err
}

func positionOf(row *archive.Game) (engine.Game, engine.Position, error) {
	g, err := engine.Lookup(row.Game)
	if err != nil {
		return nil, nil, work.Permanent(fmt.Errorf("club: game %d: %w", row.ID, err))
	}
	pos, err := g.ParsePosition(row.Position)
	if err != nil {
		return nil, nil, work.Permanent(fmt.Errorf("club: game %d: stored position: %w", row.ID, err))
	}
	return g, pos, nil
}
