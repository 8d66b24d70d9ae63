// Package club is postal's game service: it reads one inbound mail, works out
// who sent it and what it asks, changes the games, and writes the replies and
// notices to the outbox, all in one archive transaction. It never talks SMTP
// or IMAP; the mailer package moves the mail.
//
// The root is the club's front door and its wiring, not its rooms: what a
// command does lives in the domain packages (club/accounts, club/challenges,
// club/games, club/ratings, club/tournaments), each a function of a
// work.Unit, so it can be tested on a real archive without mail. The root
// keeps what only the service as a whole knows: its options, the mail's
// way in and out, the command table, the bot's loop and the clock's pass.
//
// How a mail flows through it:
//
//  1. Handle (service.go): the DKIM check, which may ask DNS, runs before
//     the transaction; then, in one transaction, a mail seen before is
//     skipped and the rest is recorded (handle.go, run).
//  2. prove: club/accounts weighs the mail's claims (reply tokens, keys,
//     DKIM) against its From address; what it proves decides which
//     commands the mail may give (the table's accounts.Need).
//  3. dispatch: the mail's commands are parsed with the club's language
//     (table.go: one row a verb, its spec, what it changes and its
//     handler) and each row's handler is called with the mail's work.Unit.
//  4. answer: the handlers answer with reply sections and queue notices
//     on the unit; the root renders the reply and the notices (mail.go)
//     into the outbox in the same transaction, so a failure changes
//     nothing and sends nothing.
//
// The clock flows the same way without a mail: Tick (tick.go) makes a
// unit for what falls due and hands it to club/games (clocks, reminders,
// digests) and club/tournaments (start days, rounds, seasons, lapses).
// What a game's end does in the rooms above the games (its ratings, its
// event) reaches them through the ports on work.Club, which New sets:
// ratings.Lists and tournaments.Events.
package club
