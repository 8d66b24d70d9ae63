// Package event holds the rules of the club's events (tournaments, leagues
// and ladders) apart from mail and SQL. An Event is an event as its rules
// see it: its format, seats, entrants, games and byes. Asked to start, or
// to move on after one of its games ended or an entrant left, it answers
// with the steps to carry out (start these games, give these byes, replay
// this match, finish with this winner, annul these results), which the
// club carries out (club/tournaments): it stores them, starts the games
// and tells the players. The event changes nothing outside itself, so the
// same questions get the same answers in a test, in the club and on the
// site.
//
// Each format is one file: an implementation of Format (roundrobin.go with
// tables.go, swiss.go, knockout.go, league.go, ladder.go) and its Kind,
// listed once in the registry (registry.go), which is all the club, its
// command language, its loader and its pages know of formats by name.
// What a format does beyond what every format does it says by the optional
// interfaces of abilities.go (it takes entrants while it runs, its players
// leave in a way of its own, work falls due by the clock, it plays in
// seasons, its players climb an order, its rounds have deadlines, ...),
// which the club asks instead of knowing formats by their types.
//
// # Adding an event format
//
// A format that "tournament" proposes ("tournament NAME GAME cup groups 4
// advance 2") and that answers what every format answers touches two
// non-test files, both here:
//
//  1. club/event/FORMAT.go: the format, implementing Format (format.go:
//     Name, Words, Limit, Start, Next, Where, Started, Table); where the
//     defaults do not say it, how it goes on for the start's mail
//     (planner, plan.go), what follows a game (afterGamer), its fixed
//     number of rounds (counted), what its field needs (fielder, needs.go)
//     and its own standings (reporter, standings.go); any optional
//     interface of abilities.go it needs (Paced for round deadlines,
//     Checker for settings no event could play, Placer for its games'
//     places, ...); and its Kind: Name, Verb notation.CmdTournament, the
//     number written after its name (Count) and those by word (Numbers),
//     their Defaults, Make (the format from its settings: the numbers by
//     word, as stored), Page TournamentPage.
//  2. club/event/registry.go: its Kind's line in kinds.
//
// Nothing else: the command table (club/table.go) reads the usage line of
// "tournament" and the language's formats from the registry
// (TournamentUsage, TournamentFormats) and hands them to notation, which
// imports nothing of the club; the archive stores its numbers in
// tournaments.settings (no migration); club/stored makes it from them
// (FormatOf); club/tournaments carries out its steps and asks its
// abilities by interface; club/published and the site show it by its
// Kind's Page, its standings or bracket and its rounds (Where). No code
// outside FORMAT.go names its type. For people, a paragraph in
// docs/commands.md says it (no code reads it); its tests sit beside it
// (club/event/FORMAT_test.go; registry_test.go's expected usage line
// names it).
//
// A format needing more than that (a verb of its own, state of its own in
// the archive, steps of its own: a league's seasons, a ladder's climbs)
// also needs its verb in notation (a Verb, its Syntax), its verb's row in
// club/table.go, its Kind's own Verb and Page, its handlers and the
// carriers of its steps in club/tournaments (as league.go, season.go,
// ladder.go), its tables and their loader in archive and club/stored, and
// its page in club/published and site/ (as leagues.go, ladders.go,
// league_page.go).
package event
