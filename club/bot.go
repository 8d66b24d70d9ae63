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
	"postal/club/games"
	"postal/club/reply"
	"postal/club/work"
	"postal/docs/words"
	"postal/engine"
	"postal/engine/search"
)

// BotOptions configure the club's built-in opponent (issue 19): a player
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
	// at once (issue 32: each costs the club's CPU on every move); 0 means
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

// isBot reports whether p is the club's bot.
func (s *Service) isBot(p *archive.Player) bool { return s.club.Bot.Is(p) }

// botPlayer returns the bot's player, registering it on first need.
func (s *Service) botPlayer(tx *archive.Tx, now time.Time) (*archive.Player, error) {
	p, err := tx.PlayerByName(s.opt.Bot.name())
	switch {
	case err == nil && s.isBot(p):
		return p, nil
	case err == nil:
		return nil, work.ErrBotName
	case !errors.Is(err, archive.ErrNotFound):
		return nil, err
	}
	// Its key is never told: the bot sends no mail.
	return tx.AddPlayer(s.opt.Bot.name(), s.botAddress(), hashKey(archive.NewSecret(20)), now)
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

// botChallenge checks a challenge to the bot at level (0: the default) by
// player before it is made: the bot is on, plays at that level, has room
// for another game, and player for another game with it. It returns the
// level to play at.
func (w *job) botChallenge(bot, player *archive.Player, level int) (int, error) {
	o := w.s.opt.Bot
	if level == 0 {
		level = o.level()
	}
	if level < 1 || level > o.maxLevel() {
		return 0, reply.Refuse(fmt.Sprintf("%s plays at levels 1 to %d, not %d", bot.Name, o.maxLevel(), level), "Level 1 is the weakest.")
	}
	if o.MaxGames > 0 {
		games, err := w.Tx.GamesOf(bot.ID)
		if err != nil {
			return 0, err
		}
		if len(games) >= o.MaxGames {
			return 0, reply.Refuse(fmt.Sprintf("%s plays as many games as it may (%d)", bot.Name, len(games)), "Try again when one of them has ended.")
		}
	}
	if limit := o.gamesPerPlayer(); limit > 0 && player != nil {
		n, err := w.botGamesOf(bot, player)
		if err != nil {
			return 0, err
		}
		if n >= limit {
			return 0, reply.Refuse(fmt.Sprintf("you play %s with %s already, as many as one may at once", words.Count(n, "game", "games"), bot.Name),
				"Nothing was done: each of the bot's moves costs the club's computer some thought, so a player has a few such games at once. Challenge it again when one of them has ended, or challenge a person.")
		}
	}
	return level, nil
}

// botGamesOf counts the games player plays with bot, and their open
// challenges that name it.
func (w *job) botGamesOf(bot, player *archive.Player) (int, error) {
	games, err := w.Tx.GamesOf(player.ID)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, g := range games {
		if slices.Contains(g.Players, bot.ID) {
			n++
		}
	}
	chs, err := w.Tx.OpenChallenges(player.ID)
	if err != nil {
		return 0, err
	}
	for _, ch := range chs {
		if ch.ChallengerID == player.ID && slices.ContainsFunc(ch.Seats, func(st archive.ChallengeSeat) bool { return st.PlayerID == bot.ID }) {
			n++
		}
	}
	return n, nil
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
		w := &job{s: s, Unit: &work.Unit{Club: s.club, Tx: tx, Now: now, Actor: bot}}
		if err := w.botTakesOpen(bot); err != nil {
			return err
		}
		playing, err := games.Of(w.Unit, bot)
		if err != nil {
			return err
		}
		for _, gs := range playing {
			side := gs.Side(bot)
			if !engine.Acts(gs.Pos, side) {
				if !gs.Row.Flagged.IsZero() {
					// The opponent ran out of time and the club
					// lets the winner claim: the bot claims, as a
					// person would.
					var ue *reply.Refusal
					if err := games.ClaimTime(w.Unit, gs, side); err != nil && !errors.As(err, &ue) {
						return err
					}
				}
				continue
			}
			level, err := tx.BotLevel(gs.Row.ID)
			if err != nil {
				return err
			}
			if level == 0 {
				level = s.opt.Bot.level()
			}
			turns = append(turns, botTurn{game: gs.Row.ID, ply: gs.Pos.Ply(), side: side, level: level, pos: gs.Pos})
		}
		return games.FlushNotices(w.Unit)
	})
	return turns, err
}

// botTakesOpen accepts, for the bot, the open challenges older than
// TakeOpen, while it has room for more games: a two-player one starts at
// once; in one of more, the bot takes an open seat (its acceptance may be
// the last, which starts the game).
func (w *job) botTakesOpen(bot *archive.Player) error {
	o := w.s.opt.Bot
	if o.TakeOpen <= 0 {
		return nil
	}
	chs, err := w.Tx.OpenChallenges(bot.ID)
	if err != nil {
		return err
	}
	for _, ch := range chs {
		seated := slices.ContainsFunc(ch.Seats, func(st archive.ChallengeSeat) bool { return st.PlayerID == bot.ID })
		if ch.ChallengerID == bot.ID || w.Now.Sub(ch.Created) < o.TakeOpen || seated || !slices.ContainsFunc(ch.Seats, archive.ChallengeSeat.Open) {
			continue
		}
		var ue *reply.Refusal
		if _, err := w.botChallenge(bot, nil, 0); errors.As(err, &ue) {
			return nil // no room for more games
		} else if err != nil {
			return err
		}
		challenger, err := w.Tx.PlayerByID(ch.ChallengerID)
		if err != nil {
			return err
		}
		if n, err := w.botGamesOf(bot, challenger); err != nil {
			return err
		} else if limit := o.gamesPerPlayer(); limit > 0 && n >= limit {
			continue // the challenger plays as many games with the bot as one may
		}
		gs, err := w.takeSeat(ch, bot)
		if errors.As(err, &ue) {
			w.s.log.Warn("club: the bot cannot take a seat", "challenge", ch.ID, "err", err)
			continue
		}
		if err != nil || gs == nil {
			return err
		}
		if err := w.Tx.SetBotLevel(gs.Row.ID, o.level()); err != nil {
			return err
		}
		w.s.log.Info("club: the bot took an open challenge", "game", gs.Row.ID, "game_type", ch.Game)
	}
	return nil
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
		w := &job{s: s, Unit: &work.Unit{Club: s.club, Tx: tx, Now: now, Actor: bot}}
		gs, err := games.Load(w.Unit, t.game)
		if err != nil {
			return err
		}
		if gs.Row.Status != archive.GameActive || gs.Pos.Ply() != t.ply || gs.Side(bot) != t.side || !engine.Acts(gs.Pos, t.side) {
			return errStaleTurn
		}
		mv, err := gs.Play(t.side, move, w.Now, w.MsgID)
		if err != nil {
			return fmt.Errorf("club: the bot's move %s in game %d: %w", move, t.game, err)
		}
		if err := games.Commit(w.Unit, gs, mv); err != nil {
			return err
		}
		return games.FlushNotices(w.Unit)
	})
}
