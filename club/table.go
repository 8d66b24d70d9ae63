package club

import (
	"fmt"

	"postal/club/accounts"
	"postal/club/challenges"
	"postal/club/event"
	"postal/club/games"
	"postal/club/ratings"
	"postal/club/reply"
	"postal/club/tournaments"
	"postal/club/work"
	"postal/notation"
)

// command is one verb of the club's mail command language, a row of the
// table below: how it reads (notation.Spec: its word, the usage line its
// errors quote, its syntax, and whether a reply's tag may name its game),
// what its sender must prove, and what it does. The parser, the dispatcher,
// "help" and the check of docs/commands.md all read this one table, so a
// new verb is one row here and one handler.
type command struct {
	notation.Spec
	// changes reports whether the command, as written, changes a game, a
	// challenge, an event or the sender's account: then only a registered
	// player's mail that proves its sender may give it (proof.go), and a
	// reply address of a mail about one game proves only commands about
	// that game. A command that only reads may be given by anyone.
	changes func(notation.Command) bool
	do      handler
}

// handler does a command for the sender of a mail and answers with its
// section of the reply; a *reply.Refusal refuses it, any other error
// aborts the whole mail.
type handler func(h *handling, c notation.Command, p notation.Parsed) (reply.Section, error)

// The kinds of changes: a verb that only reads, one that always changes.
func reads(notation.Command) bool   { return false }
func changes(notation.Command) bool { return true }

// commands is the club's command language, in the order docs/commands.md
// and "help" present it. It is filled in init, as its handlers reach, far
// down, what reads it (a rematch writes a command).
var commands []command

func init() {
	commands = []command{
		{notation.Spec{Verb: notation.CmdRegister, Usage: "register NAME [CODE]", Syntax: notation.Registration}, reads, onProof(accounts.Register)},
		{notation.Spec{Verb: notation.CmdKey, Usage: "key KEY|new", Syntax: notation.KeyWords}, func(c notation.Command) bool { return c.Value == "new" }, onProof(accounts.Key)},
		{notation.Spec{Verb: notation.CmdHelp, Usage: "help [TOPIC|GAME]", Syntax: notation.Topic}, reads, onArg((*handling).help)},
		{notation.Spec{Verb: notation.CmdRules, Usage: "rules GAME", Syntax: notation.GameWord}, reads, onUnit(games.Rules)},
		{notation.Spec{Verb: notation.CmdGames, Usage: "games", Syntax: notation.NoWords}, reads, onUnit(games.List)},
		{notation.Spec{Verb: notation.CmdStatus, Usage: "status", Syntax: notation.NoWords}, reads, alone((*handling).status)},
		{notation.Spec{Verb: notation.CmdChallenge, Usage: "challenge PLAYER [PLAYER ...] GAME [RULESET] [NAME=VALUE ...] [level N] [as first|second|SIDE|random] [days N | bank START+INC/CAP | untimed] [unrated]", Syntax: notation.Challenge}, changes, onInviting(challenges.Challenge)},
		{notation.Spec{Verb: notation.CmdOpen, Usage: "open GAME [RULESET] [NAME=VALUE ...] [as first|second|SIDE|random] [days N | bank START+INC/CAP | untimed] [unrated]", Syntax: notation.Proposal}, changes, onInviting(challenges.Challenge)},
		{notation.Spec{Verb: notation.CmdAccept, Usage: "accept ID", Syntax: notation.OptionalID, Game: true}, changes, onUnit(challenges.Accept)},
		{notation.Spec{Verb: notation.CmdDecline, Usage: "decline ID", Syntax: notation.OptionalID, Game: true}, changes, onUnit(challenges.Withdraw)},
		{notation.Spec{Verb: notation.CmdCancel, Usage: "cancel ID | cancel NAME [REASON]", Syntax: notation.Cancel, Game: true}, changes, onCommand((*handling).cancel)},
		{notation.Spec{Verb: notation.CmdMove, Usage: "move [ID] [#N] MOVE", Syntax: notation.Move, Game: true}, changes, onLine(games.Move)},
		{notation.Spec{Verb: notation.CmdPreview, Usage: "preview [ID] MOVE | preview [ID] if MOVE MOVE ...", Syntax: notation.Preview, Game: true}, reads, onLine(games.Preview)},
		{notation.Spec{Verb: notation.CmdMoves, Usage: "moves [ID]", Syntax: notation.OptionalID, Game: true}, reads, onUnit(games.Moves)},
		{notation.Spec{Verb: notation.CmdBoard, Usage: "board [ID]", Syntax: notation.OptionalID, Game: true}, reads, onUnit(games.Board)},
		{notation.Spec{Verb: notation.CmdRecord, Usage: "record [ID]", Syntax: notation.OptionalID, Game: true}, reads, onUnit(games.Record)},
		{notation.Spec{Verb: notation.CmdIf, Usage: "if [ID] MOVE MOVE [MOVE MOVE ...] | if [ID] clear", Syntax: notation.Conditional, Game: true}, func(c notation.Command) bool { return c.Move != "" || c.Setting != "" }, onLine(games.Conditions)},
		{notation.Spec{Verb: notation.CmdConditions, Usage: "conditions [ID]", Syntax: notation.OptionalID, Game: true}, reads, onLine(games.Conditions)},
		{notation.Spec{Verb: notation.CmdSay, Usage: "say [ID] TEXT", Syntax: notation.Message, Game: true}, changes, onUnit(games.Say)},
		{notation.Spec{Verb: notation.CmdNote, Usage: "note [ID] TEXT|clear", Syntax: notation.Message, Game: true}, changes, onUnit(games.Note)},
		{notation.Spec{Verb: notation.CmdResign, Usage: "resign [ID]", Syntax: notation.OptionalID, Game: true}, changes, onUnit(games.Resign)},
		{notation.Spec{Verb: notation.CmdDraw, Usage: "draw [ID]", Syntax: notation.OptionalID, Game: true}, changes, onUnit(games.Draw)},
		{notation.Spec{Verb: notation.CmdClaim, Usage: "claim [ID]", Syntax: notation.OptionalID, Game: true}, changes, onUnit(games.Claim)},
		{notation.Spec{Verb: notation.CmdObserve, Usage: "observe ID", Syntax: notation.OptionalID, Game: true}, changes, onUnit(games.Observe)},
		{notation.Spec{Verb: notation.CmdUnobserve, Usage: "unobserve ID", Syntax: notation.OptionalID, Game: true}, changes, onUnit(games.Observe)},
		{notation.Spec{Verb: notation.CmdVacation, Usage: "vacation DAYS|off", Syntax: notation.Vacation}, changes, onUnit(games.Vacation)},
		{notation.Spec{Verb: notation.CmdSet, Usage: "set reminders each|digest|none | set boards all|mine|none | set publish-messages|publish-conditions|tournament-news on|off", Syntax: notation.Setting}, changes, onCommand((*handling).set)},
		{notation.Spec{Verb: notation.CmdAddress, Usage: "address [add|remove ADDRESS]", Syntax: notation.Address}, func(c notation.Command) bool { return c.Setting != "" }, onProof(accounts.Address)},
		{notation.Spec{Verb: notation.CmdRatings, Usage: "ratings [GAME]", Syntax: notation.OptionalGame}, reads, onUnit(ratings.List)},
		{notation.Spec{Verb: notation.CmdExplore, Usage: "explore GAME [RULESET] [NAME=VALUE ...] [MOVE ...]", Syntax: notation.Exploration}, reads, onLine(games.Explore)},

		{notation.Spec{Verb: notation.CmdTournament, Usage: "tournament NAME GAME [RULESET] [NAME=VALUE ...] " + event.TournamentUsage() + " [players N] [days N | bank START+INC/CAP | untimed] [starts YYYY-MM-DD]", Syntax: notation.EventProposal}, changes, onUnit(tournaments.Organise)},
		{notation.Spec{Verb: notation.CmdTournaments, Usage: "tournaments", Syntax: notation.NoWords}, reads, onUnit(tournaments.List)},
		{notation.Spec{Verb: notation.CmdJoin, Usage: "join NAME [bot]", Syntax: notation.Entry}, changes, onUnit(tournaments.Join)},
		{notation.Spec{Verb: notation.CmdLeave, Usage: "leave NAME", Syntax: notation.EventName}, changes, onUnit(tournaments.Leave)},
		{notation.Spec{Verb: notation.CmdStart, Usage: "start NAME", Syntax: notation.EventName}, changes, onUnit(tournaments.Start)},
		{notation.Spec{Verb: notation.CmdStandings, Usage: "standings NAME", Syntax: notation.EventName}, reads, onUnit(tournaments.Standings)},
		{notation.Spec{Verb: notation.CmdAdjudicate, Usage: "adjudicate GAME 1-0|0-1|draw", Syntax: notation.Adjudication}, changes, onUnit(tournaments.Adjudicate)},
		{notation.Spec{Verb: notation.CmdExtend, Usage: "extend GAME DAYS", Syntax: notation.Extension}, changes, onUnit(tournaments.Extend)},
		{notation.Spec{Verb: notation.CmdRemove, Usage: "remove PLAYER [from NAME] REASON", Syntax: notation.Removal}, changes, onUnit(tournaments.Remove)},
		{notation.Spec{Verb: notation.CmdCodirector, Usage: "codirector NAME PLAYER [off]", Syntax: notation.Codirection}, changes, onUnit(tournaments.Codirector)},

		{event.VerbSpec(notation.CmdLeague), changes, onUnit(tournaments.League)},
		{event.VerbSpec(notation.CmdLadder), changes, onUnit(tournaments.Ladder)},
		{notation.Spec{Verb: notation.CmdClimb, Usage: "climb NAME PLAYER", Syntax: notation.Climb}, changes, onUnit(tournaments.Climb)},
	}
	byVerb = map[notation.Verb]*command{}
	specs := make([]notation.Spec, len(commands))
	for i := range commands {
		byVerb[commands[i].Verb] = &commands[i]
		specs[i] = commands[i].Spec
	}
	language = notation.NewLanguage(specs, event.TournamentFormats())
}

// The shapes of handlers, each made a handler: most take the command, some
// only its one word, or nothing.
func onCommand(f func(*handling, notation.Command) (reply.Section, error)) handler {
	return func(h *handling, c notation.Command, _ notation.Parsed) (reply.Section, error) { return f(h, c) }
}

func onArg(f func(*handling, string) (reply.Section, error)) handler {
	return func(h *handling, c notation.Command, _ notation.Parsed) (reply.Section, error) { return f(h, c.Arg) }
}

// onUnit and onLine make handlers of the domain packages' commands, which
// take the unit of work rather than the mail.
func onUnit(f func(*work.Unit, notation.Command) (reply.Section, error)) handler {
	return func(h *handling, c notation.Command, _ notation.Parsed) (reply.Section, error) { return f(h.Unit, c) }
}

func onLine(f func(*work.Unit, notation.Command, notation.Parsed) (reply.Section, error)) handler {
	return func(h *handling, c notation.Command, p notation.Parsed) (reply.Section, error) {
		return f(h.Unit, c, p)
	}
}

// onProof makes a handler of the accounts' commands, which weigh the mail's
// proof of its sender.
func onProof(f func(*work.Unit, *accounts.Proof, notation.Command) (reply.Section, error)) handler {
	return func(h *handling, c notation.Command, _ notation.Parsed) (reply.Section, error) {
		return f(h.Unit, h.proof, c)
	}
}

// onInviting makes a handler of a command that may invite an address of
// no player ("challenge"): with the mail's check of what it may invite,
// which counts the mail's invitations.
func onInviting(f func(*work.Unit, notation.Command, challenges.MayInvite) (reply.Section, error)) handler {
	return func(h *handling, c notation.Command, _ notation.Parsed) (reply.Section, error) {
		return f(h.Unit, c, func(address string) error { return accounts.MayInvite(h.Unit, h.proof, address) })
	}
}

func alone(f func(*handling) (reply.Section, error)) handler {
	return func(h *handling, _ notation.Command, _ notation.Parsed) (reply.Section, error) { return f(h) }
}

var (
	byVerb map[notation.Verb]*command // the rows of commands by verb
	// language is the club's command language as the parser reads it:
	// the table's specs, and the formats of its tournaments.
	language *notation.Language
)

// Language is the club's command language: what the club's mail reads,
// for tools and tests that parse commands as the club does.
func Language() *notation.Language { return language }

// commandOf is the row of c's verb.
func commandOf(c notation.Command) *command {
	if row, ok := byVerb[c.Verb]; ok {
		return row
	}
	panic(fmt.Sprintf("club: no row for the verb %q", c.Verb))
}
