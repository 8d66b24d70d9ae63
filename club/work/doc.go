// Package work is the unit of work every change to the club goes through:
// one archive transaction, the time, the player it acts for, and the mails
// it queues (Unit), with what it knows of the club (Club: settings and
// ports). A mail's commands, a pass of the clock and a move of the bot
// each make one Unit; the domain packages (games, accounts, tournaments)
// take it as their first argument rather than hanging methods on one
// large type, so that each room of the club stays small and can be read,
// and tested, on its own.
//
// How a change flows: the club's root opens a transaction and makes a
// Unit; a command's handler (a row of the club's command table) calls
// into a domain package with it; the domain package reads and writes the
// archive through Unit.Tx, refuses with a *reply.Refusal, and writes to
// players with Unit.Send (rendered and queued by the mail adapter that
// the club set as Club.Post) or queues a game Notice, sent once at the end
// of the unit so that it shows the game as the change left it.
package work
