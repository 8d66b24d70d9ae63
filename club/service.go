package club

import (
	"context"
	"errors"
	"fmt"
	"html/template"
	"log/slog"
	"postal/site/explorer"
	"strings"
	texttemplate "text/template"
	"time"

	"postal/archive"
	"postal/club/accounts"
	"postal/club/clock"
	"postal/club/games"
	"postal/club/ratings"
	"postal/club/tournaments"
	"postal/club/work"
	"postal/mailer"
	"postal/mailer/dkimproof"
	"postal/templates"
)

// Options configures a Service. The zero value of each field says what it
// does when unset.
type Options struct {
	// Address is the club's own address, e.g. "postal@demo.test". Required.
	// Replies go out from it; mail from it (or any plus-address of it) is
	// recorded and never answered.
	Address string
	// Name is the display name on outgoing mail; "postal" when empty.
	Name string
	// TokenSeparator joins the local part and a player's secret token in the
	// Reply-To plus-address (club+TOKEN@host); "+" when empty.
	TokenSeparator string
	// AuthServID is the authserv-id of the club's own mail server, and
	// TrustAuthResults states that the server removes every
	// Authentication-Results header of that id a mail arrives with. Only
	// with both is the topmost Authentication-Results header read: when it
	// has that id and reports dkim or dmarc pass for the From domain, it
	// proves the sender (club/accounts). Otherwise the headers are never
	// trusted: a mail carries whatever headers its sender wrote.
	AuthServID       string
	TrustAuthResults bool
	// DKIM checks the DKIM signatures of mail from registered addresses: one
	// that verifies and is aligned with the From domain proves the sender.
	// nil checks them with the system's resolver.
	DKIM *dkimproof.Verifier
	// DKIMMaxAge is how old a signature may be and still prove its mail
	// (its t=, by Now); 0 means dkimproof.DefaultMaxAge, a week.
	DKIMMaxAge time.Duration
	// RateLimit is how many messages one sender may send per hour; past it
	// the messages are recorded and not applied. 0 means 60; negative means
	// no limit.
	RateLimit int
	// StrangerRepliesPerHour caps the replies to addresses of no player, all
	// together, in any hour (club/accounts); 0 means 30, negative no cap.
	StrangerRepliesPerHour int
	// InvitesPerDay is how many addresses of no player one player may
	// invite in a day; 0 means 10, negative no limit.
	InvitesPerDay int
	// MaxMessageSize is the watcher's limit on mail read whole, for the
	// answer to a mail over it; 0 means 1 MiB.
	MaxMessageSize int64
	// SiteURL is the public archive's address, for links in mail; none when
	// empty.
	SiteURL string
	// Control is the time control of a challenge that names none; the zero
	// value means clock.Default, 3 days per move.
	Control clock.Control
	// ReminderPoints are when [Service.Tick] reminds the player to move,
	// relative to the start and the deadline of their turn; nil means
	// clock.DefaultPoints (24 h after the turn began, 24 h and 2 h before
	// the deadline). An empty, non-nil slice sends no reminders.
	ReminderPoints []clock.Point
	// Timeout is what happens when a player runs out of time: "auto" (the
	// game is lost on time) or "claim" (the opponent is told and may write
	// "claim ID"). "" means auto.
	Timeout string
	// VacationAllowance is the vacation a player may take in any 365 days;
	// 0 means clock.DefaultAllowance (30 days).
	VacationAllowance time.Duration
	// CatchUp is how many games' clock work [Service.Tick] does a second at
	// most when many are due at once (after downtime), so that reminders
	// go out gradually; 0 means 20.
	CatchUp int
	// TalkLinesPerDay caps the lines a player's messages ("say") to one
	// game may have in a day, so one player cannot flood the others' mail;
	// 0 means 20, negative no cap.
	TalkLinesPerDay int
	// HideMessages keeps what players say in a game ("say") out of its
	// record, by mail and on the site, even once the game is over; by
	// default they are shown then, as each player allows.
	HideMessages bool
	// Admins are the names of the players who direct every tournament
	// besides each one's organiser (config [club] admins).
	Admins []string
	// RoundDays is how long a Swiss round may last; 0 means no limit (a
	// round starts when the last game of the one before ends). At the
	// deadline the round's unfinished games are scored as RoundUnfinished
	// says: "director" (the default: the director is asked to adjudicate
	// them) or "draw".
	RoundDays       int
	RoundUnfinished string
	// EventLapseDays is how long an open tournament whose director left
	// it waits for an entry before it lapses, so no event is left open
	// with no one to run it; 0 means 30,
	// negative never.
	EventLapseDays int
	// Bot is the club's built-in opponent; nil means the club has none, and
	// a challenge to its name is refused (see BotOptions).
	Bot *BotOptions
	// Now is the clock; time.Now when nil.
	Now func() time.Time
	// Log receives what the service does; slog.Default() when nil.
	Log *slog.Logger
}

// DefaultEventLapseDays is how long an open tournament whose director left
// it waits for an entry (Options.EventLapseDays): a month, as a
// correspondence club's entries come in over weeks.
const DefaultEventLapseDays = 30

// Service handles inbound mail for a club.
type Service struct {
	db    *archive.DB
	club  *work.Club // what every unit of work knows of the club
	opt   Options
	local string // the local part of Address
	host  string // the domain of Address
	log   *slog.Logger
	text  *texttemplate.Template
	html  *template.Template
}

// New returns a service over db.
func New(db *archive.DB, opt Options) (*Service, error) {
	local, host, ok := strings.Cut(strings.ToLower(opt.Address), "@")
	if !ok || local == "" || host == "" {
		return nil, fmt.Errorf("club: the club address %q is not an address", opt.Address)
	}
	if opt.Name == "" {
		opt.Name = "postal"
	}
	if opt.TokenSeparator == "" {
		opt.TokenSeparator = "+"
	}
	if opt.RateLimit == 0 {
		opt.RateLimit = 60
	}
	if opt.StrangerRepliesPerHour == 0 {
		opt.StrangerRepliesPerHour = 30
	}
	if opt.EventLapseDays == 0 {
		opt.EventLapseDays = DefaultEventLapseDays
	}
	if opt.InvitesPerDay == 0 {
		opt.InvitesPerDay = 10
	}
	if opt.MaxMessageSize <= 0 {
		opt.MaxMessageSize = 1 << 20
	}
	if opt.Control == (clock.Control{}) {
		opt.Control = clock.Default
	}
	if opt.ReminderPoints == nil {
		opt.ReminderPoints = clock.DefaultPoints
	}
	switch opt.Timeout {
	case "":
		opt.Timeout = "auto"
	case "auto", "claim":
	default:
		return nil, fmt.Errorf("club: timeout %q is neither auto nor claim", opt.Timeout)
	}
	switch opt.RoundUnfinished {
	case "":
		opt.RoundUnfinished = "director"
	case "director", "draw":
	default:
		return nil, fmt.Errorf("club: round_unfinished %q is neither director nor draw", opt.RoundUnfinished)
	}
	if opt.VacationAllowance == 0 {
		opt.VacationAllowance = clock.DefaultAllowance
	}
	if opt.TalkLinesPerDay == 0 {
		opt.TalkLinesPerDay = games.TalkLinesPerDay
	}
	if opt.DKIMMaxAge <= 0 {
		opt.DKIMMaxAge = dkimproof.DefaultMaxAge
	}
	if opt.CatchUp <= 0 {
		opt.CatchUp = 20
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.Log == nil {
		opt.Log = slog.Default()
	}
	opt.Address = local + "@" + host
	s := &Service{db: db, opt: opt, local: local, host: host, log: opt.Log}
	s.club = &work.Club{
		Address: opt.Address, Local: local, Host: host, Name: opt.Name, SiteURL: opt.SiteURL, TokenSeparator: opt.TokenSeparator,
		Control: opt.Control, ReminderPoints: opt.ReminderPoints, Timeout: opt.Timeout, VacationAllowance: opt.VacationAllowance,
		TalkLinesPerDay: opt.TalkLinesPerDay, HideMessages: opt.HideMessages, Admins: opt.Admins,
		RoundDays: opt.RoundDays, RoundUnfinished: opt.RoundUnfinished, EventLapseDays: opt.EventLapseDays,
		AuthServID: opt.AuthServID, TrustAuthResults: opt.TrustAuthResults, DKIM: opt.DKIM, DKIMMaxAge: opt.DKIMMaxAge,
		RateLimit: opt.RateLimit, StrangerRepliesPerHour: opt.StrangerRepliesPerHour, InvitesPerDay: opt.InvitesPerDay, MaxMessageSize: opt.MaxMessageSize,
		Log: opt.Log, Clock: opt.Now, Post: s.post, PostPlain: s.postPlain, Language: language, Ratings: ratings.Lists{}, Events: tournaments.Events{},
		Books: &explorer.Shelf{},
	}
	if b := opt.Bot; b != nil {
		s.club.Bot = &work.Bot{Name: b.name(), Address: s.botAddress(), Level: b.level(), MaxLevel: b.maxLevel(),
			MaxGames: b.MaxGames, GamesPerPlayer: max(b.gamesPerPlayer(), 0), TakeOpen: b.TakeOpen,
			Player: func(u *work.Unit) (*archive.Player, error) { return s.botPlayer(u.Tx, u.Now) }}
	}
	var err error
	if s.text, err = texttemplate.New("mail.txt").Funcs(textFuncs).ParseFS(templates.Mail, "mail/mail.txt"); err != nil {
		return nil, fmt.Errorf("club: %w", err)
	}
	if s.html, err = template.New("mail.html").Funcs(htmlFuncs).ParseFS(templates.Mail, "mail/mail.html"); err != nil {
		return nil, fmt.Errorf("club: %w", err)
	}
	return s, nil
}

// Error is what Handle returns when it could not handle a message: Err, a
// permanent failure when it wraps mailer.ErrPermanent (see permanent), which
// the watcher moves to the failed mailbox, else one it tries again later.
// In both cases nothing of the message was applied.
type Error struct {
	MessageID string
	Err       error
}

func (e *Error) Error() string {
	return fmt.Sprintf("club: message %s: %v", e.MessageID, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// IsPermanent reports whether err means the message can never be handled.
func IsPermanent(err error) bool { return errors.Is(err, mailer.ErrPermanent) }

// permanent marks err, inside a transaction, as one retrying cannot cure (a
// bug in a template, a game that refuses its own stored position): it wraps
// mailer.ErrPermanent, the one mark of a permanent failure, which the
// watcher reads through any wrapping.
func permanent(err error) error { return work.Permanent(err) }

// errNoFurther rolls back the handling of a copy of a mail handled before
// that got no further than it (accounts.Further).
var errNoFurther = errors.New("club: a copy of a mail handled, that does no more")

// Handle does everything one inbound message asks, in one transaction: it
// records the message (once: a Message-ID seen before is skipped), applies
// its commands in order, and writes one reply plus any notices to the
// outbox. On error nothing is changed.
func (s *Service) Handle(ctx context.Context, in *mailer.Inbound) error {
	if in.MessageID == "" {
		return &Error{Err: permanent(errors.New("message has no Message-ID (the mailer must supply a hash)"))}
	}
	now := s.opt.Now().UTC()
	var outcome string
	dkim := accounts.SenderDKIM(ctx, s.db, s.club, in) // before the transaction: it may ask DNS
	apply := func() error {
		return s.db.Tx(ctx, func(tx *archive.Tx) error {
			seen, key, before, err := accounts.SeenBefore(tx, in, dkim, now)
			if err != nil {
				return err
			}
			if seen {
				outcome = "duplicate"
				return nil
			}
			h := &handling{job: &job{s: s, Unit: &work.Unit{Club: s.club, Tx: tx, Now: now, MsgID: in.MessageID}}, in: in, proof: accounts.NewProof(in, dkim), key: key}
			err = h.run()
			outcome = h.outcome
			if err == nil && before != nil && !accounts.Further(before, h.outcome, h.proof) {
				// A copy of a mail handled that does no more than it
				// did: nothing of it is kept, nor sent.
				outcome = "duplicate"
				return errNoFurther
			}
			return err
		})
	}
	err := apply()
	if archive.IsFull(err) {
		err = s.whenFull(ctx, in, apply) // full.go
	}
	if errors.Is(err, errNoFurther) {
		err = nil
	}
	if err != nil {
		s.log.Error("club: handling failed", "message", in.MessageID, "from", in.From, "permanent", IsPermanent(err), "err", err)
		return &Error{MessageID: in.MessageID, Err: err}
	}
	s.log.Info("club: handled", "message", in.MessageID, "from", in.From, "outcome", outcome)
	return nil
}
