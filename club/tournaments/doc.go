// Package tournaments is the events' room: tournaments, leagues and ladders
// in the archive, by mail and by the clock. The rules of events are
// club/event's (pure: no mail, no SQL); this package loads an event,
// asks its rules, and carries out what they answer. It holds the handlers
// of the events' commands ("tournament", "tournaments", "join", "leave",
// "start", "standings", "adjudicate", "extend", "remove", "codirector",
// "league", "ladder", "climb", "cancel NAME", "set tournament-news"), each
// a function of the unit of work and the command, func(*work.Unit,
// notation.Command) (reply.Section, error), so that a row of the club's
// command table calls one; what the games ask of their events
// (work.Events: Events); and the events' clock work (Tick), which the
// club's Service.Tick calls.
//
// How an event's step flows:
//
//  1. command: the club's root reads a mail, proves its sender, makes a
//     work.Unit and hands the command to a handler here (Join); the clock
//     calls Tick with a unit of its own, and the games call Events.GameOver
//     when one of an event's games ends.
//  2. load: the handler loads the event (loadEvent: its archive row and its
//     event as its rules see it, club/stored.Event, the format made from
//     the settings stored with it through club/event's registry) and
//     refuses what the actor may not do (the director's acts: directs,
//     selfjudge.go).
//  3. ask the rules: it asks club/event what to do: Event.Start,
//     Event.Next after a game ended, Event.Withdraw for a player who goes;
//     and, where a format does more than every format does, the optional
//     interface that says it (event.Joiner for an entry while it runs,
//     event.Leaver, event.Clocked for what falls due, event.Climbing for a
//     climb, event.Paced for a round's deadline, ...). Club code never
//     switches on a format's type or name.
//  4. carry out the steps (carry, run.go; the self-running formats' in
//     selfrunning.go, season.go, ladder.go): store them (the tournament's
//     round, byes, acts, entrants' seeds, a league's season), start games
//     through club/games (games.Start, with the event's place: its mails
//     and record name it), forfeit or finish games (games.Forfeit,
//     games.Finish, whose end comes back through Events.GameOver), and
//     finish the event.
//  5. tell the players: the reply's section, and mails (Unit.Send) to the
//     entrants and the director: the start and its plan (next.go), byes,
//     news of a player who went out (as the format's event.Audience says),
//     the standings to those who asked for them, the end; a league's one
//     mail a player a season; what comes next after each game
//     (Events.EndLines).
//
// Files: tournament.go the loaded event and the words every event takes;
// run.go an event's life (start, steps, a game's end, withdrawals, the
// mails of its end); change.go and cancel.go a director's mending and
// cancelling; director.go, selfjudge.go, codirector.go the director's
// acts and who may do them; standings.go; next.go what comes next;
// clock.go what the clock does; selfrunning.go, league.go, season.go and
// ladder.go the events that run themselves; events.go the games' port.
//
// Adding a format is club/event's (its doc says how): a format that only
// answers what every format answers (Start, Next, Withdraw) needs nothing
// here.
package tournaments
