package challenges

import (
	"errors"
	"fmt"
	"postal/archive"
	"postal/club/games"
	"postal/club/reply"
	"postal/club/work"
	"postal/docs/words"
	"postal/engine"
	"postal/engine/search"
	"slices"
)

// The club's bot takes part in challenges as a player that answers at
// once: a challenge naming it has its seat taken as it is made, and an
// open challenge nobody took for the bot's TakeOpen is taken by it. What
// the bot is (its name, levels and limits) is work.Club.Bot; its thinking
// and moves are the club's process, not this package's.

// botChallenge checks a challenge to the bot at level (0: the default) by
// player before it is made: the bot is on, plays at that level, has room
// for another game, and player for another game with it. It returns the
// level to play at.
func botChallenge(u *work.Unit, bot, player *archive.Player, level int) (int, error) {
	o := u.Club.Bot
	if level == 0 {
		level = o.Level
	}
	if level < 1 || level > o.MaxLevel {
		return 0, reply.Refuse(fmt.Sprintf("%s plays at levels 1 to %d, not %d", bot.Name, o.MaxLevel, level), "Level 1 is the weakest.")
	}
	if o.MaxGames > 0 {
		playing, err := u.Tx.GamesOf(bot.ID)
		if err != nil {
			return 0, err
		}
		if len(playing) >= o.MaxGames {
			return 0, reply.Refuse(fmt.Sprintf("%s plays as many games as it may (%d)", bot.Name, len(playing)), "Try again when one of them has ended.")
		}
	}
	if limit := o.GamesPerPlayer; limit > 0 && player != nil {
		n, err := botGamesOf(u, bot, player)
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
func botGamesOf(u *work.Unit, bot, player *archive.Player) (int, error) {
	playing, err := u.Tx.GamesOf(player.ID)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, g := range playing {
		if slices.Contains(g.Players, bot.ID) {
			n++
		}
	}
	chs, err := u.Tx.OpenChallenges(player.ID)
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

// BotTakesOpen accepts, for the bot (its player), the open challenges
// older than its TakeOpen, while it has room for more games: a two-player
// one starts at once; in one of more, the bot takes an open seat (its
// acceptance may be the last, which starts the game). The club's bot loop
// calls it in a unit of its own, acting for the bot, before it looks for
// its moves.
func BotTakesOpen(u *work.Unit, bot *archive.Player) error {
	o := u.Club.Bot
	if o == nil || o.TakeOpen <= 0 {
		return nil
	}
	chs, err := u.Tx.OpenChallenges(bot.ID)
	if err != nil {
		return err
	}
	for _, ch := range chs {
		seated := slices.ContainsFunc(ch.Seats, func(st archive.ChallengeSeat) bool { return st.PlayerID == bot.ID })
		if ch.ChallengerID == bot.ID || u.Now.Sub(ch.Created) < o.TakeOpen || seated || !slices.ContainsFunc(ch.Seats, archive.ChallengeSeat.Open) {
			continue
		}
		var ue *reply.Refusal
		if _, err := botChallenge(u, bot, nil, 0); errors.As(err, &ue) {
			return nil // no room for more games
		} else if err != nil {
			return err
		}
		challenger, err := u.Tx.PlayerByID(ch.ChallengerID)
		if err != nil {
			return err
		}
		if n, err := botGamesOf(u, bot, challenger); err != nil {
			return err
		} else if limit := o.GamesPerPlayer; limit > 0 && n >= limit {
			continue // the challenger plays as many games with the bot as one may
		}
		gs, err := takeSeat(u, ch, bot)
		if errors.As(err, &ue) {
			u.Club.Log.Warn("club: the bot cannot take a seat", "challenge", ch.ID, "err", err)
			continue
		}
		if err != nil || gs == nil {
			return err
		}
		if err := u.Tx.SetBotLevel(gs.Row.ID, o.Level); err != nil {
			return err
		}
		u.Club.Log.Info("club: the bot took an open challenge", "game", gs.Row.ID, "game_type", ch.Game)
	}
	return nil
}

// botStarts starts the game of ch at once, the club's bot having taken its
// one seat at level, and answers the challenger with the board.
func botStarts(u *work.Unit, ch *archive.Challenge, bot *archive.Player, level int) (reply.Section, error) {
	gs, err := games.Start(u, ch, bot, nil, nil)
	if err != nil {
		return reply.Section{}, err
	}
	if err := u.Tx.SetBotLevel(gs.Row.ID, level); err != nil {
		return reply.Section{}, err
	}
	sec, err := games.StartedSection(u, gs, u.Actor)
	if err != nil {
		return reply.Section{}, err
	}
	intro := fmt.Sprintf("%s accepted at once and plays at level %d of %d.", bot.Name, level, search.MaxLevel)
	if engine.Acts(gs.Pos, gs.Side(bot)) {
		intro += " It moves first: its move comes by mail, usually within seconds."
	}
	sec.Lines = append([]string{intro}, sec.Lines...)
	return sec, nil
}
