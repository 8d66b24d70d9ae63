package work

import (
	"log/slog"
	"strings"
	"time"

	"postal/archive"
	"postal/club/clock"
	"postal/club/reply"
	"postal/notation"
)

// Club is what every unit of work knows of the club it changes: its
// settings, as the service was configured (club.Options, defaults filled
// in), and the ports to what lies above the domain packages. One Club
// serves every unit of a service.
type Club struct {
	Address string // the club's own address, lower case: "postal@club.example"
	Local   string // its local part
	Host    string // its domain
	Name    string // the display name of its mail
	// TokenSeparator joins the local part and a token in a reply address
	// (club+TOKEN@host).
	TokenSeparator string
	SiteURL        string // the public archive, for links in mail; "" for none

	Control           clock.Control // of a challenge that names none
	ReminderPoints    []clock.Point
	Timeout           string // "auto" or "claim"
	VacationAllowance time.Duration
	TalkLinesPerDay   int
	HideMessages      bool
	Admins            []string
	RoundDays         int
	RoundUnfinished   string // "director" or "draw"
	EventLapseDays    int

	Log *slog.Logger

	// Language is the club's command language (its command table): what
	// its mail reads, and writes in the commands an answer suggests (a
	// rematch, the command that mends an event's settings).
	Language *notation.Language

	// Bot is the club's bot as a player, registered on first need; nil
	// when the club has none.
	Bot func(u *Unit) (*archive.Player, error)

	// Post renders a mail and queues it in the outbox, in the unit's
	// transaction: the club's mail adapter.
	Post func(u *Unit, m reply.Mail) error
	// Ratings and Events are what the games ask of the rooms above them
	// (ports.go): the ratings of a game that ends, its event, and what
	// comes next.
	Ratings Ratings
	Events  Events
}

// IsOwn reports whether addr is the club's address or a plus-address of it
// (club+anything@host): mail from it is the club's own, never answered.
func (c *Club) IsOwn(addr string) bool {
	local, host, ok := strings.Cut(strings.ToLower(addr), "@")
	if !ok || host != c.Host {
		return false
	}
	return local == c.Local || strings.HasPrefix(local, c.Local+c.TokenSeparator)
}

// Send renders m and queues it: what every domain package calls to write to
// a player.
func (u *Unit) Send(m reply.Mail) error { return u.Club.Post(u, m) }
