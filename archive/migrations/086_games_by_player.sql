-- A player's games in progress, read at every message (the bot looks at
-- its games after each one): by these two indexes and game_seats', the
-- games of the first and the second seat, instead of every game in
-- progress read and tested (archive: GamesOf).
CREATE INDEX games_first ON games(first_id, status);
CREATE INDEX games_second ON games(second_id, status);
