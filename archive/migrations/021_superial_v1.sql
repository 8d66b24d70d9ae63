-- Superial Chess's multiplayer ruleset is rules version 2 since ruling R13g
-- (issue 27: a draw by the 100-ply rule or repetition ends the game before
-- anyone is put out). A game of version 1 says "v1" at the end of its
-- position text, and replays and goes on by version 1's rules. Every
-- multiplayer game in an archive written before this migration was started
-- by an earlier postal, under version 1: mark it so. (A game stored with
-- the mark already keeps one.)
UPDATE games SET position = position || ' v1'
WHERE game = 'superial-chess' AND position LIKE 'multiplayer %' AND position NOT LIKE '% v1';
