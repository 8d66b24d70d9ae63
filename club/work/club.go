package work

import (
	"fmt"
	"log/slog"
	"postal/site/explorer"
	"strings"
	"time"

	"postal/club/clock"
	"postal/club/reply"
	"postal/mailer/dkimproof"
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
	// Bot is the club's bot (bot.go); nil when the club has none.
	Bot *Bot
	// Books are the explorer's books that mails read ("explore"), kept
	// between mails; nil keeps none.
	Books *explorer.Shelf

	// Who may write and how much (club/accounts). AuthServID and
	// TrustAuthResults: the topmost Authentication-Results header proves a
	// sender only with both (the club's server removes forged ones).
	AuthServID       string
	TrustAuthResults bool
	DKIM             *dkimproof.Verifier // nil: the system's resolver
	DKIMMaxAge       time.Duration       // how old a proving signature may be
	// RateLimit is how many proven messages one address may send in an
	// hour; 0 or less, no limit.
	RateLimit int
	// StrangerRepliesPerHour caps the club's answers to mail that proves
	// nothing, all together, in an hour; 0 or less, no cap.
	StrangerRepliesPerHour int
	// InvitesPerDay is how many addresses of no player one player may
	// invite in a day; 0 or less, no limit.
	InvitesPerDay  int
	MaxMessageSize int64 // the largest mail read whole, in bytes

	Log *slog.Logger

	// Language is the club's command language (its command table): what
	// its mail reads, and writes in the commands an answer suggests (a
	// rematch, the command that mends an event's settings).
	Language *notation.Language

	// Clock is the club's clock, for what is done before a unit's
	// transaction begins (the DKIM check of an inbound mail); inside a
	// unit, Unit.Now is the time.
	Clock func() time.Time

	// Post renders a mail and queues it in the outbox, in the unit's
	// transaction: the club's mail adapter.
	Post func(u *Unit, m reply.Mail) error
	// Ratings and Events are what the games ask of the rooms above them
	// (ports.go): the ratings of a game that ends, its event, and what
	// comes next.
	Ratings Ratings
	Events  Events
	// PostPlain queues a plain-text answer to an inbound mail that proved
	// nothing (reply.Plain): no HTML part, no pictures.
	PostPlain func(u *Unit, m reply.Plain) error
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

// ReplyAddress is the club's reply address of token tok: club+TOK@host.
func (c *Club) ReplyAddress(tok string) string {
	return c.Local + c.TokenSeparator + tok + "@" + c.Host
}

// Send renders m and queues it: what every domain package calls to write to
// a player.
func (u *Unit) Send(m reply.Mail) error { return u.Club.Post(u, m) }

// SendPlain queues m, a plain answer to the unit's inbound mail.
func (u *Unit) SendPlain(m reply.Plain) error { return u.Club.PostPlain(u, m) }

// GameURL is the address of game id's page in the club's public archive
// (the path of site/pages.go's gamePath), for links in mail; "" when the
// club has none.
func (c *Club) GameURL(id int64) string {
	if c.SiteURL == "" {
		return ""
	}
	return fmt.Sprintf("%s/games/%d.html", strings.TrimRight(c.SiteURL, "/"), id)
}
