package clock

import (
	"sync"
	"time"
)

// Clock tells the time. Everything in postal that needs now takes a Clock,
// so tests run a month of play in milliseconds.
type Clock interface {
	Now() time.Time
}

// Real is the wall clock.
type Real struct{}

func (Real) Now() time.Time { return time.Now() }

// Scaled runs Scale times faster than the wall clock from the moment it is
// made, for `postal demo --time-scale N`: with 86400, a day passes each
// second.
type Scaled struct {
	Scale float64
	start time.Time
	base  time.Time
}

// NewScaled returns a clock that starts at the current wall time and runs
// scale times faster.
func NewScaled(scale float64) *Scaled {
	now := time.Now()
	return &Scaled{Scale: scale, start: now, base: now}
}

func (s *Scaled) Now() time.Time {
	return s.base.Add(time.Duration(float64(time.Since(s.start)) * s.Scale))
}

// Fake is a clock that moves only when told to. It is safe for concurrent
// use.
type Fake struct {
	mu  sync.Mutex
	now time.Time
}

// NewFake returns a fake clock standing at t.
func NewFake(t time.Time) *Fake { return &Fake{now: t} }

func (f *Fake) Now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.now
}

// Advance moves the clock forward by d and returns the new time.
func (f *Fake) Advance(d time.Duration) time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.now = f.now.Add(d)
	return f.now
}

// Set moves the clock to t.
func (f *Fake) Set(t time.Time) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.now = t
}
