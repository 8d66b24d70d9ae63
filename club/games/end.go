package games

import (
	"fmt"
	"slices"

	"postal/archive"
	"postal/club/game"
	"postal/club/published"
	"postal/club/work"
	"postal/engine"
)

// DiceCommitted is what the first mails of a game with chance say about its
// dice: the commitment to the secret seed.
func DiceCommitted(row *archive.Game) []string {
	c := published.SeedCommitment(row)
	if c == "" {
		return nil
	}
	return []string{
		fmt.Sprintf("Fair dice: chance in this game draws from a secret seed, which postal reveals when the game ends. Its commitment, SHA-256 of \"postal-seed-v1:%d:SEED\", is", row.ID),
		c,
		"Keep it: with the seed, it lets anyone check that every throw was the seed's (\"help record\" says how).",
	}
}

// DiceRevealed is what the mails at the end of a game with chance say about
// its dice: the seed, now public.
func DiceRevealed(row *archive.Game) []string {
	c := published.SeedCommitment(row)
	if c == "" {
		return nil
	}
	return []string{fmt.Sprintf("Fair dice: the seed of game #%d was %d, committed to at the start as %s. \"postal replay\" on the record checks both the seed and every throw.", row.ID, row.Seed, c)}
}

// MessagesLine says whether the messages of gs, over, are published with
// its record (private unless every player allows it); "" for a
// game without messages.
func MessagesLine(u *work.Unit, gs *game.Game) (string, error) {
	said, err := u.Tx.TalkOf([]int64{gs.Row.ID})
	if err != nil || !slices.ContainsFunc(said[gs.Row.ID], func(s archive.Said) bool { return s.Kind == "say" }) {
		return "", err
	}
	published, err := published.MessagesPublished(u.Tx, gs.Row)
	switch {
	case err != nil:
		return "", err
	case u.Club.HideMessages:
		return "The messages of this game stay private: the club publishes none.", nil
	case published:
		return "The messages of this game are published with its record: every player said \"set publish-messages on\".", nil
	}
	return "The messages of this game stay private: they are published with its record only if every player writes \"set publish-messages on\".", nil
}

// Finish ends gs with r, whatever ended it (its last move, a draw agreed,
// a forfeit, the clock, a director), and tells everyone: the game-over
// mail goes to its players (but not the actor, whose reply says it) and
// its observers. Every end of a game passes here, in this order: the row
// ends (game.Game.End), the game is rated (Club.Ratings), the mails say
// the result, the dice, the ratings and what comes next (Club.Events),
// then the game's event moves on.
func Finish(u *work.Unit, gs *game.Game, r engine.Result) error {
	gs.End(r, u.Now)
	if err := u.Tx.UpdateGame(gs.Row); err != nil {
		return err
	}
	if err := u.Tx.AddEvent(u.Now, "over", gs.Row.ID, 0, gs.ResultText()); err != nil {
		return err
	}
	if err := u.Club.Ratings.Rate(u, gs); err != nil {
		return err
	}
	intro := append([]string{fmt.Sprintf("Game #%d is over: %s.", gs.Row.ID, gs.ResultText())}, DiceRevealed(gs.Row)...)
	if line, err := u.Club.Ratings.Line(u, gs.Row.ID); err != nil {
		return err
	} else if line != "" {
		intro = append(intro, line)
	}
	u.Ended = append(u.Ended, gs.Row)
	err := tellEach(u, gs, -1, func(p *archive.Player) ([]string, error) {
		next, err := u.Club.Events.EndLines(u, gs, p)
		return append(slices.Clip(intro), next...), err
	})
	if err != nil {
		return err
	}
	return u.Club.Events.GameOver(u, gs)
}
