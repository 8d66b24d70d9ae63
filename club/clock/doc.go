// Package clock is postal's time: the injected source of now (real, fake for
// tests, or sped up for the demo) and the arithmetic of time controls,
// deadlines, reminder points and vacation allowances.
//
// How work flows through it: it stores nothing. The club keeps the state
// in SQLite (a game's deadline, its bank, a player's vacation days) and
// asks this package what follows from it: the deadline after a move
// (a Control and its bank), when the next reminder falls due, how a
// vacation moves a deadline, and how a time is said in a mail. The
// service's Tick reads what is due through the archive's indexes and
// hands each due game back here for the sums, so tests can run the
// club's whole clock with a fake now.
package clock
