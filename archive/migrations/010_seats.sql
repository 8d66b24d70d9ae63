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

-- A challenge of more than two players: the players asked besides the
-- challenger, in the order the challenge names them. A row names a player,
-- or an address not yet registered, or neither: an open seat anyone may
-- take. accepted is when its player accepted, '' until then; the game
-- starts when every row has accepted. Two-player challenges keep using
-- challenges.opponent_id and opponent_addr.
CREATE TABLE challenge_seats (
	challenge_id INTEGER NOT NULL REFERENCES challenges(id),
	n            INTEGER NOT NULL,               -- 1, 2, 3
	player_id    INTEGER REFERENCES players(id), -- NULL: an invited address, or an open seat
	address      TEXT NOT NULL DEFAULT '',       -- an invited address not yet registered
	accepted     TEXT NOT NULL DEFAULT '',
	PRIMARY KEY (challenge_id, n)
);
CREATE INDEX challenge_seats_player ON challenge_seats(player_id);

-- The seats that agreed to a draw in a game of more than two, which needs
-- every player still in (R13e): "0 2". Two-player games keep draw_offer.
ALTER TABLE games ADD COLUMN draw_agreed TEXT NOT NULL DEFAULT '';
