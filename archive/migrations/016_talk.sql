-- Foresight and conversation (issue 26).

-- Conditional moves: each row is one line of a player's tree of branches in
-- a game, from the position at ply (the game's ply when the line was given
-- or last advanced). steps holds the moves of the line in order, one a
-- line, each "SEAT<TAB>MOVE" with SEAT the seat that plays it (-1 for
-- chance); the player's own answers are among them.
CREATE TABLE conditions (
	game_id   INTEGER NOT NULL REFERENCES games(id),
	player_id INTEGER NOT NULL REFERENCES players(id),
	seq       INTEGER NOT NULL,                    -- the order given
	ply       INTEGER NOT NULL,
	steps     TEXT NOT NULL,
	PRIMARY KEY (game_id, player_id, seq)
);

-- What the players said in a game (or in its challenge: they share their
-- number), and the lines of conditional moves they gave: kind "say" or
-- "if". ply is the game's ply when it was said (0 before the first move).
-- The record shows them as comments once the game is over, as the players
-- allow.
CREATE TABLE talk (
	id        INTEGER PRIMARY KEY,
	game_id   INTEGER NOT NULL,
	player_id INTEGER NOT NULL REFERENCES players(id),
	ply       INTEGER NOT NULL,
	kind      TEXT NOT NULL,
	text      TEXT NOT NULL,
	at        TEXT NOT NULL
);
CREATE INDEX talk_game ON talk(game_id, id);

-- A message changes what the game's page will show once the game is over:
-- the game gets a change number (migration 007), so the site publishes a
-- message said after the end too.
CREATE TRIGGER talk_seq_insert AFTER INSERT ON talk BEGIN
	UPDATE games SET seq = (SELECT MAX(seq) FROM games) + 1 WHERE id = NEW.game_id;
END;

-- Private notes: one a player and game, shown only to that player.
CREATE TABLE notes (
	game_id   INTEGER NOT NULL,
	player_id INTEGER NOT NULL REFERENCES players(id),
	text      TEXT NOT NULL,
	at        TEXT NOT NULL,
	PRIMARY KEY (game_id, player_id)
);

-- A player's settings beyond reminders: publish-messages (default on) and
-- publish-conditions (default off). A setting without a row has its
-- default.
CREATE TABLE player_settings (
	player_id INTEGER NOT NULL REFERENCES players(id),
	name      TEXT NOT NULL,
	value     TEXT NOT NULL,
	PRIMARY KEY (player_id, name)
);
