package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/smtp"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"postal/archive"
	clubgame "postal/club/game"
	"postal/club/published"
	"postal/docs/words"
	"postal/engine"
)

// gameTagRE finds the game tag of a subject: "[postal #17]".
var gameTagRE = regexp.MustCompile(`\[postal #([0-9]+)\]`)

// autoplayMaxPlies is where a demo game would stop, the player to move
// resigning: a safety bound only, since every game against the club's bot
// ends by the rules long before.
const autoplayMaxPlies = 500

// autoplayLevel is the club bot's level in the demo's games: the weakest,
// which still wins nearly every game against random play, and quickly.
const autoplayLevel = 1

// moveChooser picks the text of side's move in pos, "" for none; the demo's
// bots (and the integration suite's players) choose at random
// (randomMoves), a stronger player plugs in here.
type moveChooser func(pos engine.Position, side engine.Player) string

// randomMoves chooses among the listed legal moves at random.
func randomMoves(rng *rand.Rand) moveChooser {
	return func(pos engine.Position, side engine.Player) string {
		legal := pos.Legal(side)
		if len(legal) == 0 {
			return ""
		}
		return legal[rng.IntN(len(legal))].String()
	}
}

// bot is a demo player that plays by mail like a person would: it reads its
// mailbox for postal's mails (and the secret Reply-To address they carry),
// and answers with commands. It reads the position from the database, as a
// person would read it off the board in the mail, and lets its chooser pick
// the move.
type bot struct {
	name, addr     string
	imapAddr, smtp string
	db             *archive.DB
	club           string
	choose         moveChooser
	log            *slog.Logger

	// account is the Reply-To of postal's mails about no game: its token
	// proves the bot for every command. replyTo holds the Reply-To of the
	// latest mail about each game (by number), whose token proves the bot
	// for that game only.
	account string
	replyTo map[int64]string
	lastUID imap.UID         // mail read so far
	sent    map[string]int   // game id -> ply we last moved at
	plies   int              // resign at this ply
	playing map[string]int64 // game name -> the id of the game being played
}

// autoplay registers alice, has her challenge the club's bot to every game
// in turn, and plays each game by mail to its end: alice chooses her moves
// at random, the bot answers each by the club. Then alice, bob, carol and
// the bot play a round robin (autoplayCup). It returns when every game is over or
// ctx ends.
func autoplay(ctx context.Context, imapAddr, smtpAddr, club string, maxPlies int, db *archive.DB, log *slog.Logger) error {
	domain := club[strings.IndexByte(club, '@')+1:]
	alice := &bot{name: "alice", addr: "alice@" + domain, imapAddr: imapAddr, smtp: smtpAddr,
		db: db, club: club, choose: randomMoves(rand.New(rand.NewPCG(0, 1))), log: log, sent: map[string]int{}, plies: maxPlies, playing: map[string]int64{},
		replyTo: map[int64]string{}}
	if err := alice.register(ctx); err != nil {
		return err
	}
	for _, g := range engine.Games() {
		name := g.Info().Name
		if err := alice.send(alice.account, "challenge", fmt.Sprintf("challenge bot %s level %d", name, autoplayLevel)); err != nil {
			return err
		}
		if err := play(ctx, []*bot{alice}, name); err != nil {
			return fmt.Errorf("autoplay %s: %w", name, err)
		}
		log.Info("autoplay: game over", "game", name)
	}
	// Then a round robin of alice, bob, carol and the bot.
	if err := autoplayCup(ctx, alice); err != nil {
		return fmt.Errorf("autoplay %s: %w", cupName, err)
	}
	log.Info("autoplay: tournament over", "tournament", cupName)
	return nil
}

// play runs the players until the newest game of kind game is over.
func play(ctx context.Context, players []*bot, game string) error {
	for ctx.Err() == nil {
		over := false
		for _, b := range players {
			if _, err := b.readMail(ctx); err != nil {
				return err
			}
			done, err := b.act(ctx, game)
			if err != nil {
				return err
			}
			over = over || done
		}
		if over {
			return nil
		}
		select {
		case <-ctx.Done():
		case <-time.After(100 * time.Millisecond):
		}
	}
	return ctx.Err()
}

// act does what the bot has to do: accept a challenge to game, or move (or
// resign) in it when it is its turn. done reports that the game is over.
func (b *bot) act(ctx context.Context, game string) (done bool, err error) {
	var cmd string
	var about int64 // the game or challenge cmd acts on
	err = b.db.Tx(ctx, func(tx *archive.Tx) error {
		me, err := tx.PlayerByName(b.name)
		if err != nil {
			return err
		}
		chs, err := tx.OpenChallenges(me.ID)
		if err != nil {
			return err
		}
		for _, c := range chs {
			if c.Game == game && slices.ContainsFunc(c.Seats, func(s archive.ChallengeSeat) bool { return s.PlayerID == me.ID }) {
				cmd, about = fmt.Sprintf("accept %d", c.ID), c.ID
				return nil
			}
		}
		games, err := tx.GamesOf(me.ID)
		if err != nil {
			return err
		}
		for _, row := range games {
			if row.Game == game {
				b.playing[game] = row.ID
				moves, err := tx.Moves(row.ID)
				if err != nil {
					return err
				}
				_, number := clubgame.MoveNumbers(moves)
				all, err := everyoneMoved(tx, row)
				if err != nil {
					return err
				}
				cmd, err = b.command(row, me.ID, number, row.Ply >= b.plies && all)
				about = row.ID
				return err
			}
		}
		// GamesOf lists active games only: the game we played has ended.
		if id, ok := b.playing[game]; ok {
			row, err := tx.GameByID(id)
			if err != nil {
				return err
			}
			done = row.Status == archive.GameOver
		}
		return nil
	})
	if err != nil || cmd == "" || b.account == "" {
		return done, err
	}
	// Reply to the game's own mail, as a person would; before it has
	// arrived, the account's reply address proves the command too.
	to := b.replyTo[about]
	if to == "" {
		to = b.account
	}
	return done, b.send(to, "autoplay", cmd)
}

// everyoneMoved reports whether each player of the game has made a move of
// their own: autoplay resigns only then, so that every game is rated.
func everyoneMoved(tx *archive.Tx, row *archive.Game) (bool, error) {
	moved, err := tx.MovedSeats(row.ID, []string{engine.Resign.String(), engine.Timeout.String()})
	return len(moved) == len(row.Players), err
}

// command is the bot's command for an active game: its chooser's move with
// the move-number guard (number, the mails' numbering of the next move), a
// resignation when resign is set (at ply b.plies once everyone moved), or
// nothing when it is not our turn or we
// already moved at this ply.
func (b *bot) command(row *archive.Game, me int64, number int, resign bool) (string, error) {
	key := fmt.Sprint(row.ID)
	if b.sent[key] == row.Ply+1 {
		return "", nil
	}
	g, err := engine.Lookup(row.Game)
	if err != nil {
		return "", err
	}
	pos, err := g.ParsePosition(row.Position)
	if err != nil {
		return "", err
	}
	side := engine.First
	if row.Players[1] == me {
		side = engine.Second
	}
	if !engine.Acts(pos, side) {
		return "", nil
	}
	b.sent[key] = row.Ply + 1
	if resign {
		return fmt.Sprintf("resign %d", row.ID), nil
	}
	m := b.choose(pos, side)
	if m == "" {
		return "", errors.New("no move for " + b.name + " in " + row.Position)
	}
	return fmt.Sprintf("move %d #%d %s", row.ID, number, m), nil
}

// send submits a plain-text mail by SMTP as the bot. Its Message-ID is new
// on every run: postal answers a Message-ID once.
func (b *bot) send(to, subject, body string) error {
	msg := fmt.Sprintf("From: %s <%s>\r\nTo: %s\r\nSubject: %s\r\nDate: %s\r\nMessage-ID: <%d.%s>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n%s\r\n",
		b.name, b.addr, to, subject, time.Now().Format(time.RFC1123Z), rand.Uint64(), b.addr, body)
	host := b.smtp[:strings.LastIndexByte(b.smtp, ':')]
	return smtp.SendMail(b.smtp, smtp.PlainAuth("", b.addr, b.name, host), b.addr, []string{to}, []byte(msg))
}

// waitForMail waits until a mail from postal about no game (the answer to
// the bot's registration) has given the account's Reply-To.
// register makes the bot a player by mail: "register NAME", then a reply to
// postal's answer, which proves that the address receives mail.
// The welcome's reply address, the one replied to, proves the player.
func (b *bot) register(ctx context.Context) error {
	if err := b.send(b.club, "register", "register "+b.name); err != nil {
		return err
	}
	if err := b.waitForMail(ctx); err != nil {
		return err
	}
	confirm := b.account
	b.account = ""
	if err := b.send(confirm, "Re: register", "yes"); err != nil {
		return err
	}
	return b.waitForMail(ctx)
}

func (b *bot) waitForMail(ctx context.Context) error {
	for ctx.Err() == nil {
		n, err := b.readMail(ctx)
		if err != nil || n > 0 && b.account != "" {
			return err
		}
		select {
		case <-ctx.Done():
		case <-time.After(50 * time.Millisecond):
		}
	}
	return ctx.Err()
}

// readMail reads the bot's new mail and keeps the Reply-To addresses postal
// gave: per game (the subject's [postal #N] tag) and for the account. It
// returns how many new mails it read.
func (b *bot) readMail(ctx context.Context) (int, error) {
	c, err := imapclient.DialInsecure(b.imapAddr, nil)
	if err != nil {
		return 0, err
	}
	defer c.Close()
	if err := c.Login(b.addr, b.name).Wait(); err != nil {
		return 0, err
	}
	if _, err := c.Select("INBOX", nil).Wait(); err != nil {
		return 0, err
	}
	set := imap.UIDSet{}
	set.AddRange(b.lastUID+1, 0)
	msgs, err := c.Fetch(set, &imap.FetchOptions{UID: true, Envelope: true}).Collect()
	if err != nil {
		return 0, err
	}
	n := 0
	for _, m := range msgs {
		if m.UID <= b.lastUID {
			continue // a UID range n:* always holds the last message
		}
		b.lastUID = m.UID
		n++
		if m.Envelope == nil || len(m.Envelope.ReplyTo) == 0 {
			continue
		}
		addr := m.Envelope.ReplyTo[0].Addr()
		if tag := gameTagRE.FindStringSubmatch(m.Envelope.Subject); tag != nil {
			id, _ := strconv.ParseInt(tag[1], 10, 64)
			b.replyTo[id] = addr
		} else {
			b.account = addr
		}
	}
	return n, c.Logout().Wait()
}

// printSummary tells what autoplay played, each game with its result, the
// tournament's winner and the ratings, and where the site shows them.
func printSummary(ctx context.Context, w io.Writer, db *archive.DB, clubAddr, data string, stay bool) error {
	lines := map[int64]string{}
	var order []int64
	err := published.EachRecord(ctx, db, clubAddr, nil, false, func(r published.Archived) error {
		res := r.Record.Result
		lines[r.Row.ID] = fmt.Sprintf("  %-3s %-16s %-14s %-7s %s\n", fmt.Sprintf("#%d", r.Row.ID), r.Row.Game, strings.Join(r.Record.Players, " vs "), res.Score(), res.Words(r.Record.Players))
		order = append(order, r.Row.ID)
		return nil
	})
	if err != nil {
		return err
	}
	cup, cupText, err := cupSummary(ctx, db, lines)
	if err != nil {
		return err
	}
	var single []string
	for _, id := range order {
		if !slices.Contains(cup, id) {
			single = append(single, lines[id])
		}
	}
	fmt.Fprintf(w, "\nautoplay: %s played by mail (alice chose each move at random among\nthe legal ones; the bot played at level %d)\n%s%s", words.Plural(len(single), "game"), autoplayLevel, strings.Join(single, ""), cupText)
	dir := filepath.Join(data, "site")
	open := "http://127.0.0.1:8080/."
	if cup != nil {
		open = fmt.Sprintf("http://127.0.0.1:8080/ (the round robin's page:\nhttp://127.0.0.1:8080/tournaments/%s.html).", cupName)
	}
	fmt.Fprintf(w, `
The site is in %s. View it with
  postal site serve --dir %s
or, without the postal binary installed,
  go run ./cmd/postal site serve --dir %s
then open %s
`, dir, dir, dir, open)
	if stay {
		fmt.Fprintln(w, "The demo goes on: play by hand (README.md), or stop it with Ctrl-C.")
	} else {
		fmt.Fprintln(w, "The demo has stopped. To play by hand, run postal demo (README.md, \"Play by hand\").")
	}
	return nil
}
