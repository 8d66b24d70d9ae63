// Package stored reads the archive's rows as the club's rules see them: a
// tournament as its event (club/event: its format, entrants, games, byes
// and players' names, a league's season in play, a ladder's climbs), the
// seats of its games, and the ruleset and options a game or a tournament
// stores as text.
//
// Both sides of the club read through it: the write path (the commands and
// the clock, which decide with an event's rules and store what they
// answer) and the loader of the site's pages, club/published, which words
// the event for its page. So the club runs its events without the site's
// read side, and the pages show what the rules decide.
package stored
