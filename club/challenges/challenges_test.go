package challenges

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"postal/archive"
	"postal/archive/archivetest"
	"postal/club/clock"
	"postal/club/game"
	"postal/club/games"
	"postal/club/reply"
	"postal/club/work"
	"postal/engine"
	_ "postal/engine/allgames"
	"postal/notation"
)

// room is a club of the challenges alone, on a real archive: its units
// queue their mails in sent rather than the outbox.
type room struct {
	t    *testing.T
	db   *archive.DB
	club *work.Club
	now  time.Time
	sent []reply.Mail
}

// noEvents is a club without events: no game belongs to one, and nothing
// comes next.
type noEvents struct{}

func (noEvents) Label(*work.Unit, int64) (string, error)          { return "", nil }
func (noEvents) StartNext(*work.Unit, *game.Game) (string, error) { return "", nil }
func (noEvents) EndLines(*work.Unit, *game.Game, *archive.Player) ([]string, error) {
	return nil, nil
}
func (noEvents) GameOver(*work.Unit, *game.Game) error { return nil }

func newRoom(t *testing.T) *room {
	t.Helper()
	db, err := archive.OpenLog(context.Background(), archivetest.Path(t), slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	r := &room{t: t, db: db, now: time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)}
	r.club = &work.Club{Address: "postal@demo.test", Local: "postal", Host: "demo.test", TokenSeparator: "+", Name: "postal",
		Control: clock.Default, Log: slog.New(slog.DiscardHandler), Events: noEvents{},
		Post: func(_ *work.Unit, m reply.Mail) error { r.sent = append(r.sent, m); return nil }}
	return r
}

// withBot gives the club its bot: levels 1 to 3, at most two games with
// one player, taking open challenges after an hour.
func (r *room) withBot() {
	r.club.Bot = &work.Bot{Name: "bot", Address: "postal+bot.bot@demo.test", Level: 2, MaxLevel: 3, GamesPerPlayer: 2, TakeOpen: time.Hour,
		Player: func(u *work.Unit) (*archive.Player, error) {
			p, err := u.Tx.PlayerByName("bot")
			if errors.Is(err, archive.ErrNotFound) {
				return u.Tx.AddPlayer("bot", "postal+bot.bot@demo.test", "never", u.Now)
			}
			return p, err
		}}
}

// in runs f in a unit of its own acting for actor, committed unless f
// fails.
func (r *room) in(actor *archive.Player, f func(u *work.Unit) error) error {
	r.t.Helper()
	return r.db.Tx(context.Background(), func(tx *archive.Tx) error {
		return f(&work.Unit{Tx: tx, Now: r.now, Actor: actor, Club: r.club})
	})
}

// player registers name at name@example.org.
func (r *room) player(name string) *archive.Player {
	r.t.Helper()
	var p *archive.Player
	if err := r.in(nil, func(u *work.Unit) (err error) {
		p, err = u.Tx.AddPlayer(name, name+"@example.org", "key-"+name, u.Now)
		return err
	}); err != nil {
		r.t.Fatal(err)
	}
	return p
}

// do runs a handler for actor; a refusal changes nothing and is returned
// as the section's title.
func (r *room) do(actor *archive.Player, h func(*work.Unit, notation.Command) (reply.Section, error), c notation.Command) (reply.Section, string) {
	r.t.Helper()
	var sec reply.Section
	err := r.in(actor, func(u *work.Unit) (err error) {
		sec, err = h(u, c)
		return err
	})
	var ue *reply.Refusal
	if errors.As(err, &ue) {
		return sec, ue.Title
	}
	if err != nil {
		r.t.Fatal(err)
	}
	return sec, ""
}

// challenge has actor challenge with c, inviting any address.
func (r *room) challenge(actor *archive.Player, c notation.Command) (reply.Section, string) {
	return r.do(actor, func(u *work.Unit, c notation.Command) (reply.Section, error) {
		return Challenge(u, c, func(string) error { return nil })
	}, c)
}

// stored is challenge id as the archive has it.
func (r *room) stored(id int64) *archive.Challenge {
	r.t.Helper()
	var ch *archive.Challenge
	if err := r.in(nil, func(u *work.Unit) (err error) {
		ch, err = u.Tx.Challenge(id)
		return err
	}); err != nil {
		r.t.Fatal(err)
	}
	return ch
}

// mailsTo are the mails sent to address, and forgets every mail sent.
func (r *room) mailsTo(address string) []reply.Mail {
	var out []reply.Mail
	for _, m := range r.sent {
		if m.To == address {
			out = append(out, m)
		}
	}
	r.sent = nil
	return out
}

// proposed is the game and config of game, ruleset and options as a
// challenge reads them.
func proposed(t *testing.T, game string, words ...string) (engine.Info, engine.Config) {
	t.Helper()
	info, cfg, err := games.ProposedGame(game, words)
	if err != nil {
		t.Fatal(err)
	}
	return info, cfg
}

// seatsOf are the seats of game, ruleset and options as a challenge
// reads them.
func seatsOf(t *testing.T, game string, words ...string) []string {
	t.Helper()
	info, cfg := proposed(t, game, words...)
	return info.Seats(cfg)
}

// The seat a challenger asks for: first, second and random in any game,
// kept as written; a seat of a game of more by its name, in any case.
func TestSeatChoiceFirstSecondRandomAndSeatOfMore(t *testing.T) {
	for _, g := range [][]string{{"initiative"}, {"imperial-chess"}, {"superial-chess", "vs-chess"}, {"superial-chess", "multiplayer", "players=4"}} {
		info, cfg := proposed(t, g[0], g[1:]...)
		for as, want := range map[string]string{"": "random", "random": "random", "Random": "random", "first": "first", "second": "second", "SECOND": "second"} {
			if got, err := seatChoice(as, info, cfg); got != want || err != nil {
				t.Errorf("%v as %q: %q, %v; want %q", g, as, got, err, want)
			}
		}
	}
	info, cfg := proposed(t, "superial-chess", "multiplayer", "players=4")
	if got, err := seatChoice("NORTH", info, cfg); got != "north" || err != nil {
		t.Errorf("as NORTH in a game of four: %q, %v", got, err)
	}
	info, cfg = proposed(t, "superial-chess", "multiplayer", "players=3")
	if got, err := seatChoice("west", info, cfg); got != "west" || err != nil {
		t.Errorf("as west in a game of three: %q, %v", got, err)
	}
}

// A side of a game of two by its name, in any case, for the ruleset
// named (Superial Chess's vs-chess seats White and Black, as its classic
// game does): kept as first or second, which the challenge's subject,
// its line and the seating read.
func TestSeatChoiceSideNameInGameOfTwo(t *testing.T) {
	for _, c := range []struct {
		game []string
		as   string
		want string
	}{
		{[]string{"imperial-chess"}, "black", "second"},
		{[]string{"imperial-chess"}, "White", "first"},
		{[]string{"conflagration"}, "dark", "second"},
		{[]string{"conflagration"}, "LIGHT", "first"},
		{[]string{"imperial-shuffle"}, "blue", "second"},
		{[]string{"superial-chess", "vs-chess"}, "white", "first"},
		{[]string{"superial-chess", "vs-chess"}, "black", "second"},
		{[]string{"superial-chess"}, "black", "second"},
		{[]string{"initiative"}, "second", "second"},
	} {
		info, cfg := proposed(t, c.game[0], c.game[1:]...)
		if got, err := seatChoice(c.as, info, cfg); got != c.want || err != nil {
			t.Errorf("%v as %q: %q, %v; want %q", c.game, c.as, got, err, c.want)
		}
	}
}

// A side the game and ruleset do not have is refused with the choices
// there: first, second, that ruleset's side names (not another ruleset's)
// and random.
func TestSeatChoiceUnknownSideListsTheRulesetsChoices(t *testing.T) {
	for _, c := range []struct {
		game  []string
		as    string
		title string
		line  string
	}{
		{[]string{"imperial-chess"}, "dark", `"dark" is not first, second, white, black or random`,
			`In Imperial Chess (standard), "as first" or "as white" plays White, who moves first, "as second" or "as black" plays Black; "as random" draws your side.`},
		{[]string{"conflagration"}, "black", `"black" is not first, second, light, dark or random`, `"as second" or "as dark" plays Dark`},
		{[]string{"superial-chess", "vs-chess"}, "north", `"north" is not first, second, white, black or random`, "In Superial Chess (vs-chess"},
		{[]string{"superial-chess", "vs-chess"}, "purple", `"purple" is not first, second, white, black or random`, `"as first" or "as white" plays White`},
		{[]string{"initiative"}, "north", `"north" is not first, second or random`, `"as first" plays First, who moves first, "as second" plays Second`},
		{[]string{"superial-chess", "multiplayer", "players=3"}, "east", `"east" is not first, second, south, west, north or random`,
			`Superial Chess (multiplayer players=3) seats South, West and North, in turn order: "as first" is South, "as second" West; "as random" draws your seat.`},
		{[]string{"superial-chess", "multiplayer", "players=4"}, "white", `"white" is not first, second, south, west, north, east or random`, "seats South, West, North and East"},
	} {
		info, cfg := proposed(t, c.game[0], c.game[1:]...)
		_, err := seatChoice(c.as, info, cfg)
		var ue *reply.Refusal
		if !errors.As(err, &ue) || ue.Title != c.title || !strings.Contains(strings.Join(ue.Lines, "\n"), c.line) {
			t.Errorf("%v as %q: %v; want a refusal %q with %q", c.game, c.as, err, c.title, c.line)
			if ue != nil {
				t.Logf("its lines: %q", ue.Lines)
			}
		}
	}
}

// A challenge by a side's name in a game of two (bob asks for Black):
// stored as that seat, said in its title and subject, and the one who
// accepts takes the other seat.
func TestChallengeAsSideNameAcceptedGetsTheOther(t *testing.T) {
	r := newRoom(t)
	alice, bob := r.player("alice"), r.player("bob")
	for i, c := range []struct {
		game    string
		options []string
		as      string
		says    string // the seat in the challenge's title
		bobSeat int
	}{
		{"imperial-chess", nil, "black", "bob plays Black", 1},
		{"conflagration", nil, "Dark", "bob plays Dark", 1},
		{"superial-chess", []string{"vs-chess"}, "white", "bob plays White (moves first)", 0},
		{"superial-chess", []string{"vs-chess"}, "BLACK", "bob plays Black", 1},
		{"imperial-chess", nil, "second", "bob plays Black", 1},
		{"imperial-chess", nil, "first", "bob plays White (moves first)", 0},
	} {
		id := int64(i + 1)
		sec, refused := r.challenge(bob, notation.Command{Verb: notation.CmdChallenge, Arg: "alice", Game: c.game, Options: c.options, As: strings.ToLower(c.as)})
		if refused != "" || !strings.Contains(sec.Title, c.says) {
			t.Errorf("%s %v as %s: refused %q, %q; want %q", c.game, c.options, c.as, refused, sec.Title, c.says)
			continue
		}
		if want := [2]string{"first", "second"}[c.bobSeat]; r.stored(id).Side != want {
			t.Errorf("%s as %s: stored side %q, want %q", c.game, c.as, r.stored(id).Side, want)
		}
		subject := [2]string{": bob vs alice", ": alice vs bob"}[c.bobSeat]
		if m := r.mailsTo("alice@example.org"); len(m) != 1 || !strings.HasSuffix(m[0].Subject, subject) {
			t.Errorf("%s as %s: alice's mail %+v, want a subject ending %q", c.game, c.as, m, subject)
		}
		if _, refused := r.do(alice, Accept, notation.Command{Verb: notation.CmdAccept, ID: id}); refused != "" {
			t.Fatalf("alice accepts #%d: %q", id, refused)
		}
		want := []int64{bob.ID, alice.ID}
		if c.bobSeat == 1 {
			want = []int64{alice.ID, bob.ID}
		}
		r.in(nil, func(u *work.Unit) error {
			g, err := u.Tx.GameByID(id)
			if err == nil && !slices.Equal(g.Players, want) {
				t.Errorf("%s as %s: the game's players %v, want %v", c.game, c.as, g.Players, want)
			}
			return err
		})
		r.sent = nil
	}
}

// A challenge of three by a seat's name: the challenger sits there when
// the others accept, and they take the seats left.
func TestChallengeOfThreeAsSeatName(t *testing.T) {
	r := newRoom(t)
	alice, bob, carol := r.player("alice"), r.player("bob"), r.player("carol")
	sec, refused := r.challenge(alice, notation.Command{Verb: notation.CmdChallenge, Arg: "bob", Others: []string{"carol"}, Game: "superial-chess", Options: []string{"multiplayer", "players=3"}, As: "north"})
	if refused != "" || !strings.Contains(sec.Title, "alice plays North") {
		t.Fatalf("the challenge: %q, %q", refused, sec.Title)
	}
	if r.stored(1).Side != "north" {
		t.Errorf("stored side %q", r.stored(1).Side)
	}
	for _, p := range []*archive.Player{bob, carol} {
		if _, refused := r.do(p, Accept, notation.Command{Verb: notation.CmdAccept, ID: 1}); refused != "" {
			t.Fatalf("%s accepts: %q", p.Name, refused)
		}
	}
	r.in(nil, func(u *work.Unit) error {
		g, err := u.Tx.GameByID(1)
		if err == nil && (len(g.Players) != 3 || g.Players[2] != alice.ID || !slices.Contains(g.Players, bob.ID) || !slices.Contains(g.Players, carol.ID)) {
			t.Errorf("the game's players %v, want alice (%d) at North, the third seat", g.Players, alice.ID)
		}
		return err
	})
}

// The words of seats: the one asked for, and the others of a challenge.
func TestSeatWords(t *testing.T) {
	two := seatsOf(t, "initiative")
	four := seatsOf(t, "superial-chess", "multiplayer", "players=4")
	for _, c := range []struct {
		side  string
		seats []string
		want  string
	}{
		{"first", two, two[0] + " (moves first)"},
		{"second", two, two[1]},
		{"random", two, "a side drawn at random"},
		{"random", four, "a seat drawn at random"},
		{strings.ToLower(four[1]), four, four[1]},
	} {
		if got := seatText(c.side, c.seats); got != c.want {
			t.Errorf("seatText(%q): %q, want %q", c.side, got, c.want)
		}
	}
	for _, c := range []struct {
		names []string
		open  int
		want  string
	}{
		{nil, 0, "nobody"},
		{[]string{"bob"}, 0, "bob"},
		{[]string{"bob"}, 1, "bob and an open seat"},
		{[]string{"bob", "carol"}, 2, "bob, carol and 2 open seats"},
		{nil, 3, "3 open seats"},
	} {
		if got := seatsText(c.names, c.open); got != c.want {
			t.Errorf("seatsText(%v, %d): %q, want %q", c.names, c.open, got, c.want)
		}
	}
}

// A proposal names a game postal plays, one ruleset at most, options the
// game has, and a clock; none is the club's.
func TestProposal(t *testing.T) {
	r := newRoom(t)
	propose := func(c notation.Command) (engine.Config, clock.Control, string) {
		var cfg engine.Config
		var ctl clock.Control
		err := r.in(nil, func(u *work.Unit) (err error) {
			_, cfg, ctl, err = Proposal(u, c)
			return err
		})
		var ue *reply.Refusal
		if errors.As(err, &ue) {
			return cfg, ctl, ue.Title
		}
		if err != nil {
			t.Fatal(err)
		}
		return cfg, ctl, ""
	}
	if _, ctl, refused := propose(notation.Command{Game: "initiative"}); refused != "" || ctl != clock.Default {
		t.Errorf("no clock: %v, %q; want the club's", ctl, refused)
	}
	if _, ctl, _ := propose(notation.Command{Game: "initiative", Clock: "untimed"}); ctl.Kind != clock.None {
		t.Errorf("untimed: %v", ctl)
	}
	if _, ctl, _ := propose(notation.Command{Game: "initiative", Clock: "days 5"}); ctl.PerMove != 5*clock.Day {
		t.Errorf("days 5: %v", ctl)
	}
	if cfg, _, _ := propose(notation.Command{Game: "superial-chess", Options: []string{"multiplayer", "players=3"}}); cfg.Ruleset != "multiplayer" {
		t.Errorf("a ruleset with options: %+v", cfg)
	}
	// "ruleset=NAME", as a record's tag says it, names the ruleset too.
	if cfg, _, refused := propose(notation.Command{Game: "superial-chess", Options: []string{"ruleset=vs-chess"}}); cfg.Ruleset != "vs-chess" || refused != "" {
		t.Errorf("ruleset=vs-chess: %+v, refused %q", cfg, refused)
	}
	for _, c := range []struct {
		cmd  notation.Command
		want string
	}{
		{notation.Command{Game: "tiddlywinks"}, `postal does not play "tiddlywinks"`},
		{notation.Command{Game: "superial-chess", Options: []string{"multiplayer", "vs-chess"}}, "two rulesets: multiplayer and vs-chess"},
		{notation.Command{Game: "superial-chess", Options: []string{"ruleset=multiplayer", "vs-chess"}}, "two rulesets: multiplayer and vs-chess"},
		{notation.Command{Game: "initiative", Clock: "days 0"}, "days"},
	} {
		if _, _, refused := propose(c.cmd); !strings.Contains(refused, c.want) {
			t.Errorf("%+v: refused %q, want %q", c.cmd, refused, c.want)
		}
	}
}

// What a challenge may not name, each refused before anything is stored.
func TestChallengeRefusals(t *testing.T) {
	r := newRoom(t)
	alice := r.player("alice")
	r.player("bob")
	r.player("carol")
	for _, c := range []struct {
		cmd  notation.Command
		want string
	}{
		{notation.Command{Verb: notation.CmdChallenge, Arg: "alice", Game: "initiative"}, "you cannot challenge yourself"},
		{notation.Command{Verb: notation.CmdChallenge, Arg: "dave", Game: "initiative"}, "there is no player called dave"},
		{notation.Command{Verb: notation.CmdChallenge, Arg: "postal+x@demo.test", Game: "initiative"}, "postal does not play against itself"},
		{notation.Command{Verb: notation.CmdChallenge, Arg: "bob", Others: []string{"carol"}, Game: "initiative"}, "is a game of two: name one opponent"},
		{notation.Command{Verb: notation.CmdChallenge, Arg: "bob", Game: "initiative", Level: 2}, "only the bot plays at a level"},
		{notation.Command{Verb: notation.CmdChallenge, Arg: "bob", Others: []string{"bob"}, Game: "superial-chess", Options: []string{"multiplayer", "players=3"}}, "bob is named twice"},
		{notation.Command{Verb: notation.CmdChallenge, Arg: "bob", Others: []string{"carol", "x@example.net"}, Game: "superial-chess", Options: []string{"multiplayer", "players=3"}}, "4 players named for 3 seats"},
		{notation.Command{Verb: notation.CmdChallenge, Arg: "bob", Game: "initiative", As: "north"}, `"north" is not first, second or random`},
		{notation.Command{Verb: notation.CmdChallenge, Arg: "bob", Game: "superial-chess", Options: []string{"vs-chess"}, As: "south"}, `"south" is not first, second, white, black or random`},
		{notation.Command{Verb: notation.CmdChallenge, Arg: "bot", Game: "initiative"}, "there is no player called bot"},
	} {
		if _, refused := r.challenge(alice, c.cmd); !strings.Contains(refused, c.want) {
			t.Errorf("%+v: refused %q, want %q", c.cmd, refused, c.want)
		}
	}
	if len(r.sent) > 0 {
		t.Errorf("refused challenges sent %d mails", len(r.sent))
	}
	// An address of no player is invited as its check allows, asked in
	// lower case.
	var asked []string
	_, refused := r.do(alice, func(u *work.Unit, c notation.Command) (reply.Section, error) {
		return Challenge(u, c, func(address string) error {
			asked = append(asked, address)
			return reply.Refuse("one mail invites at most 3 new addresses")
		})
	}, notation.Command{Verb: notation.CmdChallenge, Arg: "New@Example.NET", Game: "initiative"})
	if refused != "one mail invites at most 3 new addresses" || !slices.Equal(asked, []string{"new@example.net"}) {
		t.Errorf("an invitation past the limit: refused %q, asked %v", refused, asked)
	}
}

// A challenge of two: the one named is asked by mail, anyone else is
// refused the seat, and their acceptance starts the game.
func TestChallengeAccepted(t *testing.T) {
	r := newRoom(t)
	alice, bob, carol := r.player("alice"), r.player("bob"), r.player("carol")
	sec, refused := r.challenge(alice, notation.Command{Verb: notation.CmdChallenge, Arg: "bob", Game: "initiative", As: "first", Clock: "days 5", Unrated: true})
	if refused != "" || sec.Game != 1 || !strings.Contains(sec.Title, "challenge #1: Initiative (") || !strings.Contains(sec.Title, "5 days per move, alice plays") || !strings.HasSuffix(sec.Title, ", unrated") {
		t.Fatalf("the challenge: %q, %+v", refused, sec)
	}
	if want := `bob has been asked; the game starts when they accept. "cancel 1" withdraws it.`; !slices.Equal(sec.Lines, []string{want}) {
		t.Errorf("its lines: %q", sec.Lines)
	}
	mails := r.mailsTo("bob@example.org")
	if len(mails) != 1 || mails[0].Subject != "[postal #1] Initiative: alice vs bob" || !strings.HasPrefix(mails[0].View.Intro[0], "alice challenges you to a game of Initiative (challenge #1).") {
		t.Fatalf("bob's mail: %+v", mails)
	}
	var line, status string
	r.in(bob, func(u *work.Unit) error {
		ch, err := u.Tx.Challenge(1)
		line, status = Line(u, ch), Status(u, ch, alice)
		return err
	})
	if line != "Challenge #1 is open: bob may accept it." || !strings.HasPrefix(status, "challenge #1: alice challenges you to initiative ") || !strings.HasSuffix(status, " (accept 1 / decline 1); waiting for bob") {
		t.Errorf("its line %q, bob's status %q", line, status)
	}
	if _, refused := r.do(carol, Accept, notation.Command{Verb: notation.CmdAccept, ID: 1}); refused != "challenge #1 is addressed to someone else" {
		t.Errorf("carol accepts: %q", refused)
	}
	if _, refused := r.do(alice, Accept, notation.Command{Verb: notation.CmdAccept, ID: 1}); refused != "you cannot accept your own challenge" {
		t.Errorf("alice accepts: %q", refused)
	}
	sec, refused = r.do(bob, Accept, notation.Command{Verb: notation.CmdAccept, ID: 1})
	if refused != "" || !strings.Contains(sec.Title, "game #1 has started") {
		t.Fatalf("bob accepts: %q, %+v", refused, sec)
	}
	if ch := r.stored(1); ch.Status != archive.ChallengeAccepted {
		t.Errorf("the challenge is %s", ch.Status)
	}
	r.in(nil, func(u *work.Unit) error {
		g, err := u.Tx.GameByID(1)
		if err == nil && !slices.Equal(g.Players, []int64{alice.ID, bob.ID}) {
			t.Errorf("the game's players %v, want alice first as she asked", g.Players)
		}
		if unrated, _ := u.Tx.Unrated(1); !unrated {
			t.Error("the game is rated")
		}
		return err
	})
	if _, refused := r.do(bob, Accept, notation.Command{Verb: notation.CmdAccept, ID: 1}); refused != "challenge #1 is accepted" {
		t.Errorf("accepted again: %q", refused)
	}
}

// A game of more: named and open seats fill as players accept; the others
// hear who did; anyone asked who declines ends it for all.
func TestSeatsOfMore(t *testing.T) {
	r := newRoom(t)
	alice, bob, carol, dave := r.player("alice"), r.player("bob"), r.player("carol"), r.player("dave")
	more := []string{"multiplayer", "players=4"}
	sec, refused := r.challenge(alice, notation.Command{Verb: notation.CmdChallenge, Arg: "bob", Others: []string{"new@example.net"}, Game: "superial-chess", Options: more})
	if refused != "" || !strings.Contains(strings.Join(sec.Lines, "\n"), "Asked: bob, new@example.net.\n1 seat is open to anyone: \"accept 1\" takes one.") {
		t.Fatalf("the challenge: %q, %q", refused, sec.Lines)
	}
	if m := r.mailsTo("new@example.net"); len(m) != 1 || !strings.Contains(m[0].View.Intro[0], "alice invites you to play Superial Chess by email with postal, a club for correspondence games, with bob and an open seat.") {
		t.Errorf("the invitation: %+v", m)
	}
	sec, _ = r.do(carol, Accept, notation.Command{Verb: notation.CmdAccept, ID: 1})
	if want := "The game starts when every seat is taken and accepted; still waiting for bob and new@example.net."; !slices.Equal(sec.Lines, []string{want}) {
		t.Errorf("carol takes the open seat: %q", sec.Lines)
	}
	if m := r.mailsTo("alice@example.org"); len(m) != 1 || m[0].View.Intro[0] != "carol accepted challenge #1; still waiting for bob and new@example.net." {
		t.Errorf("alice hears: %+v", m)
	}
	if _, refused := r.do(dave, Accept, notation.Command{Verb: notation.CmdAccept, ID: 1}); refused != "challenge #1 has no seat for you" {
		t.Errorf("dave, with no seat left: %q", refused)
	}
	if _, refused := r.do(alice, Withdraw, notation.Command{Verb: notation.CmdDecline, ID: 1}); refused != "challenge #1 is not addressed to you" {
		t.Errorf("the challenger declines: %q", refused)
	}
	if _, refused := r.do(bob, Withdraw, notation.Command{Verb: notation.CmdCancel, ID: 1}); refused != "challenge #1 is not yours to cancel" {
		t.Errorf("bob cancels: %q", refused)
	}
	r.sent = nil
	sec, _ = r.do(bob, Withdraw, notation.Command{Verb: notation.CmdDecline, ID: 1})
	if sec.Title != "challenge #1 declined" || !slices.Equal(sec.Lines, []string{"Its other players have been told."}) {
		t.Errorf("bob declines: %+v", sec)
	}
	var told []string
	for _, m := range r.sent {
		told = append(told, m.To)
		if m.View.Intro[0] != "bob declined challenge #1 (superial-chess): it will not be played." {
			t.Errorf("%s hears %q", m.To, m.View.Intro)
		}
	}
	if !slices.Equal(told, []string{"alice@example.org", "carol@example.org"}) {
		t.Errorf("told of the decline: %v", told)
	}
	var line string
	ch := r.stored(1)
	r.in(alice, func(u *work.Unit) error { line = Line(u, ch); return nil })
	if line != "Challenge #1 was declined: there will be no game." {
		t.Errorf("its line: %q", line)
	}
}

// The club's bot takes its seat as the challenge is made, at the level
// asked within its limits, and takes an open challenge nobody took for
// its TakeOpen; a club without a bot has none to challenge.
func TestBot(t *testing.T) {
	r := newRoom(t)
	r.withBot()
	alice, bob := r.player("alice"), r.player("bob")
	if _, refused := r.challenge(alice, notation.Command{Verb: notation.CmdChallenge, Arg: "bot", Game: "initiative", Level: 4}); refused != "bot plays at levels 1 to 3, not 4" {
		t.Errorf("level 4: %q", refused)
	}
	sec, refused := r.challenge(alice, notation.Command{Verb: notation.CmdChallenge, Arg: "bot", Game: "initiative", Level: 3})
	if refused != "" || !strings.Contains(sec.Title, "game #1 has started") || !strings.HasPrefix(sec.Lines[0], "bot accepted at once and plays at level 3 of ") {
		t.Fatalf("a challenge to the bot: %q, %+v", refused, sec)
	}
	r.challenge(alice, notation.Command{Verb: notation.CmdChallenge, Arg: "bot", Game: "initiative"})
	if _, refused := r.challenge(alice, notation.Command{Verb: notation.CmdChallenge, Arg: "bot", Game: "initiative"}); refused != "you play 2 games with bot already, as many as one may at once" {
		t.Errorf("a third game with the bot: %q", refused)
	}
	r.in(nil, func(u *work.Unit) error {
		if level, err := u.Tx.BotLevel(1); level != 3 || err != nil {
			t.Errorf("game 1's level: %d, %v", level, err)
		}
		if level, err := u.Tx.BotLevel(2); level != 2 || err != nil {
			t.Errorf("game 2's level: %d, %v; want the bot's default", level, err)
		}
		return nil
	})

	// bob's open challenge: not taken within the hour, taken after.
	r.challenge(bob, notation.Command{Verb: notation.CmdOpen, Game: "initiative"})
	takes := func() {
		err := r.in(nil, func(u *work.Unit) error {
			bot, err := r.club.Bot.Player(u)
			if err != nil {
				return err
			}
			u.Actor = bot
			return BotTakesOpen(u, bot)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	takes()
	if ch := r.stored(3); ch.Status != archive.ChallengeOpen {
		t.Fatalf("taken within the hour: %s", ch.Status)
	}
	r.now = r.now.Add(2 * time.Hour)
	takes()
	if ch := r.stored(3); ch.Status != archive.ChallengeAccepted {
		t.Errorf("after two hours: %s", ch.Status)
	}

	// Without a bot, its player is a player of the club's own address:
	// challenged, it says the bot is off.
	r.club.Bot = nil
	if _, refused := r.challenge(alice, notation.Command{Verb: notation.CmdChallenge, Arg: "bot", Game: "initiative"}); refused != "bot is the club's bot, and it is off" {
		t.Errorf("the bot off: %q", refused)
	}
}

// A challenge to a game of three or four names the seats of the game as
// configured, not the game's default White and Black.
func TestChallengeMailNamesItsSeats(t *testing.T) {
	for _, c := range []struct {
		players string
		others  []string
		want    string
	}{
		{"3", []string{"carol"}, "Sides: South (moves first), West, North\n"},
		{"4", []string{"carol", "dave"}, "Sides: South (moves first), West, North, East\n"},
	} {
		r := newRoom(t)
		alice := r.player("alice")
		r.player("bob")
		for _, o := range c.others {
			r.player(o)
		}
		if _, refused := r.challenge(alice, notation.Command{Verb: notation.CmdChallenge, Arg: "bob", Others: c.others, Game: "superial-chess", Options: []string{"multiplayer", "players=" + c.players}}); refused != "" {
			t.Fatalf("players=%s: refused: %s", c.players, refused)
		}
		m := r.mailsTo("bob@example.org")
		if len(m) != 1 || len(m[0].View.Sections) != 1 {
			t.Fatalf("players=%s: bob's mails: %+v", c.players, m)
		}
		if pre := m[0].View.Sections[0].Pre; !strings.HasPrefix(pre, c.want) {
			t.Errorf("players=%s: the challenge describes %q, want it to begin %q", c.players, pre, c.want)
		}
	}
}
