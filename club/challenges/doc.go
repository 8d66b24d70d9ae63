// Package challenges is the challenges' room: a player proposes a game
// ("challenge PLAYER... GAME", "open GAME"), names its other players, by
// name or by an address to invite, or leaves seats open, and the game
// starts when every seat is taken and accepted ("accept"); anyone asked
// who declines, or the challenger who cancels, ends it for all ("decline",
// "cancel ID"). The club's bot is a player here too: a challenge naming it
// has its seat taken at once, and it takes the open challenges nobody took
// in time (BotTakesOpen). Each handler has the shape of a row of the
// club's command table, func(*work.Unit, notation.Command) (reply.Section,
// error); Challenge takes besides the mail's check of its invitations
// (MayInvite), which the accounts own.
//
// How a mail's command flows through it:
//
//  1. mail: the club's root reads an inbound mail, proves its sender and
//     makes a work.Unit; its dispatch hands "challenge" to Challenge with
//     the mail's MayInvite, "accept" to Accept, "decline" to Withdraw
//     (and "cancel ID", when ID is no event's name).
//  2. read: Proposal reads the game, its ruleset and options and the time
//     control (the club's by default); seatChoice the seat asked for
//     ("as second", "as black", "as north": engine.SeatNamed among the
//     seats of that game and ruleset, which the parser of notation does
//     not know); opponent each player named: a player, the
//     bot (work.Club.Bot, registered on first need), or an address of no
//     player, invited if MayInvite allows.
//  3. store: the challenge and its seats are written to the archive
//     (archive.Tx.AddChallenge; "unrated" marks it and its game unrated),
//     each one asked is mailed (a player the challenge, an address the
//     invitation), and the answer says whom it waits for.
//  4. accept: a seat is taken (takeSeat: the actor's own, an invited
//     address now theirs, or an open one); the others hear who accepted;
//     the last acceptance starts the game (games.Start), and the answer is
//     its first board (games.StartedSection).
//  5. withdraw: the challenge is declined or cancelled, and every other
//     player with an account hears there will be no game.
//
// Its lines elsewhere: Status is a challenge in "status", Line the first
// line of a reply about one; the events read their proposals with
// Proposal, and what comes next with Control.
package challenges
