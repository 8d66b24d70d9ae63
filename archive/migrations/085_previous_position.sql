-- The position before a game's last ply, beside the last (position): a
-- game page draws its board from it, as a patch of the last one, so that
-- a reader's first step back shows without the rules engine. Games played
-- before this step have none (''); the daemon fills it in the background,
-- replaying their records (club/games: FillPrevious), and finds them by
-- the index below, which holds only them.
ALTER TABLE games ADD COLUMN previous TEXT NOT NULL DEFAULT '';

CREATE INDEX games_previous_missing ON games(id) WHERE previous = '' AND ply > 0;
