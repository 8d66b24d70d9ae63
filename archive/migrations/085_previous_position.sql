-- The position before a game's last ply, beside the last (position): a
-- game page draws its board from it, as a patch of the last one, so that
-- a reader's first step back shows without the rules engine. Games played
-- before this step have none (''), and their step back waits for the
-- engine, as before; their next move fills it.
ALTER TABLE games ADD COLUMN previous TEXT NOT NULL DEFAULT '';
