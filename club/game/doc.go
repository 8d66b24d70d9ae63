// Package game is a game of the club as stored: its archive row, its rules
// (the engine and the position), its players by seat, its moves and where
// it stands in an event. Its methods answer what the mails and the club's
// rules ask of a game (who plays which seat, whose move it is, how it
// ended, in words) without the archive's transaction: a Game is loaded by
// club/games and changed there, and read everywhere.
package game
