-- Co-directors (issue 32). A director who plays in a tournament does not
-- judge their own games: another admin of the club, or a co-director the
-- organiser named ("codirector NAME PLAYER"), must. A co-director directs the
-- tournament as its organiser does, except where they sit.
CREATE TABLE tournament_directors (
	tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
	player_id     INTEGER NOT NULL REFERENCES players(id),
	added         TEXT NOT NULL,
	PRIMARY KEY (tournament_id, player_id)
);
