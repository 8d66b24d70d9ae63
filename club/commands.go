package club

import (
	"fmt"
	"strings"

	"postal/club/challenges"
	"postal/club/clock"
	"postal/club/games"
	"postal/club/reply"
	"postal/docs"
	"postal/engine"
	"postal/notation"
)

// help answers with the list of commands (helpIndex), one section of
// docs/commands.md, or a game's description.
func (h *handling) help(topic string) (reply.Section, error) {
	doc := docs.Commands()
	if topic == "" {
		return reply.Section{Title: "postal's commands", Doc: helpIndex()}, nil
	}
	if part := helpTopic(doc, topic); part != "" {
		return reply.Section{Title: "help on " + topic, Doc: part}, nil
	}
	if _, err := engine.Lookup(topic); err == nil {
		return games.Rules(h.Unit, notation.Command{Verb: notation.CmdRules, Arg: topic})
	}
	var topics []string
	for _, c := range commands {
		topics = append(topics, string(c.Verb))
	}
	return reply.Section{}, reply.Refuse(fmt.Sprintf("no help on %q", topic), "Topics: "+strings.Join(topics, ", ")+", or the name of a game (\"games\" lists them).")
}

// helpTopic returns the part of the document under the heading whose first
// word is topic ("### move ..."), up to the next heading.
func helpTopic(doc, topic string) string {
	var out []string
	in := false
	for _, line := range strings.Split(doc, "\n") {
		if strings.HasPrefix(line, "#") {
			words := strings.Fields(strings.TrimLeft(line, "#"))
			if in {
				break
			}
			in = len(words) > 0 && strings.EqualFold(strings.Trim(words[0], "`"), topic)
		}
		if in {
			out = append(out, line)
		}
	}
	return strings.TrimSpace(strings.Join(out, "\n"))
}

func (h *handling) status() (reply.Section, error) {
	if h.Actor == nil {
		return reply.Section{}, reply.Refuse("you are not registered", "Write \"register NAME\" first.")
	}
	playing, err := games.Of(h.Unit, h.Actor)
	if err != nil {
		return reply.Section{}, err
	}
	var b strings.Builder
	if len(playing) == 0 {
		b.WriteString("No games in progress.\n")
	}
	for _, gs := range playing {
		turn := gs.WhoMoves() + " to move"
		side := gs.Side(h.Actor)
		switch {
		case engine.Acts(gs.Pos, side):
			turn = "your move"
		case !gs.StillIn(side):
			// Out of a game of more (R13d): the game is still theirs to
			// follow, but no longer theirs to play.
			turn = fmt.Sprintf("you are out, %s; %s", gs.PlaceAmong(gs.Pos.Result(), side), turn)
		}
		fmt.Fprintf(&b, "#%d %s, move %d: %s", gs.Row.ID, gs.Title(), gs.MoveNumber(), turn)
		if !gs.Row.Deadline.IsZero() {
			fmt.Fprintf(&b, ", %s left", clock.Left(gs.Row.Deadline.Sub(h.Now)))
		}
		b.WriteString(gs.DrawStatus())
		b.WriteByte('\n')
		more, err := games.ConditionsStatus(h.Unit, gs) // a player's conditional moves and note, which only they see
		if err != nil {
			return reply.Section{}, err
		}
		b.WriteString(more)
	}
	chs, err := h.Tx.OpenChallenges(h.Actor.ID)
	if err != nil {
		return reply.Section{}, err
	}
	for _, ch := range chs {
		who, err := h.Tx.PlayerByID(ch.ChallengerID)
		if err != nil {
			return reply.Section{}, err
		}
		b.WriteString(challenges.Status(h.Unit, ch, who) + "\n")
	}
	return reply.Section{Title: "status of " + h.Actor.Name, Pre: strings.TrimRight(b.String(), "\n")}, nil
}
