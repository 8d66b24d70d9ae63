-- Tournaments by mail (issue 25). Every game of a tournament is an ordinary
-- game (games, moves, clocks); tournament_games says which event and round
-- it belongs to. Byes are no games: tournament_byes holds them.
CREATE TABLE tournaments (
	id          INTEGER PRIMARY KEY,
	name        TEXT NOT NULL UNIQUE,            -- lower case, a player name's form
	director_id INTEGER NOT NULL REFERENCES players(id), -- the organiser
	game        TEXT NOT NULL,
	config      TEXT NOT NULL,                   -- ruleset and options, engine.Config.String()
	format      TEXT NOT NULL,                   -- round-robin, double-round-robin, swiss, knockout
	rounds      INTEGER NOT NULL DEFAULT 0,      -- a Swiss's rounds; 0 for the others
	max_players INTEGER NOT NULL DEFAULT 0,      -- 0: no limit
	days        INTEGER NOT NULL,
	control     TEXT NOT NULL,                   -- clock.Control text
	starts      TEXT NOT NULL DEFAULT '',        -- when it starts by itself; '' when the director starts it
	status      TEXT NOT NULL,                   -- open, running, over
	round       INTEGER NOT NULL DEFAULT 0,      -- the round in play (Swiss, knockout)
	winner_id   INTEGER REFERENCES players(id),
	note        TEXT NOT NULL DEFAULT '',        -- how it ended, when not by its last round
	created     TEXT NOT NULL,
	started     TEXT NOT NULL DEFAULT '',
	finished    TEXT NOT NULL DEFAULT '',
	updated     TEXT NOT NULL                    -- the site rebuilds pages updated since it last looked
);
CREATE INDEX tournaments_status ON tournaments(status, starts);

CREATE TABLE entrants (
	tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
	player_id     INTEGER NOT NULL REFERENCES players(id),
	joined        TEXT NOT NULL,
	seed          INTEGER NOT NULL DEFAULT 0,    -- 1 the strongest, by rating at the start; 0 before
	rating        REAL NOT NULL DEFAULT 0,       -- the rating the seed was drawn by
	status        TEXT NOT NULL DEFAULT 'in',    -- in, left, removed, timed-out
	out_at        TEXT NOT NULL DEFAULT '',
	reason        TEXT NOT NULL DEFAULT '',
	annulled      INTEGER NOT NULL DEFAULT 0,    -- 1: their results do not count (round robin, under half played)
	PRIMARY KEY (tournament_id, player_id)
);
CREATE INDEX entrants_player ON entrants(player_id);

CREATE TABLE tournament_games (
	game_id       INTEGER PRIMARY KEY REFERENCES games(id),
	tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
	round         INTEGER NOT NULL,
	board         INTEGER NOT NULL                -- from 1; a knockout match keeps its board for its second game
);
CREATE INDEX tournament_games_event ON tournament_games(tournament_id, round);

CREATE TABLE tournament_byes (
	tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
	round         INTEGER NOT NULL,
	board         INTEGER NOT NULL DEFAULT 0,     -- a knockout's place in its bracket
	player_id     INTEGER NOT NULL REFERENCES players(id),
	PRIMARY KEY (tournament_id, round, player_id)
);

-- The director's acts (adjudicate, extend, remove), and the events of a
-- tournament people see on its page: every row is in the record.
CREATE TABLE tournament_acts (
	id            INTEGER PRIMARY KEY,
	tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
	at            TEXT NOT NULL,
	by_id         INTEGER REFERENCES players(id), -- NULL: the club itself
	act           TEXT NOT NULL,
	game_id       INTEGER,
	player_id     INTEGER,
	detail        TEXT NOT NULL DEFAULT ''
);
CREATE INDEX tournament_acts_event ON tournament_acts(tournament_id, id);

-- Players who asked for the standings by mail after every game of their
-- tournaments ("set tournament-news on").
CREATE TABLE tournament_news (
	player_id INTEGER PRIMARY KEY REFERENCES players(id)
);
