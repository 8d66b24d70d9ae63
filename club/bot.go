package club

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"time"

	"postal/archive"
	"postal/club/accounts"
	"postal/club/challenges"
	"postal/club/games"
	"postal/club/reply"
	"postal/club/work"
	"postal/engine"
	"postal/engine/search"
)

// BotOptions configure the club's built-in opponent: a player
// of every game, which anyone may challenge by name ("challenge bot GAME
// [RULESET] [level N]") and which may take open challenges. The zero value
// of each field says what it does when unset.
type BotOptions struct {
	// Name is the bot's player name; "bot" when empty. A person registered
	// under that name keeps it: the bot does not play then, and says so in
	// the log.
	Name string
	// Level is the level of a challenge that names none, and of the open
	// challenges the bot takes; 0 means search.DefaultLevel.
	Level int
	// MaxLevel is the strongest level a challenge may ask for; 0 means
	// search.MaxLevel.
	MaxLevel int
	// Iterations, when set, replaces the playouts a move of each level
	// thinks, weakest first; levels past its end keep search's. Nil keeps
	// every level as the strength table measured it.
	Iterations []int
	// MaxTime caps the thought on one move (its best move so far is
	// played then, which is no longer reproducible); 0 means no cap: the
	// level's playouts alone bound it.
	MaxTime time.Duration
	// AtOnce is how many games the bot thinks about at once, each on one
	// core; 0 means half of GOMAXPROCS, at least one. Further games wait
	// their turn.
	AtOnce int
	// MaxGames is how many games the bot plays at once; a challenge past
	// it is refused, and no open challenge taken. 0 means no limit.
	MaxGames int
	// GamesPerPlayer is how many games one player may play with the bot
	// at once (each costs the club's CPU on every move, so one player could
	// otherwise take it all); 0 means
	// DefaultBotGamesPerPlayer, negative no limit.
	GamesPerPlayer int
	// TakeOpen is how long an open challenge waits for a person before
	// the bot takes it; 0 means the bot takes none.
	TakeOpen time.Duration
}

// botName is the bot's player name.
func (o *BotOptions) name() string {
	if o.Name == "" {
		return "bot"
	}
	return strings.ToLower(o.Name)
}

// DefaultBotGamesPerPlayer is BotOptions.GamesPerPlayer when unset.
const DefaultBotGamesPerPlayer = 5

func (o *BotOptions) gamesPerPlayer() int {
	if o.GamesPerPlayer == 0 {
		return DefaultBotGamesPerPlayer
	}
	return o.GamesPerPlayer
}

func (o *BotOptions) level() int {
	if o.Level == 0 {
		return search.DefaultLevel
	}
	return o.Level
}

func (o *BotOptions) maxLevel() int {
	if o.MaxLevel == 0 || o.MaxLevel > search.MaxLevel {
		return search.MaxLevel
	}
	return o.MaxLevel
}

// Settled is who the bot is and how it plays once the defaults are
// filled in: its player name, the level of a challenge naming none, the
// strongest level (postal check says them).
func (o *BotOptions) Settled() (name string, level, maxLevel int) {
	return o.name(), o.level(), o.maxLevel()
}

func (o *BotOptions) atOnce() int {
	if o.AtOnce > 0 {
		return o.AtOnce
	}
	return max(1, runtime.GOMAXPROCS(0)/2)
}

// search is the searcher's budget for a move of game at ply, at level.
// The seed depends on the game and the ply only, so the bot chooses the
// same move again after a restart (unless MaxTime cut it short).
func (o *BotOptions) search(game int64, ply, level int) search.Options {
	opt := search.Options{Level: level, MaxTime: o.MaxTime, Seed: uint64(game)*0x9e3779b97f4a7c15 ^ uint64(ply)}
	if level >= 1 && level <= len(o.Iterations) && o.Iterations[level-1] > 0 {
		opt.Iterations = o.Iterations[level-1]
	}
	return opt
}

// botAddress is the bot's address in the players table: a plus-address of
// the club's own, which no person can register and postal never mails
// (mail from it would be postal's own, and never answered).
func (s *Service) botAddress() string {
	return s.local + s.opt.TokenSeparator + "bot." + s.opt.Bot.name() + "@" + s.host
}

// botPlayer returns the bot's player, registering it on first need.
func (s *Service) botPlayer(tx *archive.Tx, now time.Time) (*archive.Player, error) {
	p, err := tx.PlayerByName(s.opt.Bot.name())
	switch {
	case err == nil && s.club.Bot.Is(p):
		return p, nil
	case err == nil:
		return nil, work.ErrBotName
	case !errors.Is(err, archive.ErrNotFound):
		return nil, err
	}
	// Its key is never told: the bot sends no mail.
	return tx.AddPlayer(s.opt.Bot.name(), s.botAddress(), accounts.HashKey(archive.NewSecret(20)), now)
}

// botTurn is what the club's bot must do: move in game at ply as side,
// at level, from pos.
type botTurn struct {
	game  int64
	ply   int
	side  engine.Player
	level int
	pos   engine.Position
}

// botTurns lists the games where the bot must act now, and takes the open
// challenges that waited TakeOpen for a person.
func (s *Service) botTurns(ctx context.Context) ([]botTurn, error) {
	now := s.opt.Now().UTC()
	var turns []botTurn
	err := s.db.Tx(ctx, func(tx *archive.Tx) error {
		bot, err := s.botPlayer(tx, now)
		if err != nil {
			return err
		}
		u := &work.Unit{Club: s.club, Tx: tx, Now: now, Actor: bot}
		if err := challenges.BotTakesOpen(u, bot); err != nil {
			return err
		}
		// The bot looks at every game it plays after every change, so it
		// reads each game's row and position only: a game's players,
		// moves and event are loaded for the few it acts in.
		rows, err := tx.GamesOf(bot.ID)
		if err != nil {
			return err
		}
		for _, row := range rows {
			side := engine.Player(slices.Index(row.Players, bot.ID))
			pos, err := games.PositionOf(row)
			if err != nil {
				return err
			}
			if !engine.Acts(pos, side) {
				if !row.Flagged.IsZero() {
					// The opponent ran out of time and the club
					// lets the winner claim: the bot claims, as a
					// person would.
					gs, err := games.LoadRow(u, row)
					if err != nil {
						return err
					}
					var ue *reply.Refusal
					if err := games.ClaimTime(u, gs, side); err != nil && !errors.As(err, &ue) {
						return err
					}
				}
				continue
			}
			level, err := tx.BotLevel(row.ID)
			if err != nil {
				return err
			}
			if level == 0 {
				level = s.opt.Bot.level()
			}
			turns = append(turns, botTurn{game: row.ID, ply: pos.Ply(), side: side, level: level, pos: pos})
		}
		return games.FlushNotices(u)
	})
	return turns, err
}

// errStaleTurn is a bot move for a game that has moved on (a move made
// before a restart, or the game ended meanwhile): it is not played.
var errStaleTurn = errors.New("club: the game has moved on since the bot began to think")

// botMove plays the bot's move in the game of t, through the path a
// player's move by mail takes (the move log, the clock, the notices, the
// game's end), provided the game is still where the bot found it: a move
// for a ply already played is refused, so the bot's move counts once.
func (s *Service) botMove(ctx context.Context, t botTurn, move string) error {
	now := s.opt.Now().UTC()
	return s.db.Tx(ctx, func(tx *archive.Tx) error {
		bot, err := s.botPlayer(tx, now)
		if err != nil {
			return err
		}
		u := &work.Unit{Club: s.club, Tx: tx, Now: now, Actor: bot}
		gs, err := games.Load(u, t.game)
		if err != nil {
			return err
		}
		if gs.Row.Status != archive.GameActive || gs.Pos.Ply() != t.ply || gs.Side(bot) != t.side || !engine.Acts(gs.Pos, t.side) {
			return errStaleTurn
		}
		mv, err := gs.Play(t.side, move, u.Now, u.MsgID)
		if err != nil {
			return fmt.Errorf("club: the bot's move %s in game %d: %w", move, t.game, err)
		}
		if err := games.Commit(u, gs, mv); err != nil {
			return err
		}
		return games.FlushNotices(u)
	})
}
