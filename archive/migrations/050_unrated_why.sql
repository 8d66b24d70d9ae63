-- Why a game is not rated (issue 35). Migration 014 marked every game over
-- before ratings began as unrated, alike with the games whose challenge
-- said "unrated": "postal ratings --recompute" then rated none of an
-- upgraded archive's games, and nothing told why. A row now says why:
-- '' the challenge said "unrated"; 'before-ratings' the game ended before
-- the archive had ratings, which "postal ratings --recompute --all" rates.
-- The games over when migration 014 ran ended before its time (no
-- challenge could say "unrated" before it).
ALTER TABLE unrated_games ADD COLUMN why TEXT NOT NULL DEFAULT '';
UPDATE unrated_games SET why = 'before-ratings'
	WHERE id IN (SELECT g.id FROM games g WHERE g.status = 'over'
		AND g.finished <= (SELECT applied FROM schema_version WHERE version = 14));
