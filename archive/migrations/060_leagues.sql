-- Leagues and ladders (issue 37): events that run themselves. Each is a
-- tournament (format 'league' or 'ladder'): its entrants, games, acts and
-- directors are a tournament's. A ladder's order is its entrants' seeds (1
-- the top; 0 off the ladder). A league's games are placed in their season
-- (tournament_games.round, which tournaments.round says is in play) and
-- their division (tournament_games.board).
CREATE TABLE leagues (
	tournament_id INTEGER PRIMARY KEY REFERENCES tournaments(id),
	size          INTEGER NOT NULL DEFAULT 0,   -- a league's players a division, as asked
	promote       INTEGER NOT NULL DEFAULT 0,   -- who move up and down between two divisions
	twice         INTEGER NOT NULL DEFAULT 0,   -- 1: double round robins
	break_days    INTEGER NOT NULL DEFAULT 0,   -- between a season's end and the next's start
	season_days   INTEGER NOT NULL DEFAULT 0,   -- a season's deadline; 0: none, its last game ends it
	reach         INTEGER NOT NULL DEFAULT 0,   -- a ladder's: how far up a climb goes
	idle_days     INTEGER NOT NULL DEFAULT 0,   -- a ladder's: after how long idle a player drops
	season_over   INTEGER NOT NULL DEFAULT 0,   -- 1: the season tournaments.round is over, the next not begun
	season_began  TEXT NOT NULL DEFAULT '',
	season_ended  TEXT NOT NULL DEFAULT '',
	-- When the clock must next look at it, as clock_due for games: the
	-- next season's start, a season's deadline, a ladder's next idle drop;
	-- '' for nothing. The clock reads the rows due through the index and
	-- sleeps until the earliest.
	due           TEXT NOT NULL DEFAULT ''
);
CREATE INDEX leagues_due ON leagues(due) WHERE due != '';

-- Each season's divisions: a row a player, with their final place once the
-- season is over.
CREATE TABLE league_places (
	tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
	season        INTEGER NOT NULL,
	player_id     INTEGER NOT NULL REFERENCES players(id),
	division      INTEGER NOT NULL,             -- 1 the top
	seed          INTEGER NOT NULL,             -- their seed in the division, from 1
	final_rank    INTEGER NOT NULL DEFAULT 0,   -- their final place; 0 while the season is played
	points        REAL NOT NULL DEFAULT 0,      -- their final points
	PRIMARY KEY (tournament_id, season, player_id)
);

-- Players who leave a league after the season in play ("leave NAME").
CREATE TABLE league_leaving (
	tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
	player_id     INTEGER NOT NULL REFERENCES players(id),
	asked         TEXT NOT NULL,
	PRIMARY KEY (tournament_id, player_id)
);

-- A ladder's climbs: a game each, its climber and defender, and how it
-- ended ('' while it is played, won: the climber took the place, held).
CREATE TABLE ladder_climbs (
	game_id       INTEGER PRIMARY KEY REFERENCES games(id),
	tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
	climber_id    INTEGER NOT NULL REFERENCES players(id),
	defender_id   INTEGER NOT NULL REFERENCES players(id),
	outcome       TEXT NOT NULL DEFAULT ''
);
CREATE INDEX ladder_climbs_event ON ladder_climbs(tournament_id, game_id);
