package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"postal/archive"
	"postal/club/game"
	"postal/club/published"
	"postal/club/rating"
	"postal/site/view"
)

// The demo's tournament: after alice's games against the bot,
// autoplay has alice organise a round robin by mail and enter the club's
// bot; bob and carol register and join by mail too. The fourth entrant
// fills it, and its six games start at once. The three players play their
// games by mail, choosing their moves at random, the bot its own; every
// game is rated (each player moves before a game ends). The summary then
// names the winner and shows the ratings, and the site has the
// tournament's page.
const (
	cupName = "cup"
	cupGame = "initiative" // quick games, and short ones at random
)

// autoplayCup runs the demo's round robin to its end: alice (registered)
// organises it and plays, bob and carol register and play. It returns
// when the tournament is over or ctx ends.
func autoplayCup(ctx context.Context, alice *bot) error {
	players := []*bot{alice}
	for i, name := range []string{"bob", "carol"} {
		p := &bot{name: name, addr: name + "@" + alice.addr[strings.IndexByte(alice.addr, '@')+1:], imapAddr: alice.imapAddr, smtp: alice.smtp,
			db: alice.db, club: alice.club, choose: randomMoves(rand.New(rand.NewPCG(uint64(2+i), 5))), log: alice.log, sent: map[string]int{},
			plies: alice.plies, playing: map[string]int64{}, replyTo: map[int64]string{}}
		if err := p.register(ctx); err != nil {
			return err
		}
		players = append(players, p)
	}
	// "players 4": the tournament starts when its fourth entrant joins.
	if err := alice.send(alice.account, "tournament", fmt.Sprintf("tournament %s %s round-robin players 4\njoin %s bot", cupName, cupGame, cupName)); err != nil {
		return err
	}
	var t *archive.Tournament
	for t == nil {
		if err := alice.db.Tx(ctx, func(tx *archive.Tx) error {
			var err error
			t, err = tx.TournamentByName(cupName)
			if errors.Is(err, archive.ErrNotFound) {
				return nil
			}
			return err
		}); err != nil {
			return err
		}
		if t == nil {
			if err := pause(ctx, 50*time.Millisecond); err != nil {
				return err
			}
		}
	}
	for _, p := range players[1:] {
		if err := p.send(p.account, "join", "join "+cupName); err != nil {
			return err
		}
	}
	for {
		over := false
		for _, b := range players {
			if _, err := b.readMail(ctx); err != nil {
				return err
			}
			done, err := b.actIn(ctx, t.ID)
			if err != nil {
				return err
			}
			over = over || done
		}
		if over {
			return nil
		}
		if err := pause(ctx, 100*time.Millisecond); err != nil {
			return err
		}
	}
}

// pause waits d, or less if ctx ends.
func pause(ctx context.Context, d time.Duration) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d):
		return nil
	}
}

// actIn moves (or resigns, at ply b.plies once everyone moved) in each game
// of tournament tid where it is the bot's turn. over reports that the
// tournament is over.
func (b *bot) actIn(ctx context.Context, tid int64) (over bool, err error) {
	type todo struct {
		cmd   string
		about int64
	}
	var cmds []todo
	err = b.db.Tx(ctx, func(tx *archive.Tx) error {
		t, err := tx.TournamentByID(tid)
		if err != nil {
			return err
		}
		if over = t.Status == archive.TournamentOver; over {
			return nil
		}
		me, err := tx.PlayerByName(b.name)
		if err != nil {
			return err
		}
		games, err := tx.TournamentGames(tid)
		if err != nil {
			return err
		}
		for _, tg := range games {
			row, err := tx.GameByID(tg.GameID)
			if err != nil {
				return err
			}
			if row.Status != archive.GameActive || !slices.Contains(row.Players, me.ID) {
				continue
			}
			moves, err := tx.Moves(row.ID)
			if err != nil {
				return err
			}
			all, err := everyoneMoved(tx, row)
			if err != nil {
				return err
			}
			_, number := game.MoveNumbers(moves)
			cmd, err := b.command(row, me.ID, number, row.Ply >= b.plies && all)
			if err != nil {
				return err
			}
			if cmd != "" {
				cmds = append(cmds, todo{cmd, row.ID})
			}
		}
		return nil
	})
	if err != nil || b.account == "" {
		return over, err
	}
	for _, c := range cmds {
		to := b.replyTo[c.about]
		if to == "" {
			to = b.account
		}
		if err := b.send(to, "autoplay", c.cmd); err != nil {
			return over, err
		}
	}
	return over, nil
}

// cupSummary is what the summary says of the demo's tournament: its games
// (their lines of the summary, by id, in games), the winner with the
// points, and the ratings of every list. ids are the tournament's games;
// none when there was no tournament.
func cupSummary(ctx context.Context, db *archive.DB, games map[int64]string) (ids []int64, text string, err error) {
	var t *archive.Tournament
	var lists []archive.Standing
	var names map[int64]string
	level := 0 // the bot's in the tournament's games
	err = db.Tx(ctx, func(tx *archive.Tx) error {
		if t, err = tx.TournamentByName(cupName); err != nil {
			return err
		}
		tgs, err := tx.TournamentGames(t.ID)
		if err != nil {
			return err
		}
		for _, tg := range tgs {
			ids = append(ids, tg.GameID)
		}
		for _, id := range ids {
			l, err := tx.BotLevel(id)
			if err != nil {
				return err
			}
			level = max(level, l)
		}
		if lists, err = tx.Standings(""); err != nil {
			return err
		}
		names, err = tx.PlayerNames()
		return err
	})
	if errors.Is(err, archive.ErrNotFound) {
		return nil, "", nil
	}
	if err != nil {
		return nil, "", err
	}
	var cup *view.Tournament
	if err := published.EachTournament(ctx, db, []int64{t.ID}, func(v *view.Tournament) error { cup = v; return nil }); err != nil {
		return nil, "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\nautoplay: the round robin %s (%s) by mail between alice, bob, carol and\nthe bot, every game rated (the three chose their moves at random; the bot\nplayed at level %d, the club's default)\n", cup.Name, cup.Title, level)
	for _, id := range ids {
		b.WriteString(games[id])
	}
	var points []string
	for _, s := range cup.Standings {
		points = append(points, s.Name+" "+strconv.FormatFloat(s.Points, 'f', -1, 64))
	}
	if cup.Winner != "" {
		fmt.Fprintf(&b, "%s is over: %s wins. Points: %s.\n", cup.Name, cup.Winner, strings.Join(points, ", "))
	} else {
		fmt.Fprintf(&b, "%s is %s. Points: %s.\n", cup.Name, cup.Status, strings.Join(points, ", "))
	}
	b.WriteString("\nRatings (Glicko-2; \"?\": provisional):\n")
	for i := 0; i < len(lists); {
		var row []string
		j := i
		for ; j < len(lists) && lists[j].List == lists[i].List; j++ {
			s := lists[j]
			row = append(row, published.RatedName(names[s.PlayerID], s.Level)+" "+rating.Rating{Rating: s.Rating, RD: s.RD}.String())
		}
		fmt.Fprintf(&b, "  %-16s %s\n", lists[i].List, strings.Join(row, ", "))
		i = j
	}
	return ids, b.String(), nil
}
