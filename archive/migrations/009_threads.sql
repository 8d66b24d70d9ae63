-- Threads (issue 16): a mail of a game's conversation refers to its first
-- mail and to the latest ones, so that mail clients keep one thread a game.
-- recent holds the Message-IDs of the latest mails, oldest first, separated
-- by spaces.
ALTER TABLE threads ADD COLUMN recent TEXT NOT NULL DEFAULT '';
