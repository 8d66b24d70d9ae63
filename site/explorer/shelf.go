package explorer

import "sync"

// Shelf keeps books between readings, each with the games its reader has
// looked at, so that the next reading adds only the games that came since:
// the club's "explore" by mail reads the club's finished games of a book
// once, not at each mail. Safe for use by several goroutines.
type Shelf struct {
	mu    sync.Mutex
	books map[string]*Shelved
}

// Shelved is a book on a shelf, and the games its reader looked at for
// it: those it counts, and those of its game type it does not (another
// book's, or a record the engine refuses).
type Shelved struct {
	Book *Book
	Seen map[int64]bool
}

// Take takes the book name off the shelf: nil when the shelf has none. Its
// taker puts it back (Put) once read, so that two readers never share one.
func (s *Shelf) Take(name string) *Shelved {
	s.mu.Lock()
	defer s.mu.Unlock()
	b := s.books[name]
	delete(s.books, name)
	return b
}

// Put puts b on the shelf as the book name, its nodes let go (the paths of
// its games stay: some 250 bytes a game).
func (s *Shelf) Put(name string, b *Shelved) {
	b.Book.Release()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.books == nil {
		s.books = map[string]*Shelved{}
	}
	s.books[name] = b
}
