package club

import "postal/club/work"

// job is a unit of work (work.Unit) as the club's root carries it out,
// with the service that made it.
type job struct {
	*work.Unit
	s *Service
}
