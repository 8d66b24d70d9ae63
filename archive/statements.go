package archive

import (
	"context"
	"database/sql"
	"sync"
)

// statements keeps the archive's queries prepared, by their text, on the
// connections of one pool. SQLite compiles a statement's text anew for every
// query that is not prepared, and a move's handling, the site's update and
// a build's reading of every game run the same few hundred queries over and
// over: compiling them was a tenth of the daemon's time.
//
// A query is prepared on the pool between transactions, never inside one:
// the writer's pool is one connection, which its transaction holds. A
// query first met in a transaction runs unprepared and waits for the next
// transaction to begin (prepare).
type statements struct {
	pool    *sql.DB
	mu      sync.Mutex
	m       map[string]*sql.Stmt
	pending map[string]bool
}

// maxStatements bounds the queries kept prepared: a query whose text is
// built for its arguments (a list of ids) would otherwise add one for every
// list.
const maxStatements = 512

// get returns query prepared on the pool, or nil (the caller then runs it
// unprepared) and notes it for the next transaction to prepare.
func (s *statements) get(query string) *sql.Stmt {
	s.mu.Lock()
	defer s.mu.Unlock()
	if st, ok := s.m[query]; ok {
		return st
	}
	if len(s.m)+len(s.pending) < maxStatements {
		if s.pending == nil {
			s.pending = map[string]bool{}
		}
		s.pending[query] = true
	}
	return nil
}

// prepare prepares the queries noted since the last transaction began. It
// runs before a transaction begins, and holds no lock while it waits for
// a connection (the one it waits for may be in a transaction that asks
// for a statement).
func (s *statements) prepare(ctx context.Context) {
	s.mu.Lock()
	if len(s.pending) == 0 {
		s.mu.Unlock()
		return
	}
	var queries []string
	for q := range s.pending {
		queries = append(queries, q)
	}
	clear(s.pending)
	s.mu.Unlock()
	for _, q := range queries {
		st, err := s.pool.PrepareContext(ctx, q)
		if err != nil {
			continue // run unprepared, it reports its error itself
		}
		s.mu.Lock()
		if s.m == nil {
			s.m = map[string]*sql.Stmt{}
		}
		if old, ok := s.m[q]; ok {
			old.Close()
		}
		s.m[q] = st
		s.mu.Unlock()
	}
}

// close closes the statements kept, before their pool closes.
func (s *statements) close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, st := range s.m {
		st.Close()
	}
	s.m = nil
}

// prepared is query's statement for this transaction, or nil. A
// transaction asks its pool once per query text: a build reads every game
// through a few queries in one transaction, and each statement bound to a
// transaction stays with it until it ends.
func (t *Tx) prepared(query string) *sql.Stmt {
	if st, ok := t.bound[query]; ok {
		return st
	}
	ps := t.stmts.get(query)
	if ps == nil {
		return nil
	}
	st := t.tx.StmtContext(t.ctx, ps)
	if t.bound == nil {
		t.bound = map[string]*sql.Stmt{}
	}
	t.bound[query] = st
	return st
}

func (t *Tx) exec(query string, args ...any) (sql.Result, error) {
	if st := t.prepared(query); st != nil {
		return st.ExecContext(t.ctx, args...)
	}
	return t.tx.ExecContext(t.ctx, query, args...)
}

func (t *Tx) queryRow(query string, args ...any) *sql.Row {
	if st := t.prepared(query); st != nil {
		return st.QueryRowContext(t.ctx, args...)
	}
	return t.tx.QueryRowContext(t.ctx, query, args...)
}

func (t *Tx) query(query string, args ...any) (*sql.Rows, error) {
	if st := t.prepared(query); st != nil {
		return st.QueryContext(t.ctx, args...)
	}
	return t.tx.QueryContext(t.ctx, query, args...)
}
