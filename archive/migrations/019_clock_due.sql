-- The clock loop reads only what is due (issue 27): clock_due holds, for
-- each game in progress with a clock, when the clock loop must next look at
-- it (a reminder point or the deadline). The loop reads the rows due by
-- now, through the index, and sleeps until the earliest; it never loads the
-- other games. The triggers put a game back to "look now" whenever a write
-- changes what its clock depends on, so no writer can forget it; the loop
-- then computes the exact time and writes it here. Rows of their own, not
-- a column of games: writing a due time must not count as a change of the
-- game for the site (games.seq).
CREATE TABLE clock_due (
	game_id INTEGER PRIMARY KEY REFERENCES games(id),
	due     TEXT NOT NULL
);
CREATE INDEX clock_due_at ON clock_due(due);
INSERT INTO clock_due (game_id, due)
	SELECT id, '0001-01-01T00:00:00.000Z' FROM games WHERE status = 'active' AND deadline != '';

CREATE TRIGGER clock_due_insert AFTER INSERT ON games WHEN NEW.status = 'active' AND NEW.deadline != '' BEGIN
	INSERT OR REPLACE INTO clock_due (game_id, due) VALUES (NEW.id, '0001-01-01T00:00:00.000Z');
END;

CREATE TRIGGER clock_due_update AFTER UPDATE OF status, deadline, turn_started, ply, paused, flagged ON games BEGIN
	DELETE FROM clock_due WHERE game_id = NEW.id;
	INSERT INTO clock_due (game_id, due)
		SELECT NEW.id, '0001-01-01T00:00:00.000Z' WHERE NEW.status = 'active' AND NEW.deadline != '';
END;

-- The vacations that end, by their end.
CREATE INDEX vacations_until ON vacations(ended, until);
