package view

// Ladder is a ladder as its page shows it: its order, the climbs in play,
// and its changes, the latest first.
type Ladder struct {
	Reach, IdleDays int
	Order           []Rung
	Open            []Climb
	Changes         []Act // the record but the idle drops spent in place, the latest first
}

// Rung is a place on a ladder, with its player's climbs in play.
type Rung struct {
	Place int
	Name  string
	Note  string // "climbs carol (#12)", "defends against dave (#14)"
}

// Climb is a climb in play: its game, the climber and the defender and
// their places when it began.
type Climb struct {
	Game              int64
	Climber, Defender string
	From, To          int
}
