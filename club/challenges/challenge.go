package challenges

import (
	"errors"
	"fmt"
	"postal/archive"
	"postal/club/clock"
	"postal/club/games"
	"postal/club/reply"
	"postal/club/work"
	"postal/docs/words"
	"postal/engine"
	"postal/engine/search"
	"postal/notation"
	"slices"
	"strings"
)

// Challenges of any number of seats: one path for two players or more.
// Every challenge lists the seats it asks for besides the challenger's
// (archive.ChallengeSeat): a player it names, an address it invites, or a
// seat open to anyone. A seat fills when its player accepts; the last to
// accept starts the game (games.Start), and anyone asked who declines
// cancels it for all (R13). A challenge of two has one seat; Superial
// Chess for three or four has two or three. The flows are one; only the
// words people read differ where a game of two says it its own way.

// MayInvite is the check of an invitation to address, which has no
// player, against the limits on what one mail and one player may invite
// (the accounts': per mail, per day, none to an address that never
// answered): a *reply.Refusal past them; allowed, the invitation counts.
// The club's mail adapter supplies it, as it holds the mail's count.
type MayInvite func(address string) error

// Challenge is "challenge PLAYER... GAME" and "open GAME": the actor
// proposes a game, names the players of its seats (by name, or by address
// to invite one not registered: mayInvite says whether they may) or leaves
// them open, and everyone asked is mailed. A challenge to the club's bot
// starts at once when the bot was the one seat to fill.
func Challenge(u *work.Unit, c notation.Command, mayInvite MayInvite) (reply.Section, error) {
	info, cfg, ctl, err := Proposal(u, c)
	if err != nil {
		return reply.Section{}, err
	}
	seats := info.Seats(cfg)
	more := engine.OthersPlayOn(len(seats))
	if !more && len(c.Others) > 0 {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("%s %s is a game of two: name one opponent", info.Title, cfg.String()))
	}
	side, err := seatChoice(c.As, info, cfg)
	if err != nil {
		return reply.Section{}, err
	}
	var named []string
	if c.Verb == notation.CmdChallenge {
		named = append([]string{c.Arg}, c.Others...)
	}
	if len(named) > len(seats)-1 {
		return reply.Section{}, reply.Refuse(fmt.Sprintf("%d players named for %d seats", len(named)+1, len(seats)),
			fmt.Sprintf("%s (%s) seats %s: name at most %d players besides yourself; seats not named are open to anyone.", info.Title, cfg.String(), seatsText(seats, 0), len(seats)-1))
	}
	ch := &archive.Challenge{ChallengerID: u.Actor.ID, Game: info.Name, Config: cfg.String(), Side: side, Days: int(ctl.PerMove / clock.Day), Control: ctl.String(), Created: u.Now}
	level, bot := c.Level, (*archive.Player)(nil)
	var asked []string // names and addresses, for people
	for _, who := range named {
		opp, addr, err := opponent(u, who, mayInvite)
		if err != nil {
			return reply.Section{}, err
		}
		st := archive.ChallengeSeat{Address: addr}
		switch {
		case opp != nil && u.Club.IsOwn(opp.Address) && !u.Club.Bot.Is(opp):
			return reply.Section{}, reply.Refuse(fmt.Sprintf("%s is the club's bot, and it is off", opp.Name), "Challenge a person instead; \"status\" shows your games.")
		case u.Club.Bot.Is(opp):
			if more && c.Level != 0 {
				return reply.Section{}, reply.Refuse(fmt.Sprintf("%s plays a game of more than two at its default level", opp.Name), "Leave \"level\" out.")
			}
			if level, err = botChallenge(u, opp, u.Actor, level); err != nil {
				return reply.Section{}, err
			}
			st.Accepted, bot = u.Now, opp // the bot takes its seat at once
		}
		if opp != nil {
			st.PlayerID, who = opp.ID, opp.Name
		}
		if slices.Contains(ch.Seats, st) {
			return reply.Section{}, reply.Refuse(fmt.Sprintf("%s is named twice", who))
		}
		ch.Seats = append(ch.Seats, st)
		asked = append(asked, who)
	}
	if level != 0 && bot == nil {
		whom := "a person"
		if more {
			whom = "people"
		}
		return reply.Section{}, reply.Refuse("only the bot plays at a level", "Leave \"level\" out when you challenge "+whom+".")
	}
	for len(ch.Seats) < len(seats)-1 {
		ch.Seats = append(ch.Seats, archive.ChallengeSeat{})
	}
	if err := u.Tx.AddChallenge(ch); err != nil {
		return reply.Section{}, err
	}
	if err := markUnrated(u, c, ch.ID); err != nil {
		return reply.Section{}, err
	}
	if err := u.Tx.AddEvent(u.Now, "challenge", ch.ID, u.Actor.ID, info.Name+" "+ch.Config); err != nil {
		return reply.Section{}, err
	}
	if !slices.ContainsFunc(ch.Seats, unaccepted) {
		return botStarts(u, ch, bot, level) // the bot was the one seat to fill
	}
	what := challengeWhat(ch, info, seats, ctl, u.Actor.Name, c.Unrated)
	if err := askSeats(u, ch, info, cfg, what, asked); err != nil {
		return reply.Section{}, err
	}
	sec := reply.Section{Title: fmt.Sprintf("challenge #%d: %s", ch.ID, what), Game: ch.ID}
	open := len(seats) - 1 - len(named)
	switch st := ch.Seats[0]; {
	case more:
		if len(asked) > 0 {
			sec.Lines = append(sec.Lines, fmt.Sprintf("Asked: %s.", strings.Join(asked, ", ")))
		}
		if bot != nil {
			sec.Lines = append(sec.Lines, fmt.Sprintf("%s took its seat at once and plays at level %d of %d.", bot.Name, u.Club.Bot.Level, search.MaxLevel))
		}
		if open > 0 {
			sec.Lines = append(sec.Lines, fmt.Sprintf("%s open to anyone: \"accept %d\" takes one.", words.Count(open, "seat is", "seats are"), ch.ID))
		}
		sec.Lines = append(sec.Lines, fmt.Sprintf("The game starts when every seat is taken and accepted. \"cancel %d\" withdraws it.", ch.ID))
	case st.PlayerID != 0:
		sec.Lines = []string{fmt.Sprintf("%s has been asked; the game starts when they accept. \"cancel %d\" withdraws it.", asked[0], ch.ID)}
	case st.Address != "":
		sec.Lines = []string{fmt.Sprintf("%s is not registered yet and got an invitation. \"cancel %d\" withdraws it.", st.Address, ch.ID)}
	default:
		sec.Lines = []string{fmt.Sprintf("Anyone may accept it with \"accept %d\". \"cancel %d\" withdraws it.", ch.ID, ch.ID)}
	}
	return sec, nil
}

// markUnrated records that the challenge id of c, which said "unrated",
// and the game it becomes are not rated.
func markUnrated(u *work.Unit, c notation.Command, id int64) error {
	if !c.Unrated {
		return nil
	}
	return u.Tx.SetUnrated(id)
}

// challengeWhat says what ch proposes: "Initiative (standard), 3 days per
// move, alice plays a side drawn at random"; "Superial Chess for 4
// (multiplayer players=4), ..., alice plays North".
func challengeWhat(ch *archive.Challenge, info engine.Info, seats []string, ctl clock.Control, challenger string, unrated bool) string {
	title := info.Title
	if engine.OthersPlayOn(len(seats)) {
		title = fmt.Sprintf("%s for %d", info.Title, len(seats))
	}
	what := fmt.Sprintf("%s (%s), %s, %s plays %s", title, ch.Config, ctl.Describe(), challenger, seatText(ch.Side, seats))
	if unrated {
		what += ", unrated"
	}
	return what
}

// askSeats mails each player and address ch names (asked, in its seats'
// order) the challenge of info played with cfg: a player the challenge,
// with the seats of cfg, an address an invitation.
// In a game of more, each hears who else is asked.
func askSeats(u *work.Unit, ch *archive.Challenge, info engine.Info, cfg engine.Config, what string, asked []string) error {
	more := engine.OthersPlayOn(len(ch.Seats) + 1)
	open := len(ch.Seats) - len(asked)
	subject, err := games.ChallengeSubject(u, ch)
	if err != nil {
		return err
	}
	for i, st := range ch.Seats[:len(asked)] {
		with := ""
		if more {
			with = "with " + seatsText(slices.Delete(slices.Clone(asked), i, i+1), open)
		}
		if st.PlayerID == 0 {
			if err := invite(u, ch, info, st.Address, what, with); err != nil {
				return err
			}
			continue
		}
		opp, err := u.Tx.PlayerByID(st.PlayerID)
		if err != nil {
			return err
		}
		intro := []string{
			fmt.Sprintf("%s challenges you to a game of %s (challenge #%d). Reply \"accept\" to play, \"decline\" to say no.", u.Actor.Name, info.Title, ch.ID),
			fmt.Sprintf("The game: %s.", what)}
		accept := "starts the game"
		if more {
			intro[0] = fmt.Sprintf("%s challenges you to a game of %s, %s (challenge #%d). Reply \"accept\" to play, \"decline\" to say no.", u.Actor.Name, info.Title, with, ch.ID)
			intro = append(intro, "The game starts when every player has accepted; anyone who declines cancels it.")
			accept = "takes your seat"
		}
		err = u.Send(reply.Mail{To: opp.Address, Player: opp, Game: ch.ID, Subject: subject, Auto: "auto-generated",
			View: reply.View{Intro: intro,
				Sections: []reply.Section{{Title: info.Title, Lines: []string{info.Description}, Pre: games.Describe(info, cfg)}},
				HowTo:    []string{fmt.Sprintf("\"accept %d\" %s, \"decline %d\" says no; a reply to this mail may leave the number out.", ch.ID, accept, ch.ID), "\"rules " + info.Name + "\" sends the rules."}}})
		if err != nil {
			return err
		}
	}
	return nil
}

// invite mails address, which has no player, the invitation to challenge
// ch of info: what says the game, with the other players of a game of more
// than two ("" for two).
func invite(u *work.Unit, ch *archive.Challenge, info engine.Info, address, what, with string) error {
	if with != "" {
		with = ", " + with
	}
	if err := u.Tx.AddInvitation(address, u.Actor.ID, u.Now); err != nil {
		return err
	}
	return u.Send(reply.Mail{To: address, Subject: fmt.Sprintf("[postal #%d] %s invites you to play %s", ch.ID, u.Actor.Name, info.Title), Auto: "auto-generated",
		View: reply.View{Intro: []string{
			fmt.Sprintf("%s invites you to play %s by email with postal, a club for correspondence games%s.", u.Actor.Name, info.Title, with),
			fmt.Sprintf("The game: %s.", what),
			fmt.Sprintf("To join, reply with a line \"register NAME\" (a name of your choice: a letter, then letters, digits, '-' or '_'), and reply to postal's answer, which confirms that this address is yours; then \"accept %d\" plays, \"decline %d\" says no thanks.", ch.ID, ch.ID),
			"If you do not want to play, ignore this mail: postal will not write again unless someone invites you.",
		}, Sections: []reply.Section{{Title: info.Title, Lines: []string{info.Description}}}}})
}

// opponent finds the player a challenge names, by name or address: the
// player, or, for an address not registered, the address to invite, if
// mayInvite allows it.
func opponent(u *work.Unit, arg string, mayInvite MayInvite) (*archive.Player, string, error) {
	var opp *archive.Player
	var err error
	if strings.Contains(arg, "@") {
		if u.Club.IsOwn(arg) {
			return nil, "", reply.Refuse("postal does not play against itself")
		}
		opp, err = u.Tx.PlayerByAddress(arg)
		if errors.Is(err, archive.ErrNotFound) {
			return nil, arg, mayInvite(strings.ToLower(arg))
		}
	} else if bot := u.Club.Bot; bot != nil && arg == bot.Name {
		if opp, err = bot.Player(u); errors.Is(err, work.ErrBotName) {
			opp, err = u.Tx.PlayerByName(arg) // a person's name, as it was before the bot
		}
	} else {
		opp, err = u.Tx.PlayerByName(arg)
		if errors.Is(err, archive.ErrNotFound) {
			return nil, "", reply.Refuse(fmt.Sprintf("there is no player called %s", arg), "Challenge them by email address instead: postal will invite them.")
		}
	}
	if err != nil {
		return nil, "", err
	}
	if opp.ID == u.Actor.ID {
		return nil, "", reply.Refuse("you cannot challenge yourself")
	}
	return opp, "", nil
}
