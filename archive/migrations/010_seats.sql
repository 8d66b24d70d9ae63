-- Games of more than two players (issue 20: Superial Chess for three and
-- four, R13). Every game has a first and a second seat, which stay in
-- games.first_id and games.second_id, so two-player games are stored as
-- before; game_seats holds the seats from the third on.
CREATE TABLE game_seats (
	game_id   INTEGER NOT NULL REFERENCES games(id),
	seat      INTEGER NOT NULL,                -- 2, 3: as the engine numbers seats
	player_id INTEGER NOT NULL REFERENCES players(id),
	PRIMARY KEY (game_id, seat)
);
CREATE INDEX game_seats_player ON game_seats(player_id, game_id);

-- A move's player is the seat as the engine numbers it, from 0; chance, no
-- seat, is -1 (engine.Chance). It was 2 while games had two seats.
UPDATE moves SET player = -1 WHERE player = 2;
