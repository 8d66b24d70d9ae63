-- What the running daemon says of itself, for postal status (issue 29): one
-- row a key, e.g. 'last_poll', the time the watcher last searched the
-- mailbox.
CREATE TABLE daemon_state (
	key   TEXT PRIMARY KEY,
	value TEXT NOT NULL
);
