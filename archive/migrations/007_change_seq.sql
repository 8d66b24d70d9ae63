-- A change sequence for the readers that follow the games (the site's
-- publisher): every change of a game, or a move added to it, gives the game
-- a number greater than any given before. A reader that remembers the
-- greatest number it has read asks for the games above it and gets exactly
-- what changed since, whatever the clocks say (a row dated in the future
-- hid later changes from the old "updated since" reading). Writers are
-- serialized, so numbers are handed out in commit order; the triggers give
-- them out, so no writer can forget.
ALTER TABLE games ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;
UPDATE games SET seq = id;
CREATE INDEX games_seq ON games(seq);

CREATE TRIGGER games_seq_insert AFTER INSERT ON games BEGIN
	UPDATE games SET seq = (SELECT MAX(seq) FROM games) + 1 WHERE id = NEW.id;
END;

-- WHEN: the triggers' own updates change seq and must not fire again.
CREATE TRIGGER games_seq_update AFTER UPDATE ON games WHEN NEW.seq = OLD.seq BEGIN
	UPDATE games SET seq = (SELECT MAX(seq) FROM games) + 1 WHERE id = NEW.id;
END;

CREATE TRIGGER moves_seq_insert AFTER INSERT ON moves BEGIN
	UPDATE games SET seq = (SELECT MAX(seq) FROM games) + 1 WHERE id = NEW.game_id;
END;
