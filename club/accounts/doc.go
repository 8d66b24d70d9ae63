// Package accounts is who a mail is from and what it may do: the proof of
// a mail's sender, registration, a player's addresses and personal key,
// the strangers' budget and the rate limit, reserved names, and signed
// mail delivered again.
//
// # What proves a sender
//
// A From address names a player but proves nothing: anyone can write it.
// A proof counts only in mail whose From is one of its owner's addresses
// (the registered one, or one added with "address add" and confirmed by a
// reply to the club's mail). Then
//
//   - the personal key (a line "key KEY"; the archive keeps its hash), the
//     account's reply token (the plus-address club+TOKEN@host of a mail
//     about no game), a DKIM signature postal verified itself, aligned
//     with the From domain and bound to the whole mail (mailer/dkimproof),
//     and, only where the operator states that the club's mail server
//     removes forged copies, the topmost Authentication-Results header of
//     that server, prove the player for every command;
//   - the reply token of a mail about a game or challenge proves the
//     player for that game only, while it goes on; once the game is over,
//     for TokenGrace, for a look at it (record, moves, board) and nothing
//     else; then not at all.
//
// A proof of someone else's (a token or key in mail from an address not
// its owner's) changes nothing: the whole mail is refused with a plain
// answer that names no one, and the owner is told (misuse.go). A token
// that "key new" or "address remove" retired gets only "this address is
// no longer valid".
//
// A mail that proves nothing is not read. It is answered with a short
// plain note from the strangers' budget, or not at all: whoever its From
// names, its answer may go to a forged victim, so postal never sends much
// more than it got (budget.go, strangers.go). The one thing such a mail
// does is "register NAME" from an address of no player, which a reply
// from that address completes (registration.go).
//
// # The flow
//
// The club's mail flow makes a Proof of the inbound mail (NewProof, with
// the DKIM result SenderDKIM checked before the transaction; SeenBefore
// tells a signature seen before), and, in the mail's work.Unit:
//
//  1. Kept says what of the mail the archive stores; Unreadable answers a
//     mail too large or past the bounds of its structure;
//  2. ReadTokens looks up the reply addresses the mail was sent to, and
//     gives the game it is about; ReadKeys its key lines and registration
//     codes;
//  3. Prove weighs the claims against the From address and sets the
//     unit's Actor, or answers the mail itself (an Answer): a foreign or
//     retired proof refused, a registration completed, an address
//     confirmed;
//  4. Paid decides who pays for the answer: a mail that proved nothing is
//     answered from the strangers' budget (an Answer), a proven one counts
//     against its sender's rate limit;
//  5. each command that changes something asks Authorize (is the proof
//     good for it?), every command AfterGame (a finished game's token only
//     looks back); the account's own commands are Register, Key and
//     Address, each of the command table's shape
//     func(*work.Unit, *Proof, notation.Command) (reply.Section, error).
//
// The package writes to players only through the unit (work.Unit.Send,
// and work.Unit.SendPlain for the plain answers to mail that proved
// nothing) and takes its settings from work.Club.
package accounts
