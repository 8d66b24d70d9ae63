-- Clocks (issue 4): each game's time control, the time each player has
-- left, vacations, reminders sent and each player's reminder setting.
ALTER TABLE challenges ADD COLUMN control TEXT NOT NULL DEFAULT '';   -- clock.Control text; '' means "days N" of days
ALTER TABLE games ADD COLUMN control TEXT NOT NULL DEFAULT '';        -- clock.Control text; '' means "days N" of days_per_move
ALTER TABLE games ADD COLUMN turn_started TEXT NOT NULL DEFAULT '';   -- when the side to move began its turn
ALTER TABLE games ADD COLUMN banks TEXT NOT NULL DEFAULT '';          -- bank: seconds left of first and second, "s1 s2"
ALTER TABLE games ADD COLUMN paused TEXT NOT NULL DEFAULT '';         -- since when the clock to move is stopped (vacation)
ALTER TABLE games ADD COLUMN flagged TEXT NOT NULL DEFAULT '';        -- claim mode: when the opponent was told they may claim
ALTER TABLE players ADD COLUMN reminders TEXT NOT NULL DEFAULT 'each'; -- each, digest or none
ALTER TABLE players ADD COLUMN digest_sent TEXT NOT NULL DEFAULT '';

-- One row per reminder point sent for a turn (the game's ply), so a restart
-- neither repeats nor skips one.
CREATE TABLE reminders_sent (
	game_id INTEGER NOT NULL REFERENCES games(id),
	ply     INTEGER NOT NULL,
	point   INTEGER NOT NULL,                  -- index of the club's reminder point
	at      TEXT NOT NULL,
	PRIMARY KEY (game_id, ply, point)
);

CREATE TABLE vacations (
	id        INTEGER PRIMARY KEY,
	player_id INTEGER NOT NULL REFERENCES players(id),
	start     TEXT NOT NULL,
	until     TEXT NOT NULL,                   -- when it ends unless ended earlier
	ended     TEXT NOT NULL DEFAULT ''         -- when it ended; '' while it lasts
);
CREATE INDEX vacations_player ON vacations(player_id, ended);
