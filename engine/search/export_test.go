package search

// Before27 returns opt searching with the tuning of before issue 27, for
// the strength tests that measure each change against it.
func Before27(opt Options) Options {
	t := before27
	opt.tune = &t
	return opt
}

// Tuned returns opt searching with UCT's constant c, and UCB1-Tuned or not.
func Tuned(opt Options, c float64, ucb1Tuned bool) Options {
	opt.tune = &tuning{explore: c, tuned: ucb1Tuned}
	return opt
}
