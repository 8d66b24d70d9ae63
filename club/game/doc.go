// Package game is a game of the club as stored: its archive row, its rules
// (the engine and the position), its players by seat, its moves and where
// it stands in an event. Its methods answer what the mails and the club's
// rules ask of a game (who plays which seat, whose move it is, how it
// ended, in words) without the archive's transaction.
//
// A Game also owns its life (move.go, draw.go, leave.go): a move, a draw
// offered and agreed, a resignation, a forfeit, a time-out and the end.
// Each changes the Game and answers with an outcome (Moved, Draw, Left,
// TimeUp) that says what happened; club/games writes it to the archive and
// tells the players. So the rules of a game's life (R10, R13d, R13e) are
// tested here, without a database.
package game
