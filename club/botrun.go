package club

import (
	"context"
	"errors"
	"sync"
	"time"

	"postal/club/work"
	"postal/engine/search"
)

// Bot is the club's bot at work: a loop that finds the games waiting for
// the bot in the archive and thinks about each beside the daemon's other
// loops, at most AtOnce at a time, each search on its own goroutine (one
// core). Nothing of its work lives only in memory: a game waiting for the
// bot is found again in the archive after a restart, and a move is played
// only if its game is still at the ply the bot thought about, so it counts
// once.
type Bot struct {
	s      *Service
	opt    *BotOptions
	onMove func()
	wake   chan struct{}
	slots  chan struct{} // a token per search running

	mu       sync.Mutex
	thinking map[int64]bool // games being thought about
}

// NewBot returns the service's bot, or nil when the club has none
// (Options.Bot nil). onMove, when set, is called after each move the bot
// played (the daemon wakes its sender and the site).
func (s *Service) NewBot(onMove func()) *Bot {
	if s.opt.Bot == nil {
		return nil
	}
	return &Bot{s: s, opt: s.opt.Bot, onMove: onMove, wake: make(chan struct{}, 1),
		slots: make(chan struct{}, s.opt.Bot.atOnce()), thinking: map[int64]bool{}}
}

// Wake has the bot look for work now: a handled message may have started a
// game with it or moved in one.
func (b *Bot) Wake() {
	select {
	case b.wake <- struct{}{}:
	default:
	}
}

// botRecheck is the longest the bot sleeps between looks at the archive:
// an open challenge that has waited long enough is taken within it.
const botRecheck = time.Minute

// Run looks for work, starts a search for each game waiting (as slots
// allow), and sleeps until woken or botRecheck passes. When ctx ends it
// stops every search and returns once they have.
func (b *Bot) Run(ctx context.Context) error {
	var wg sync.WaitGroup
	defer wg.Wait()
	for {
		turns, err := b.s.botTurns(ctx)
		switch {
		case errors.Is(err, work.ErrBotName):
			b.s.log.Error("club: the bot is off", "name", b.opt.name(), "err", err)
			return nil
		case err != nil && ctx.Err() == nil:
			b.s.log.Error("club: the bot cannot look for its games", "err", err)
		}
		for _, t := range turns {
			if !b.claim(t.game) {
				continue
			}
			select {
			case b.slots <- struct{}{}:
			default:
				b.release(t.game) // every slot busy: a later look finds it again
				continue
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer func() {
					<-b.slots
					b.release(t.game)
					b.Wake() // a slot is free: look for waiting games
				}()
				b.think(ctx, t)
			}()
		}
		timer := time.NewTimer(botRecheck)
		select {
		case <-ctx.Done():
			timer.Stop()
			return nil
		case <-b.wake:
		case <-timer.C:
		}
		timer.Stop()
	}
}

// claim marks game as being thought about; false when it already is.
func (b *Bot) claim(game int64) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.thinking[game] {
		return false
	}
	b.thinking[game] = true
	return true
}

func (b *Bot) release(game int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.thinking, game)
}

// think searches the move of t and plays it.
func (b *Bot) think(ctx context.Context, t botTurn) {
	log := b.s.log.With("game", t.game, "ply", t.ply, "level", t.level)
	log.Info("club: the bot thinks")
	r, err := search.Search(ctx, t.pos, t.side, b.opt.search(t.game, t.ply, t.level))
	if err != nil {
		if ctx.Err() == nil {
			log.Error("club: the bot found no move", "err", err)
		}
		return
	}
	switch err := b.s.botMove(ctx, t, r.Move.String()); {
	case errors.Is(err, errStaleTurn):
		log.Info("club: the bot's move came too late", "move", r.Move)
	case err != nil:
		if ctx.Err() == nil {
			log.Error("club: the bot's move was not played", "move", r.Move, "err", err)
		}
	default:
		log.Info("club: the bot moved", "move", r.Move, "playouts", r.Iterations, "elapsed", r.Elapsed.Round(time.Millisecond))
		if b.onMove != nil {
			b.onMove()
		}
	}
}
