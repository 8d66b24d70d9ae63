-- One path for any number of seats (issue 33). Every challenge lists the
-- seats it asks for besides the challenger's in challenge_seats, a challenge
-- of two its one opponent's: a player, an invited address or an open seat.
-- A challenge of two that was accepted had its seat taken when it was, by
-- the player of its game who is not the challenger (an open challenge kept
-- no opponent: the game's mails name them, and keep doing so).
INSERT INTO challenge_seats (challenge_id, n, player_id, address, accepted)
	SELECT id, 1, player, CASE WHEN player IS NULL THEN opponent_addr ELSE '' END, CASE WHEN status = 'accepted' THEN updated ELSE '' END
	FROM (SELECT c.id, c.status, c.updated, c.opponent_addr,
			COALESCE(c.opponent_id, (SELECT CASE WHEN g.first_id = c.challenger_id THEN g.second_id ELSE g.first_id END FROM games g WHERE g.id = c.id)) AS player
		FROM challenges c
		WHERE NOT EXISTS (SELECT 1 FROM challenge_seats s WHERE s.challenge_id = c.id));

-- A tournament's table of three or four got a challenge row of two (its
-- first two players): its other seats are the game's.
INSERT INTO challenge_seats (challenge_id, n, player_id, address, accepted)
	SELECT g.game_id, g.seat, g.player_id, '', c.updated
	FROM game_seats g JOIN challenges c ON c.id = g.game_id
	WHERE NOT EXISTS (SELECT 1 FROM challenge_seats s WHERE s.challenge_id = g.game_id AND s.n = g.seat);

ALTER TABLE challenges DROP COLUMN opponent_id;
ALTER TABLE challenges DROP COLUMN opponent_addr;

-- One set of seats that agreed to a draw, in a game of two as in one of
-- more: an offer of two is the offerer's agreement.
UPDATE games SET draw_agreed = CAST(draw_offer AS TEXT)
	WHERE draw_offer IS NOT NULL AND status = 'active' AND draw_agreed = '';
ALTER TABLE games DROP COLUMN draw_offer;
