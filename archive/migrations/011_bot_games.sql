-- The level the club's bot plays at in each of its games (issue 19). A game
-- of the bot without a row here is played at the bot's default level.
CREATE TABLE bot_games (
	game_id INTEGER PRIMARY KEY REFERENCES games(id),
	level   INTEGER NOT NULL
);
