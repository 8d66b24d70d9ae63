-- A format's own numbers in one column of every tournament: word=N pairs,
-- by word, as its command writes them ("rounds=5"; a league's
-- "break=3 double=1 promote=1 season=0 size=6"; a ladder's "idle=60
-- reach=3"), which the club reads into a map (club/event.Settings): a new
-- format's numbers need no column, and no migration, of their own. Filled
-- here from the columns that held them (tournaments.rounds, a league's and
-- a ladder's numbers in leagues), which stay for the archive's history but
-- are no longer read or written.
ALTER TABLE tournaments ADD COLUMN settings TEXT NOT NULL DEFAULT '';

UPDATE tournaments SET settings = 'rounds=' || rounds WHERE format = 'swiss';

UPDATE tournaments SET settings = (
	SELECT 'break=' || l.break_days || CASE WHEN l.twice != 0 THEN ' double=1' ELSE '' END ||
		' promote=' || l.promote || ' season=' || l.season_days || ' size=' || l.size
	FROM leagues l WHERE l.tournament_id = tournaments.id)
WHERE format = 'league' AND id IN (SELECT tournament_id FROM leagues);

UPDATE tournaments SET settings = (
	SELECT 'idle=' || l.idle_days || ' reach=' || l.reach
	FROM leagues l WHERE l.tournament_id = tournaments.id)
WHERE format = 'ladder' AND id IN (SELECT tournament_id FROM leagues);
