package main

import (
	"errors"
	"fmt"
	"net"
	"net/mail"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"postal/club"
	"postal/club/clock"
	"postal/engine/search"
	"postal/mailer"
	"postal/notation"
)

// Config is postal.toml, the daemon's one config file. postal.example.toml
// documents every field. Passwords never live only in the file: each comes
// from a file (password_file) or an environment variable (password_env).
type Config struct {
	Database string       `toml:"database"` // SQLite file
	Club     ClubConfig   `toml:"club"`
	IMAP     MailServer   `toml:"imap"`
	SMTP     MailServer   `toml:"smtp"`
	Site     SiteConfig   `toml:"site"`
	Clock    ClockConfig  `toml:"clock"`
	Bots     BotsConfig   `toml:"bots"`
	OAuth2   OAuth2Config `toml:"oauth2"` // logins by OAuth2 ([imap] and [smtp] auth)

	// now is the daemon's clock: nil means the wall clock; the demo sets a
	// sped-up one (--time-scale), timeScale times faster than the wall.
	now       func() time.Time
	timeScale float64
	// maxPages, when set, caps the database at that many pages, as a full
	// disk would (the integration tests' full-disk episode).
	maxPages int64
}

// ClockConfig is the club's rules of time: every field has a default.
type ClockConfig struct {
	Default      string `toml:"default"`       // time control of a challenge naming none: "days 3", "bank 7+1/14", "none"
	Reminders    string `toml:"reminders"`     // reminder points: "after 24h, before 24h, before 2h", or "none"
	Timeout      string `toml:"timeout"`       // "auto": lost on time; "claim": the opponent may claim
	VacationDays int    `toml:"vacation_days"` // vacation allowed in any 365 days; 0 means 30
	CatchUp      int    `toml:"catch_up"`      // games whose clock work is done a second at most when many are due; 0 means 20
}

// clubClock turns the [clock] section into the club's options.
func (c ClockConfig) clubClock() (ctl clock.Control, points []clock.Point, err error) {
	if c.Default != "" {
		if ctl, err = clock.ParseControl(c.Default); err != nil {
			return ctl, nil, badSetting("clock.default", "clock.default: %v", err)
		}
	}
	switch c.Reminders {
	case "":
	case "none":
		points = []clock.Point{}
	default:
		if points, err = clock.ParsePoints(c.Reminders); err != nil {
			return ctl, nil, badSetting("clock.reminders", "clock.reminders: %v", err)
		}
	}
	return ctl, points, nil
}

// BotsConfig is the club's built-in opponent: on unless
// enabled = false, at its defaults when the config has no [bots] (issue
// 34: the guide's config had none, and the bot the docs promise was
// missing); every other field has a default (postal.example.toml).
type BotsConfig struct {
	Enabled    *bool    `toml:"enabled"`    // false: no bot, and challenges to it are refused; unset: the bot plays
	Name       string   `toml:"name"`       // its player name; "" means bot
	Level      int      `toml:"level"`      // a challenge naming no level, and open challenges; 0 means 2
	MaxLevel   int      `toml:"max_level"`  // the strongest level one may ask for; 0 means 4
	Iterations []int    `toml:"iterations"` // playouts a move at levels 1, 2, ...; empty: the strength table's
	MaxTime    Duration `toml:"max_time"`   // cap on one move's thought; 0: none (reproducible moves)
	AtOnce     int      `toml:"at_once"`    // games thought about at once; 0 means half the cores, at least 1
	MaxGames   int      `toml:"max_games"`  // games the bot plays at once; 0: no limit
	// GamesPerPlayer is how many games one player may play with the bot at
	// once; 0 means 5, negative no limit.
	GamesPerPlayer int      `toml:"games_per_player"`
	TakeOpen       Duration `toml:"take_open"` // take an open challenge that waited this long; 0: never
}

// options turns the [bots] section into the club's; nil when the bot is
// off.
func (b BotsConfig) options() *club.BotOptions {
	if !b.on() {
		return nil
	}
	return &club.BotOptions{Name: b.Name, Level: b.Level, MaxLevel: b.MaxLevel, Iterations: b.Iterations,
		MaxTime: b.MaxTime.Duration, AtOnce: b.AtOnce, MaxGames: b.MaxGames, GamesPerPlayer: b.GamesPerPlayer, TakeOpen: b.TakeOpen.Duration}
}

// on reports whether the club has its bot: unless enabled = false.
func (b BotsConfig) on() bool { return b.Enabled == nil || *b.Enabled }

// botsOn is a BotsConfig's Enabled that says so in Go.
func botsOn(on bool) *bool { return &on }

func (b BotsConfig) check() error {
	if b.Name != "" && !notation.ValidName(strings.ToLower(b.Name)) {
		return badSetting("bots.name", "bots.name %q is not a player name (a letter, then letters, digits, '-', '_' or '.')", b.Name)
	}
	maxLevel := b.MaxLevel
	if maxLevel == 0 {
		maxLevel = search.MaxLevel
	}
	switch {
	case b.MaxLevel < 0 || b.MaxLevel > search.MaxLevel:
		return badSetting("bots.max_level", "bots.max_level %d: the levels are 1 to %d", b.MaxLevel, search.MaxLevel)
	case b.Level < 0 || b.Level > maxLevel:
		return badSetting("bots.level", "bots.level %d: the levels are 1 to %d (bots.max_level)", b.Level, maxLevel)
	}
	for _, v := range []struct {
		name     string
		negative bool
	}{{"at_once", b.AtOnce < 0}, {"max_games", b.MaxGames < 0}, {"max_time", b.MaxTime.Duration < 0}, {"take_open", b.TakeOpen.Duration < 0}} {
		if v.negative {
			return badSetting("bots."+v.name, "bots.%s may not be negative", v.name)
		}
	}
	for i, n := range b.Iterations {
		if n < 1 {
			return badSetting("bots.iterations", "bots.iterations: level %d has %d playouts, fewer than one", i+1, n)
		}
	}
	return nil
}

// ClubConfig is who postal is on the mail.
type ClubConfig struct {
	Address    string `toml:"address"`     // the club's address, e.g. postal@club.example
	Name       string `toml:"name"`        // display name of the club
	AuthservID string `toml:"authserv_id"` // the authserv-id of the club's mail server
	// TrustAuthResults states that the mail server removes every
	// Authentication-Results header of authserv_id a mail arrives with;
	// only then is the topmost one read.
	TrustAuthResults bool   `toml:"trust_authentication_results"`
	DNSResolver      string `toml:"dns_resolver"` // "host:port" of the DNS server for DKIM keys; "" the system's
	// DKIMMaxAgeDays is how many days a DKIM signature proves its mail
	// after it was made; 0 means 7.
	DKIMMaxAgeDays int `toml:"dkim_max_age_days"`
	RateLimit      int `toml:"rate_limit"` // messages per sender per hour; 0 means 60, negative no limit
	// DKIMSelector is the selector that signs the club's outgoing mail;
	// postal check looks its key up. "": not checked.
	DKIMSelector string `toml:"dkim_selector"`
	// Admins are the players (by name) who direct every tournament besides
	// its organiser.
	Admins []string `toml:"admins"`
	// RoundDays limits a Swiss round (0: none); at its deadline the
	// unfinished games go to the director ("director") or are drawn
	// ("draw"), as RoundUnfinished says.
	RoundDays       int    `toml:"round_days"`
	RoundUnfinished string `toml:"round_unfinished"`
	// EventLapseDays is how long an open tournament whose director left
	// it waits for an entry before it lapses; 0 means 30,
	// negative never.
	EventLapseDays int `toml:"event_lapse_days"`

	// What strangers get, and what is stored (docs/internet.md).
	StrangerRepliesPerHour int   `toml:"stranger_replies_per_hour"` // replies to addresses of no player, all together; 0 means 30, negative no cap
	InvitesPerDay          int   `toml:"invites_per_day"`           // addresses of no player one player may invite a day; 0 means 10, negative no limit
	MaxMessageSize         int64 `toml:"max_message_size"`          // bytes; larger mail is kept as headers and a hash; 0 means 1 MiB
	KeepRawDays            int   `toml:"keep_raw_days"`             // raw mail and delivered mail's text are cut after this; 0 means 90, negative never
	// TalkLinesPerDay caps the lines of a player's messages ("say") to one
	// game in a day; 0 means 20, negative no cap.
	TalkLinesPerDay int `toml:"talk_lines_per_day"`
}

// checkAuth checks the settings of how a sender is proved.
func (c ClubConfig) checkAuth() error {
	if c.TrustAuthResults && c.AuthservID == "" {
		return badSetting("club.authserv_id", "club.trust_authentication_results needs club.authserv_id, the id whose headers the server strips")
	}
	if c.DKIMMaxAgeDays < 0 {
		return fmt.Errorf("config: club.dkim_max_age_days %d: a signature proves its mail for 1 day or more (0 means 7)", c.DKIMMaxAgeDays)
	}
	if c.DNSResolver != "" {
		if _, _, err := net.SplitHostPort(c.DNSResolver); err != nil {
			return badSetting("club.dns_resolver", "club.dns_resolver %q is not host:port: %v", c.DNSResolver, err)
		}
	}
	return nil
}

// MailServer is an IMAP or SMTP account.
type MailServer struct {
	Host string `toml:"host"`
	Port int    `toml:"port"`
	TLS  string `toml:"tls"` // "implicit", "starttls" or "none" (loopback only)
	// TLSCertificate, when set, is the file of the server's own
	// certificate, trusted for it alone instead of by the authorities: a
	// mail server on this machine with a self-signed one.
	TLSCertificate string   `toml:"tls_certificate"`
	User           string   `toml:"user"`
	Auth           string   `toml:"auth"` // "password" (or ""), or "xoauth2" or "oauthbearer" with [oauth2]
	PasswordFile   string   `toml:"password_file"`
	PasswordEnv    string   `toml:"password_env"`
	Mailbox        string   `toml:"mailbox"`       // IMAP: the watched mailbox (INBOX)
	Processed      string   `toml:"processed"`     // IMAP: move handled mail here; "" sets \Seen instead
	Failed         string   `toml:"failed"`        // IMAP: move mail that cannot be handled here
	PollInterval   Duration `toml:"poll_interval"` // IMAP: when the server has no IDLE
	// CheckRecipient (SMTP) is an address of the operator's outside the
	// club's domain: postal check asks the server to relay to it, and
	// sends it a test mail. "": the check asks for an address of
	// example.com, and sends nothing.
	CheckRecipient string `toml:"check_recipient"`

	// password, when set, is used as it is (the demo's accounts).
	password string
}

// SiteConfig is the static archive.
type SiteConfig struct {
	Out   string   `toml:"out"`   // output directory; "" builds no site
	URL   string   `toml:"url"`   // public address of the site, for feeds and mail links
	Every Duration `toml:"every"` // how often the site catches up with the archive, besides after every message
	// HideMessages keeps what players say in their games out of the
	// records, by mail and on the site, even after the game ends.
	HideMessages bool `toml:"hide_messages"`
}

// Duration reads "90s", "5m" from TOML.
type Duration struct{ time.Duration }

func (d *Duration) UnmarshalText(b []byte) error {
	v, err := time.ParseDuration(string(b))
	d.Duration = v
	return err
}

// A settingError is a setting of the config that is wrong, missing or
// unknown: postal check names it in its fix (s34: every config failure got
// "postal.example.toml documents every setting").
type settingError struct {
	setting string // "imap.failed"; "database" for one before any section
	unknown bool   // postal has no such setting
	msg     string
}

func (e *settingError) Error() string { return "config: " + e.msg }

func badSetting(setting, format string, args ...any) error {
	return &settingError{setting: setting, msg: fmt.Sprintf(format, args...)}
}

// fix says what to do in the file path.
func (e *settingError) fix(path string) string {
	section, key, ok := strings.Cut(e.setting, ".")
	where := fmt.Sprintf("%s in [%s] of %s", key, section, path)
	if !ok {
		where = fmt.Sprintf("%s at the top of %s, before any [section]", e.setting, path)
	}
	if e.unknown {
		return fmt.Sprintf("remove %s: postal has no such setting (a misspelling, or one of another section; postal.example.toml documents every setting)",
			strings.Replace(where, " in [", " from [", 1))
	}
	return "change " + where + " (postal.example.toml documents it)"
}

// configFix is the fix of a config that LoadConfig refused.
func configFix(path string, err error) string {
	var se *settingError
	var pe toml.ParseError
	switch {
	case errors.As(err, &se):
		return se.fix(path)
	case errors.As(err, &pe):
		return fmt.Sprintf("mend line %d of %s: it is not TOML (a quote or bracket not closed, a value without quotes)", pe.Position.Line, path)
	}
	return "postal.example.toml documents every setting"
}

// LoadConfig reads and checks a config file.
func LoadConfig(path string) (*Config, error) {
	var c Config
	md, err := toml.DecodeFile(path, &c)
	if err != nil {
		return nil, fmt.Errorf("config %s: %w", path, err)
	}
	if undec := md.Undecoded(); len(undec) > 0 {
		return nil, &settingError{setting: undec[0].String(), unknown: true, msg: fmt.Sprintf("unknown setting %s in %s", undec[0], path)}
	}
	return &c, c.check()
}

func (c *Config) check() error {
	var missing []string
	for name, v := range map[string]string{"database": c.Database, "club.address": c.Club.Address, "imap.host": c.IMAP.Host, "smtp.host": c.SMTP.Host, "imap.user": c.IMAP.User} {
		if v == "" {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		slices.Sort(missing)
		return badSetting(missing[0], "missing %s", strings.Join(missing, ", "))
	}
	if _, _, err := c.Clock.clubClock(); err != nil {
		return err
	}
	if c.Club.MaxMessageSize < 0 {
		return badSetting("club.max_message_size", "club.max_message_size may not be negative")
	}
	if err := c.Bots.check(); err != nil {
		return err
	}
	if err := c.Club.checkAuth(); err != nil {
		return err
	}
	switch c.Clock.Timeout {
	case "", "auto", "claim":
	default:
		return badSetting("clock.timeout", "clock.timeout %q is neither auto nor claim", c.Clock.Timeout)
	}
	if err := c.IMAP.checkFolders(); err != nil {
		return err
	}
	if err := c.checkRecipient(); err != nil {
		return err
	}
	for _, m := range []struct {
		section string
		s       *MailServer
	}{{"imap", &c.IMAP}, {"smtp", &c.SMTP}} {
		section, s := m.section, m.s
		switch s.TLS {
		case "implicit", "starttls", "none":
		case "":
			s.TLS = "implicit"
		default:
			return badSetting(section+".tls", "%s.tls %q is none of implicit, starttls, none", section, s.TLS)
		}
	}
	return nil
}

// checkRecipient: [smtp] check_recipient, when set, is an address of
// another domain than the club's, for mail to the club's own domain proves
// nothing of relay.
func (c *Config) checkRecipient() error {
	if c.IMAP.CheckRecipient != "" {
		return &settingError{setting: "imap.check_recipient", unknown: true, msg: "check_recipient is a setting of [smtp], not of [imap]"}
	}
	r := c.SMTP.CheckRecipient
	if r == "" {
		return nil
	}
	if a, err := mail.ParseAddress(r); err != nil || a.Name != "" || a.Address != r {
		return badSetting("smtp.check_recipient", "smtp.check_recipient %q is not a bare address (you@elsewhere.example)", r)
	}
	_, domain, _ := strings.Cut(r, "@")
	if _, club, _ := strings.Cut(c.Club.Address, "@"); strings.EqualFold(domain, club) {
		return badSetting("smtp.check_recipient", "smtp.check_recipient %q is of the club's own domain: the server takes mail for it without relaying; name an address of yours at another domain, best with another provider", r)
	}
	return nil
}

// Password reads the account's password from its file or environment
// variable.
func (s MailServer) Password() (string, error) {
	switch {
	case s.password != "":
		return s.password, nil
	case s.PasswordFile != "":
		b, err := os.ReadFile(s.PasswordFile)
		return strings.TrimRight(string(b), "\r\n"), err
	case s.PasswordEnv != "":
		v, ok := os.LookupEnv(s.PasswordEnv)
		if !ok {
			return "", &envUnset{Var: s.PasswordEnv, What: s.Host + "'s password", File: "password_file"}
		}
		return v, nil
	}
	return "", fmt.Errorf("config: %s has neither password_file nor password_env", s.Host)
}

// checkFolders refuses folders that would have the watcher move mail back
// into the mailbox it watches (failed = "INBOX" passed, and
// mail that failed would be handed over again and again), or mix failed
// mail with handled mail.
func (s MailServer) checkFolders() error {
	f := mailer.WatchOptions{Mailbox: s.Mailbox, Processed: s.Processed, Failed: s.Failed}.FolderNames()
	same := func(a, b string) bool {
		// INBOX is the same in any case (RFC 3501); other names are not.
		return a == b || strings.EqualFold(a, "INBOX") && strings.EqualFold(b, "INBOX")
	}
	switch {
	case same(f.Failed, f.Watched):
		return badSetting("imap.failed", "imap.failed %q is the watched mailbox (imap.mailbox %q): mail postal cannot handle would come back to it; name a folder of its own, e.g. \"postal/failed\"", f.Failed, f.Watched)
	case f.Processed != "" && same(f.Processed, f.Watched):
		return badSetting("imap.processed", "imap.processed %q is the watched mailbox (imap.mailbox %q): handled mail would be handled again; name a folder of its own, e.g. \"postal/processed\", or \"\" to mark it \\Seen", f.Processed, f.Watched)
	case f.Processed != "" && same(f.Processed, f.Failed):
		return badSetting("imap.failed", "imap.processed and imap.failed are both %q: keep the mail postal could not handle apart, for you to look at", f.Failed)
	}
	return nil
}

// envUnset is a secret whose environment variable is not set: postal
// serve gets it from the unit's EnvironmentFile, a command run by hand
// must be given it the same way.
type envUnset struct {
	Var, What string
	File      string // the setting that names a file instead: password_file
}

func (e *envUnset) Error() string {
	return fmt.Sprintf("config: environment variable %s (%s) is not set", e.Var, e.What)
}

// Fix says how to set it as postal serve has it.
func (e *envUnset) Fix() string {
	return fmt.Sprintf("set %s as postal serve has it: the unit reads it from /etc/postal/env (EnvironmentFile), so run this as root with "+
		"sh -c 'set -a; . /etc/postal/env; exec runuser -u postal -- postal ...' (the secret in the environment, not on a command line), "+
		"or name a file in the config instead, %s (docs/deploy.md)", e.Var, e.File)
}

// Addr is host:port.
func (s MailServer) Addr() string { return fmt.Sprintf("%s:%d", s.Host, s.Port) }
