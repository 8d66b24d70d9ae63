-- The log of record. Times are UTC text "2006-01-02T15:04:05.000Z", which
-- sorts as it reads.

CREATE TABLE players (
	id        INTEGER PRIMARY KEY,
	name      TEXT NOT NULL UNIQUE,          -- lower case
	address   TEXT NOT NULL UNIQUE,          -- lower case
	key_hash  TEXT NOT NULL UNIQUE,          -- hex sha256 of the personal key
	created   TEXT NOT NULL
);

-- Secret tokens carried by every mail postal sends to a player (Reply-To
-- plus-address and subject). game_id is the game the mail was about.
CREATE TABLE tokens (
	token     TEXT PRIMARY KEY,
	player_id INTEGER NOT NULL REFERENCES players(id),
	game_id   INTEGER,                             -- a game or a challenge: they share numbers
	created   TEXT NOT NULL,
	UNIQUE (player_id, game_id)
);

-- Challenges share their number with the game they become.
CREATE TABLE challenges (
	id            INTEGER PRIMARY KEY AUTOINCREMENT,
	challenger_id INTEGER NOT NULL REFERENCES players(id),
	opponent_id   INTEGER REFERENCES players(id),  -- NULL: open, or invited address
	opponent_addr TEXT NOT NULL DEFAULT '',        -- an invited address not yet registered
	game          TEXT NOT NULL,
	config        TEXT NOT NULL,                   -- engine.Config.String()
	side          TEXT NOT NULL DEFAULT '',        -- the challenger's: first, second, random
	days          INTEGER NOT NULL,
	status        TEXT NOT NULL,                   -- open, accepted, declined, cancelled
	created       TEXT NOT NULL,
	updated       TEXT NOT NULL
);

CREATE TABLE games (
	id            INTEGER PRIMARY KEY,             -- the challenge's id
	game          TEXT NOT NULL,
	config        TEXT NOT NULL,                   -- ruleset and options
	seed          INTEGER NOT NULL,
	first_id      INTEGER NOT NULL REFERENCES players(id),
	second_id     INTEGER NOT NULL REFERENCES players(id),
	position      TEXT NOT NULL,                   -- engine Position.String()
	ply           INTEGER NOT NULL,
	status        TEXT NOT NULL,                   -- active, over
	result        TEXT NOT NULL DEFAULT '*',       -- 1-0, 0-1, 1/2-1/2, *
	termination   TEXT NOT NULL DEFAULT '',
	draw_offer    INTEGER,                         -- player index offering a draw
	days_per_move INTEGER NOT NULL DEFAULT 3,      -- time control
	deadline      TEXT NOT NULL DEFAULT '',        -- when the side to move runs out
	created       TEXT NOT NULL,
	updated       TEXT NOT NULL,
	finished      TEXT NOT NULL DEFAULT ''
);
CREATE INDEX games_deadline ON games(status, deadline);

CREATE TABLE moves (
	game_id    INTEGER NOT NULL REFERENCES games(id),
	ply        INTEGER NOT NULL,                   -- the ply the move made, from 1
	player     INTEGER NOT NULL,                   -- 0 first, 1 second, 2 chance
	move       TEXT NOT NULL,
	message_id TEXT NOT NULL DEFAULT '',
	at         TEXT NOT NULL,
	PRIMARY KEY (game_id, ply)
);

CREATE TABLE observers (
	game_id   INTEGER NOT NULL REFERENCES games(id),
	player_id INTEGER NOT NULL REFERENCES players(id),
	PRIMARY KEY (game_id, player_id)
);

-- One conversation per game and address: the Message-ID of its first mail.
CREATE TABLE threads (
	game_id INTEGER NOT NULL,
	address TEXT NOT NULL,
	root_id TEXT NOT NULL,
	PRIMARY KEY (game_id, address)
);

CREATE TABLE messages (
	id         INTEGER PRIMARY KEY,
	message_id TEXT NOT NULL UNIQUE,
	from_addr  TEXT NOT NULL,
	subject    TEXT NOT NULL,
	received   TEXT NOT NULL,
	outcome    TEXT NOT NULL,
	raw        BLOB
);
CREATE INDEX messages_from ON messages(from_addr, received);

CREATE TABLE commands (
	message INTEGER NOT NULL REFERENCES messages(id),
	seq     INTEGER NOT NULL,
	line    INTEGER NOT NULL,
	text    TEXT NOT NULL,
	result  TEXT NOT NULL,
	PRIMARY KEY (message, seq)
);

CREATE TABLE events (
	id        INTEGER PRIMARY KEY,
	at        TEXT NOT NULL,
	kind      TEXT NOT NULL,
	game_id   INTEGER,
	player_id INTEGER,
	detail    TEXT NOT NULL DEFAULT ''
);

CREATE TABLE outbox (
	id           INTEGER PRIMARY KEY,
	msg          TEXT NOT NULL,                    -- JSON of mailer.Outbound
	created      TEXT NOT NULL,
	attempts     INTEGER NOT NULL DEFAULT 0,
	next_attempt TEXT,                             -- NULL once sent or given up
	sent_at      TEXT,
	last_error   TEXT NOT NULL DEFAULT ''
);
CREATE INDEX outbox_due ON outbox(next_attempt) WHERE next_attempt IS NOT NULL;
