package work

import (
	"errors"
	"time"

	"postal/archive"
)

// Bot is the club's built-in opponent as the rooms see it: who it is and
// the limits on its games, settled from the club's configuration (the
// root's BotOptions, defaults filled in). Its search (levels, playouts,
// the loop that thinks) stays with the process that runs it; the
// challenges need it to name, seat and limit it, the ratings to rate it by
// level. Club.Bot is nil when the club has no bot.
type Bot struct {
	Name    string // its player name, lower case
	Address string // its address in the players table: a plus-address of the club's, never mailed
	// Level is the level of a challenge that names none, of the open
	// challenges it takes, and of its games that kept none.
	Level    int
	MaxLevel int // the strongest level a challenge may ask for
	// MaxGames is how many games it plays at once (0: no limit), and
	// GamesPerPlayer how many with one player (0: no limit).
	MaxGames       int
	GamesPerPlayer int
	// TakeOpen is how long an open challenge waits for a person before the
	// bot takes it; 0: it takes none.
	TakeOpen time.Duration
	// Player returns the bot's player, registering it on first need (an
	// account, which the root makes), or ErrBotName when a person holds
	// its name.
	Player func(u *Unit) (*archive.Player, error)
}

// ErrBotName is the bot's name taken by a person: the bot is off.
var ErrBotName = errors.New("club: the bot's name belongs to a registered player: choose another bots.name")

// Is reports whether p is the club's bot; never when the club has none
// (b nil).
func (b *Bot) Is(p *archive.Player) bool {
	return b != nil && p != nil && p.Address == b.Address
}

// BotName is the name of the club's bot; "" when it has none.
func (c *Club) BotName() string {
	if c.Bot == nil {
		return ""
	}
	return c.Bot.Name
}
