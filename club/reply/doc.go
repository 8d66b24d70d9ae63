// Package reply is what the club says: the sections of an answer or a
// notice (Section, Board), the data of a mail (View, Mail) and the refusal
// of a command (Refusal). The domain packages under club write them; the
// club's mail adapter renders them with the mail templates and queues them.
//
// A command that cannot be done returns a *Refusal: the reply shows it as
// an error and nothing changes. Explain is the one place where the typed
// errors of the engine, the clock and the events become refusals.
//
// What a reply repeats of a player's words is bounded here (Clip, Bound,
// Caret), and a mail that would grow too large gives way section by
// section (Shorten), so that whatever a message holds, its answer stays
// small enough for every mail server.
package reply
