-- Ratings (issue 25): Glicko-2 (club/rating), one list a game. Each rated
-- game that ends updates its players in the transaction that ends it.

-- The standing of each rated player in each list as of their last rated
-- game. A player is a person (level 0) or the club's bot at one level
-- (level N: the bot's levels are rated apart, "bot-2").
CREATE TABLE ratings (
	list      TEXT NOT NULL,                   -- rating.ListOf: "conflagration", "superial-chess-vs-chess"
	player_id INTEGER NOT NULL REFERENCES players(id),
	level     INTEGER NOT NULL DEFAULT 0,
	rating    REAL NOT NULL,
	rd        REAL NOT NULL,
	vol       REAL NOT NULL,
	games     INTEGER NOT NULL,
	last      TEXT NOT NULL,                   -- when their last rated game ended
	PRIMARY KEY (list, player_id, level)
);
CREATE INDEX ratings_player ON ratings(player_id);

-- One row per seat of each rated game: the rating the game started from
-- (after the periods the player was idle) and the one it gave. The site
-- plots it; "postal ratings --recompute" checks the stored ratings against
-- the games.
CREATE TABLE rating_history (
	game_id    INTEGER NOT NULL REFERENCES games(id),
	seat       INTEGER NOT NULL,
	list       TEXT NOT NULL,
	player_id  INTEGER NOT NULL REFERENCES players(id),
	level      INTEGER NOT NULL DEFAULT 0,
	rating_before REAL NOT NULL,
	rd_before  REAL NOT NULL,
	rating     REAL NOT NULL,
	rd         REAL NOT NULL,
	vol        REAL NOT NULL,
	at         TEXT NOT NULL,                  -- when the game ended
	PRIMARY KEY (game_id, seat)
);
CREATE INDEX rating_history_player ON rating_history(player_id, list, at);

-- The games not rated, by number: a challenge "... unrated" (a challenge
-- and its game share their number), and every game over before ratings
-- began, which was never rated.
CREATE TABLE unrated_games (
	id INTEGER PRIMARY KEY
);
INSERT INTO unrated_games (id) SELECT id FROM games WHERE status = 'over';

-- The club's bot, whose games are rated by level (bot_games): recorded
-- when its first rated game ends, so a recompute from the archive alone
-- knows it.
CREATE TABLE rating_bots (
	player_id INTEGER PRIMARY KEY REFERENCES players(id)
);
