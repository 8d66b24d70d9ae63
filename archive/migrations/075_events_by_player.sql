-- Issue 32, second round: what a player asked for lately ("address add"
-- mails a confirmation to an address of no player, a few a day) is counted
-- from the events, by player, kind and time.
CREATE INDEX events_player_kind ON events(player_id, kind, at);
