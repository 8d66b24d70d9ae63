-- Which mails carry the board (issue 28: light mail): "mine" (the default:
-- the mails that ask for a move, and a game's start and end), "all" (also
-- reminders and the confirmation of one's own move) or "none" (only the
-- answers to "board" and "preview").
ALTER TABLE players ADD COLUMN boards TEXT NOT NULL DEFAULT 'mine';
