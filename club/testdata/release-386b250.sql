-- An archive as postal's release before issue 33 (commit 386b250) wrote it:
-- games of two and of four in progress with draw offers pending, open
-- challenges of two and of three, an invitation, a tournament of tables
-- and a Swiss running. Made by TestExportReleaseArchive (in
-- club/testdata/release-386b250.go.txt) run at 386b250, the sent mail and raw
-- messages then deleted (DELETE FROM outbox; DELETE FROM outbox_files;
-- UPDATE messages SET raw = NULL), and dumped with sqlite3 .dump.
PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE schema_version (version INTEGER NOT NULL PRIMARY KEY, applied TEXT NOT NULL);
INSERT INTO schema_version VALUES(1,'2026-11-27T15:46:14.113Z');
INSERT INTO schema_version VALUES(2,'2026-11-27T15:46:14.116Z');
INSERT INTO schema_version VALUES(3,'2026-11-27T15:46:14.120Z');
INSERT INTO schema_version VALUES(4,'2026-11-27T15:46:14.126Z');
INSERT INTO schema_version VALUES(5,'2026-11-27T15:46:14.130Z');
INSERT INTO schema_version VALUES(7,'2026-11-27T15:46:14.132Z');
INSERT INTO schema_version VALUES(8,'2026-11-27T15:46:14.142Z');
INSERT INTO schema_version VALUES(9,'2026-11-27T15:46:14.143Z');
INSERT INTO schema_version VALUES(10,'2026-11-27T15:46:14.147Z');
INSERT INTO schema_version VALUES(11,'2026-11-27T15:46:14.150Z');
INSERT INTO schema_version VALUES(12,'2026-11-27T15:46:14.155Z');
INSERT INTO schema_version VALUES(13,'2026-11-27T15:46:14.166Z');
INSERT INTO schema_version VALUES(14,'2026-11-27T15:46:14.166Z');
INSERT INTO schema_version VALUES(15,'2026-11-27T15:46:14.168Z');
INSERT INTO schema_version VALUES(16,'2026-11-27T15:46:14.170Z');
INSERT INTO schema_version VALUES(18,'2026-11-27T15:46:14.195Z');
INSERT INTO schema_version VALUES(19,'2026-11-27T15:46:14.196Z');
INSERT INTO schema_version VALUES(20,'2026-11-27T15:46:14.198Z');
INSERT INTO schema_version VALUES(21,'2026-11-27T15:46:14.199Z');
CREATE TABLE players (
	id        INTEGER PRIMARY KEY,
	name      TEXT NOT NULL UNIQUE,          -- lower case
	address   TEXT NOT NULL UNIQUE,          -- lower case
	key_hash  TEXT NOT NULL UNIQUE,          -- hex sha256 of the personal key
	created   TEXT NOT NULL
, reminders TEXT NOT NULL DEFAULT 'each', digest_sent TEXT NOT NULL DEFAULT '', boards TEXT NOT NULL DEFAULT 'mine');
INSERT INTO players VALUES(1,'alice','alice@example.org','0d4d8c6b50945ed84997aff2121f400e9618f0f6bc7c7099560998c6de4c54f4','2026-11-22T09:01:00.000Z','each','','mine');
INSERT INTO players VALUES(2,'bob','bob@example.org','51b038a8a90ca63479d072ed92810c65e3a9a31eac1296c6af10c6f662d9ae8b','2026-11-22T09:02:00.000Z','each','','mine');
INSERT INTO players VALUES(3,'carol','carol@example.org','0889912c47a931a1c2a71d7905f3d0ec360bd192b4bd4cd398ae822a41e66b38','2026-11-22T09:03:00.000Z','each','','mine');
INSERT INTO players VALUES(4,'dave','dave@example.org','a8df7c7d86c3998c8e661bea8ebd603936718f0a5c029ce468170fb1df51f25e','2026-11-22T09:04:00.000Z','each','','mine');
INSERT INTO players VALUES(5,'erin','erin@example.org','e0b1dd1721fd3559dbe819aae7217faea45d630e76bbee57a2f0ca325553a41a','2026-11-22T09:05:00.000Z','each','','mine');
CREATE TABLE tokens (
	token     TEXT PRIMARY KEY,
	player_id INTEGER NOT NULL REFERENCES players(id),
	game_id   INTEGER,                             -- a game or a challenge: they share numbers
	created   TEXT NOT NULL,
	UNIQUE (player_id, game_id)
);
INSERT INTO tokens VALUES('srx96wv5p9zg28ew',1,NULL,'2026-11-22T09:01:00.000Z');
INSERT INTO tokens VALUES('y7saymnapj8q7a4s',2,NULL,'2026-11-22T09:02:00.000Z');
INSERT INTO tokens VALUES('hg8d9pbarq6kyt2p',3,NULL,'2026-11-22T09:03:00.000Z');
INSERT INTO tokens VALUES('dhq533stesj8dj2b',4,NULL,'2026-11-22T09:04:00.000Z');
INSERT INTO tokens VALUES('zucpc3pfkjrtrf7q',5,NULL,'2026-11-22T09:05:00.000Z');
INSERT INTO tokens VALUES('xcwmzqfx54fc8pda',2,1,'2026-11-22T09:06:00.000Z');
INSERT INTO tokens VALUES('wxvb4aceak8hqahb',1,1,'2026-11-22T09:06:00.000Z');
INSERT INTO tokens VALUES('4tkmevxpjj46h9rx',1,2,'2026-11-22T09:11:00.000Z');
INSERT INTO tokens VALUES('r74s9k9usdrn8ptb',1,3,'2026-11-22T09:12:00.000Z');
INSERT INTO tokens VALUES('3xec3sf3bph2nf7k',3,4,'2026-11-22T09:13:00.000Z');
INSERT INTO tokens VALUES('3apbuk8jp7gb7qu6',4,4,'2026-11-22T09:14:00.000Z');
INSERT INTO tokens VALUES('mrcbfvw9vnfqwpaw',2,5,'2026-11-22T09:16:00.000Z');
INSERT INTO tokens VALUES('pcufckuctaucwaj7',3,5,'2026-11-22T09:16:00.000Z');
INSERT INTO tokens VALUES('hagyfzzz4yp3tkq6',4,5,'2026-11-22T09:16:00.000Z');
INSERT INTO tokens VALUES('u3srvzawcs6hv58v',1,5,'2026-11-22T09:16:00.000Z');
INSERT INTO tokens VALUES('b8gf3knmb83xwurx',2,6,'2026-11-22T09:23:00.000Z');
INSERT INTO tokens VALUES('5zkh725arybtj297',5,6,'2026-11-22T09:23:00.000Z');
INSERT INTO tokens VALUES('6a3heqhce3aurc68',1,7,'2026-11-22T09:29:00.000Z');
INSERT INTO tokens VALUES('2ed65h7pghtwq28n',2,7,'2026-11-22T09:29:00.000Z');
INSERT INTO tokens VALUES('k4hr285ywhcpxey2',3,7,'2026-11-22T09:29:00.000Z');
INSERT INTO tokens VALUES('npamneq64eb2drw4',2,8,'2026-11-22T09:29:00.000Z');
INSERT INTO tokens VALUES('n4vt7tjstj6c4nk6',4,8,'2026-11-22T09:29:00.000Z');
INSERT INTO tokens VALUES('nwa7rpy598vd3pa4',1,8,'2026-11-22T09:29:00.000Z');
INSERT INTO tokens VALUES('rdw7wff97khg787j',4,9,'2026-11-22T09:29:00.000Z');
INSERT INTO tokens VALUES('e3x9u4qfdzpsp8b3',1,9,'2026-11-22T09:29:00.000Z');
INSERT INTO tokens VALUES('e4v8yfpvymzbc6sd',3,9,'2026-11-22T09:29:00.000Z');
INSERT INTO tokens VALUES('2b9kkdu576tpe59w',2,10,'2026-11-22T09:29:00.000Z');
INSERT INTO tokens VALUES('s8tkj3xds6mtytn9',3,10,'2026-11-22T09:29:00.000Z');
INSERT INTO tokens VALUES('7f7f9ffjc6pjqv8y',4,10,'2026-11-22T09:29:00.000Z');
INSERT INTO tokens VALUES('jjphz7p7awqw55za',5,11,'2026-11-22T09:35:00.000Z');
INSERT INTO tokens VALUES('4xkkfu636kn8kdgh',2,11,'2026-11-22T09:35:00.000Z');
INSERT INTO tokens VALUES('5xfz56p6mctrvqtr',3,12,'2026-11-22T09:35:00.000Z');
INSERT INTO tokens VALUES('kz2xmkn6waw5tfhr',1,12,'2026-11-22T09:35:00.000Z');
CREATE TABLE challenges (
	id            INTEGER PRIMARY KEY AUTOINCREMENT,
	challenger_id INTEGER NOT NULL REFERENCES players(id),
	opponent_id   INTEGER REFERENCES players(id),  -- NULL: open, or invited address
	opponent_addr TEXT NOT NULL DEFAULT '',        -- an invited address not yet registered
	game          TEXT NOT NULL,
	config        TEXT NOT NULL,                   -- engine.Config.String()
	side          TEXT NOT NULL DEFAULT '',        -- the challenger's: first, second, random
	days          INTEGER NOT NULL,
	status        TEXT NOT NULL,                   -- open, accepted, declined, cancelled
	created       TEXT NOT NULL,
	updated       TEXT NOT NULL
, control TEXT NOT NULL DEFAULT '');
INSERT INTO challenges VALUES(1,1,2,'','conflagration','conflagration order=4','first',3,'accepted','2026-11-22T09:06:00.000Z','2026-11-22T09:07:00.000Z','days 3');
INSERT INTO challenges VALUES(2,1,NULL,'','initiative','standard draft=no stack=random','random',3,'open','2026-11-22T09:11:00.000Z','2026-11-22T09:11:00.000Z','days 3');
INSERT INTO challenges VALUES(3,1,NULL,'new@example.net','conflagration','conflagration order=4','random',3,'open','2026-11-22T09:12:00.000Z','2026-11-22T09:12:00.000Z','days 3');
INSERT INTO challenges VALUES(4,3,NULL,'','conflagration','conflagration order=4','second',3,'accepted','2026-11-22T09:13:00.000Z','2026-11-22T09:14:00.000Z','days 3');
INSERT INTO challenges VALUES(5,1,NULL,'','superial-chess','multiplayer players=4','south',3,'accepted','2026-11-22T09:16:00.000Z','2026-11-22T09:19:00.000Z','days 3');
INSERT INTO challenges VALUES(6,5,NULL,'','superial-chess','multiplayer players=3','random',3,'open','2026-11-22T09:23:00.000Z','2026-11-22T09:24:00.000Z','days 3');
INSERT INTO challenges VALUES(7,1,2,'','superial-chess','multiplayer players=3','first',3,'accepted','2026-11-22T09:29:00.000Z','2026-11-22T09:29:00.000Z','days 3');
INSERT INTO challenges VALUES(8,2,4,'','superial-chess','multiplayer players=3','first',3,'accepted','2026-11-22T09:29:00.000Z','2026-11-22T09:29:00.000Z','days 3');
INSERT INTO challenges VALUES(9,4,1,'','superial-chess','multiplayer players=3','first',3,'accepted','2026-11-22T09:29:00.000Z','2026-11-22T09:29:00.000Z','days 3');
INSERT INTO challenges VALUES(10,2,3,'','superial-chess','multiplayer players=3','first',3,'accepted','2026-11-22T09:29:00.000Z','2026-11-22T09:29:00.000Z','days 3');
INSERT INTO challenges VALUES(11,5,2,'','initiative','standard draft=no stack=random','first',3,'accepted','2026-11-22T09:35:00.000Z','2026-11-22T09:35:00.000Z','days 3');
INSERT INTO challenges VALUES(12,3,1,'','initiative','standard draft=no stack=random','first',3,'accepted','2026-11-22T09:35:00.000Z','2026-11-22T09:35:00.000Z','days 3');
CREATE TABLE games (
	id            INTEGER PRIMARY KEY,             -- the challenge's id
	game          TEXT NOT NULL,
	config        TEXT NOT NULL,                   -- ruleset and options
	seed          INTEGER NOT NULL,
	first_id      INTEGER NOT NULL REFERENCES players(id),
	second_id     INTEGER NOT NULL REFERENCES players(id),
	position      TEXT NOT NULL,                   -- engine Position.String()
	ply           INTEGER NOT NULL,
	status        TEXT NOT NULL,                   -- active, over
	result        TEXT NOT NULL DEFAULT '*',       -- 1-0, 0-1, 1/2-1/2, *
	termination   TEXT NOT NULL DEFAULT '',
	draw_offer    INTEGER,                         -- player index offering a draw
	days_per_move INTEGER NOT NULL DEFAULT 3,      -- time control
	deadline      TEXT NOT NULL DEFAULT '',        -- when the side to move runs out
	created       TEXT NOT NULL,
	updated       TEXT NOT NULL,
	finished      TEXT NOT NULL DEFAULT ''
, control TEXT NOT NULL DEFAULT '', turn_started TEXT NOT NULL DEFAULT '', banks TEXT NOT NULL DEFAULT '', paused TEXT NOT NULL DEFAULT '', flagged TEXT NOT NULL DEFAULT '', seq INTEGER NOT NULL DEFAULT 0, draw_agreed TEXT NOT NULL DEFAULT '');
INSERT INTO games VALUES(1,'conflagration','conflagration order=4',2665798491701091861,1,2,'conflagration 4 1LD1/LD1LD/D1LD1L/1LD1LD1/2LD1L/DD1LD/LLD1 L 2 B4-B3',2,'active','*','',1,3,'2026-11-25T09:09:00.000Z','2026-11-22T09:07:00.000Z','2026-11-22T09:10:00.000Z','','days 3','2026-11-22T09:09:00.000Z','','','',7,'');
INSERT INTO games VALUES(4,'conflagration','conflagration order=4',5480425345861356953,4,3,'conflagration 4 1LD1/LD1LD/D1LD1L/1LD1LD1/D1LD1L/1D1LD/LLD1 D 1 B3-B2',1,'active','*','',NULL,3,'2026-11-25T09:15:00.000Z','2026-11-22T09:14:00.000Z','2026-11-22T09:15:00.000Z','','days 3','2026-11-22T09:15:00.000Z','','','',11,'');
INSERT INTO games VALUES(5,'superial-chess','multiplayer players=4',9192699091360521666,1,3,'multiplayer 4 3No1No1No2/2No1No1No3/1Wo6Eo1/Wo8Eo/1Wo6Eo1/Wo8Eo/1Wo6Eo1/9Eo/WoSo2So1So3/3So1So1So2 n - 2 2 w:a3-a2 0a049431bed9ed31,fe8b23bb941b292c',2,'active','*','',NULL,3,'2026-11-25T09:21:00.000Z','2026-11-22T09:19:00.000Z','2026-11-22T09:22:00.000Z','','days 3','2026-11-22T09:21:00.000Z','','','',18,'0');
INSERT INTO games VALUES(7,'superial-chess','multiplayer players=3',1772819523626679236,1,2,'multiplayer 3 3No1No1No2/2No1No1No3/1Wo8/Wo9/1Wo8/Wo9/1Wo8/Wo9/1So2So1So3/3So1So1So2 w - 1 1 s:c2-b2 17f3abec6059908f',1,'active','*','',NULL,3,'2026-11-25T09:30:00.000Z','2026-11-22T09:29:00.000Z','2026-11-22T09:30:00.000Z','','days 3','2026-11-22T09:30:00.000Z','','','',28,'');
INSERT INTO games VALUES(8,'superial-chess','multiplayer players=3',6042263439989508732,2,4,'multiplayer 3 3No1No1No2/2No1No1No3/1Wo8/Wo9/1Wo8/Wo9/1Wo8/Wo9/2So1So1So3/3So1So1So2 s - 0 0 - -',0,'active','*','',NULL,3,'2026-11-25T09:29:00.000Z','2026-11-22T09:29:00.000Z','2026-11-22T09:29:00.000Z','','days 3','2026-11-22T09:29:00.000Z','','','',22,'');
INSERT INTO games VALUES(9,'superial-chess','multiplayer players=3',5595057306129054079,4,1,'multiplayer 3 3No1No1No2/2No1No1No3/1Wo8/Wo9/1Wo8/Wo9/1Wo8/Wo9/2So1So1So3/3So1So1So2 s - 0 0 - -',0,'active','*','',NULL,3,'2026-11-25T09:29:00.000Z','2026-11-22T09:29:00.000Z','2026-11-22T09:29:00.000Z','','days 3','2026-11-22T09:29:00.000Z','','','',24,'');
INSERT INTO games VALUES(10,'superial-chess','multiplayer players=3',11519244770125154,2,3,'multiplayer 3 3No1No1No2/2No1No1No3/1Wo8/Wo9/1Wo8/Wo9/1Wo8/Wo9/2So1So1So3/3So1So1So2 s - 0 0 - -',0,'active','*','',NULL,3,'2026-11-25T09:29:00.000Z','2026-11-22T09:29:00.000Z','2026-11-22T09:29:00.000Z','','days 3','2026-11-22T09:29:00.000Z','','','',26,'');
INSERT INTO games VALUES(11,'initiative','standard draft=no stack=random',609681692490246118,5,2,'initiative draft=no stack=random start=rbykg cur=rbykg stage=attack ply=22 bag=MbMgMkMrLb inv1=SbSySrMbMyLbLgLgLyLy inv2=SgSkMgMkMyMrLkLkLrLr dealt1=SbSySrMbMyLbLgLgLyLy dealt2=SgSkMgMkMyMrLkLkLrLr round=1 lead=second att=second turn=1 row1=- row2=- last=chance:lead_second',22,'active','*','',NULL,3,'2026-11-25T09:35:00.000Z','2026-11-22T09:35:00.000Z','2026-11-22T09:35:00.000Z','','days 3','2026-11-22T09:35:00.000Z','','','',52,'');
INSERT INTO games VALUES(12,'initiative','standard draft=no stack=random',92436074569882841,3,1,'initiative draft=no stack=random start=rkygb cur=rkygb stage=attack ply=22 bag=MkMyLbLgLr inv1=SgSySrMbMkMyMrLgLkLr inv2=SbSkMbMgMgMrLbLkLyLy dealt1=SgSySrMbMkMyMrLgLkLr dealt2=SbSkMbMgMgMrLbLkLyLy round=1 lead=first att=first turn=1 row1=- row2=- last=chance:lead_first',22,'active','*','',NULL,3,'2026-11-25T09:35:00.000Z','2026-11-22T09:35:00.000Z','2026-11-22T09:35:00.000Z','','days 3','2026-11-22T09:35:00.000Z','','','',76,'');
CREATE TABLE moves (
	game_id    INTEGER NOT NULL REFERENCES games(id),
	ply        INTEGER NOT NULL,                   -- the ply the move made, from 1
	player     INTEGER NOT NULL,                   -- 0 first, 1 second, 2 chance
	move       TEXT NOT NULL,
	message_id TEXT NOT NULL DEFAULT '',
	at         TEXT NOT NULL,
	PRIMARY KEY (game_id, ply)
);
INSERT INTO moves VALUES(1,1,0,'B3-B2','m8@client.test','2026-11-22T09:08:00.000Z');
INSERT INTO moves VALUES(1,2,1,'B4-B3','m9@client.test','2026-11-22T09:09:00.000Z');
INSERT INTO moves VALUES(4,1,0,'B3-B2','m15@client.test','2026-11-22T09:15:00.000Z');
INSERT INTO moves VALUES(5,1,0,'c2-b2','m20@client.test','2026-11-22T09:20:00.000Z');
INSERT INTO moves VALUES(5,2,1,'a3-a2','m21@client.test','2026-11-22T09:21:00.000Z');
INSERT INTO moves VALUES(7,1,0,'c2-b2','m30@client.test','2026-11-22T09:30:00.000Z');
INSERT INTO moves VALUES(11,1,-1,'stack rbykg','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(11,2,-1,'die S/M draw Sb','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(11,3,-1,'die S draw Sr','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(11,4,-1,'die M draw My','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(11,5,-1,'die L draw Lg','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(11,6,-1,'die L draw Ly','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(11,7,-1,'die L draw Ly','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(11,8,-1,'die L draw Lb','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(11,9,-1,'die S/M draw Sy','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(11,10,-1,'die S/L draw Lg','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(11,11,-1,'die M/L draw Mb','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(11,12,-1,'die S draw Sg','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(11,13,-1,'die M draw My','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(11,14,-1,'die L draw Lr','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(11,15,-1,'die M/L draw Mk','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(11,16,-1,'die L draw Lr','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(11,17,-1,'die S draw Sk','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(11,18,-1,'die M/L draw Mr','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(11,19,-1,'die L draw Lk','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(11,20,-1,'die S/L draw Lk','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(11,21,-1,'die S/M draw Mg','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(11,22,-1,'lead second','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(12,1,-1,'stack rkygb','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(12,2,-1,'die M draw Mr','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(12,3,-1,'die M/L draw Lr','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(12,4,-1,'die M draw Mk','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(12,5,-1,'die L draw Lg','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(12,6,-1,'die S/L draw Sr','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(12,7,-1,'die S/L draw Sg','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(12,8,-1,'die S/L draw Sy','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(12,9,-1,'die S/L draw Lk','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(12,10,-1,'die M draw Mb','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(12,11,-1,'die M draw My','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(12,12,-1,'die M/L draw Mg','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(12,13,-1,'die S draw Sk','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(12,14,-1,'die L draw Ly','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(12,15,-1,'die S/L draw Sb','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(12,16,-1,'die L draw Lk','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(12,17,-1,'die M/L draw Lb','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(12,18,-1,'die L draw Ly','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(12,19,-1,'die M draw Mr','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(12,20,-1,'die M/L draw Mb','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(12,21,-1,'die S/M draw Mg','','2026-11-22T09:35:00.000Z');
INSERT INTO moves VALUES(12,22,-1,'lead first','','2026-11-22T09:35:00.000Z');
CREATE TABLE observers (
	game_id   INTEGER NOT NULL REFERENCES games(id),
	player_id INTEGER NOT NULL REFERENCES players(id),
	PRIMARY KEY (game_id, player_id)
);
CREATE TABLE threads (
	game_id INTEGER NOT NULL,
	address TEXT NOT NULL,
	root_id TEXT NOT NULL, recent TEXT NOT NULL DEFAULT '',
	PRIMARY KEY (game_id, address)
);
INSERT INTO threads VALUES(1,'bob@example.org','postal.cdmaxw7n7kzmxsf5sfh2@demo.test','postal.962fd9s4w8hksush762p@demo.test postal.jgqy3emcb3y7ct8v95wd@demo.test postal.v98ntbekgsp6ma9ynqtv@demo.test postal.x62pwamxszwax95wxk93@demo.test');
INSERT INTO threads VALUES(1,'alice@example.org','postal.4n95sg5hb4hbnjwruke8@demo.test','postal.4zvkaqebp2xddms856fh@demo.test postal.u27cuwwuyew4skzh5dkc@demo.test postal.c7kv2mxargubtxsgkd7w@demo.test postal.dyrdxdpuegamg3225ekm@demo.test');
INSERT INTO threads VALUES(2,'alice@example.org','postal.cgx9u9heqahxdmph25bk@demo.test','postal.cgx9u9heqahxdmph25bk@demo.test');
INSERT INTO threads VALUES(3,'alice@example.org','postal.uj98m58tpq3t8usmhpsn@demo.test','postal.uj98m58tpq3t8usmhpsn@demo.test');
INSERT INTO threads VALUES(4,'carol@example.org','postal.nc4bzbhf4bd3f6jsh7w9@demo.test','postal.nc4bzbhf4bd3f6jsh7w9@demo.test postal.yzqegfre9xwnd62z6vpz@demo.test postal.kza4vwxmszvtfj7mvb6w@demo.test');
INSERT INTO threads VALUES(4,'dave@example.org','postal.6wbheachd3fjujtk7p6d@demo.test','postal.6wbheachd3fjujtk7p6d@demo.test postal.c3qph3ug33962gwq4j7t@demo.test');
INSERT INTO threads VALUES(5,'bob@example.org','postal.wdd4qre29u8a75by2w42@demo.test','postal.jq3tfybd6skrbfbdv5mg@demo.test postal.gc9feaz45sgn83z56e2y@demo.test postal.begzyyecrp3hyp5g7s5b@demo.test postal.adwnzz5ggqxrajnv4wqx@demo.test');
INSERT INTO threads VALUES(5,'carol@example.org','postal.nr5f7w4a4vtbnp6k8ubu@demo.test','postal.cyerpaapp3pq9ek53u2d@demo.test postal.sz8ptezysfs68jwtmvdf@demo.test postal.vhnf2ghkvqtcy97bxnyu@demo.test postal.dpj33hb42beugz6r57dm@demo.test');
INSERT INTO threads VALUES(5,'dave@example.org','postal.wukax4ba8ev7stmv2cee@demo.test','postal.fy382v8wzq322mkdevbq@demo.test postal.478ns76tbq46qr7by2cv@demo.test postal.un8jbnfzpjeefuht5m9t@demo.test postal.5ydny4qbrr5wnrxc7dum@demo.test');
INSERT INTO threads VALUES(5,'alice@example.org','postal.uyyn7bcf3epfrrau8fud@demo.test','postal.9b5wxf5p5s6knctr6bhw@demo.test postal.3rh5qb3dzrrfc4w6hvyh@demo.test postal.2gus2w79r39yygwscdav@demo.test postal.u94g4qtd4typ9bdt42db@demo.test');
INSERT INTO threads VALUES(6,'bob@example.org','postal.4rq2g8nshyvh5bzkkyng@demo.test','postal.4rq2g8nshyvh5bzkkyng@demo.test postal.keegw69qv24dd2u2zwrn@demo.test');
INSERT INTO threads VALUES(6,'erin@example.org','postal.7ccvebz9n2zsvt5hq9cd@demo.test','postal.7ccvebz9n2zsvt5hq9cd@demo.test postal.suq3bwydc3gezhyraf82@demo.test');
INSERT INTO threads VALUES(7,'alice@example.org','postal.xxaxv56bgf2pxtdjvdzq@demo.test','postal.xxaxv56bgf2pxtdjvdzq@demo.test postal.bww2cnvxu6n8btqkj9cw@demo.test');
INSERT INTO threads VALUES(7,'bob@example.org','postal.yeajmv43mb257sp9u2t7@demo.test','postal.yeajmv43mb257sp9u2t7@demo.test postal.u2c4vmpnxtsvm2byyx6y@demo.test');
INSERT INTO threads VALUES(7,'carol@example.org','postal.vudxgvb5jxgwrt5s2jpk@demo.test','postal.vudxgvb5jxgwrt5s2jpk@demo.test postal.8pfeeqmjxwaxzu762xvk@demo.test');
INSERT INTO threads VALUES(8,'bob@example.org','postal.7wz7xf5gb4eby84cxmvf@demo.test','postal.7wz7xf5gb4eby84cxmvf@demo.test');
INSERT INTO threads VALUES(8,'dave@example.org','postal.k55bj5a3e6y892nvcqdu@demo.test','postal.k55bj5a3e6y892nvcqdu@demo.test');
INSERT INTO threads VALUES(8,'alice@example.org','postal.hb5kftvwwmrvfc5k25eh@demo.test','postal.hb5kftvwwmrvfc5k25eh@demo.test');
INSERT INTO threads VALUES(9,'dave@example.org','postal.tm8svpmctqekxk5p2jeg@demo.test','postal.tm8svpmctqekxk5p2jeg@demo.test');
INSERT INTO threads VALUES(9,'alice@example.org','postal.va2qtfpaezfcxhxryqej@demo.test','postal.va2qtfpaezfcxhxryqej@demo.test');
INSERT INTO threads VALUES(9,'carol@example.org','postal.s7kzuyqmdhhzvqckg9fw@demo.test','postal.s7kzuyqmdhhzvqckg9fw@demo.test');
INSERT INTO threads VALUES(10,'bob@example.org','postal.jpwtkengdm82e3cjvrpz@demo.test','postal.jpwtkengdm82e3cjvrpz@demo.test');
INSERT INTO threads VALUES(10,'carol@example.org','postal.w7gf6bw6bp4g4u7r8f7r@demo.test','postal.w7gf6bw6bp4g4u7r8f7r@demo.test');
INSERT INTO threads VALUES(10,'dave@example.org','postal.ye4evd8ptk2e8g7ceae7@demo.test','postal.ye4evd8ptk2e8g7ceae7@demo.test');
INSERT INTO threads VALUES(11,'erin@example.org','postal.z6mfbed265dsctj3tdv5@demo.test','postal.z6mfbed265dsctj3tdv5@demo.test');
INSERT INTO threads VALUES(11,'bob@example.org','postal.swmc2tachcbrewwgpd58@demo.test','postal.swmc2tachcbrewwgpd58@demo.test');
INSERT INTO threads VALUES(12,'carol@example.org','postal.kdu35ag4ngpmrfryrhr7@demo.test','postal.kdu35ag4ngpmrfryrhr7@demo.test');
INSERT INTO threads VALUES(12,'alice@example.org','postal.4dja46b2uwgk42e3qpgm@demo.test','postal.4dja46b2uwgk42e3qpgm@demo.test');
CREATE TABLE messages (
	id         INTEGER PRIMARY KEY,
	message_id TEXT NOT NULL UNIQUE,
	from_addr  TEXT NOT NULL,
	subject    TEXT NOT NULL,
	received   TEXT NOT NULL,
	outcome    TEXT NOT NULL,
	raw        BLOB
, body_sha256 TEXT, size INTEGER NOT NULL DEFAULT 0);
INSERT INTO messages VALUES(1,'m1@client.test','alice@example.org','hello','2026-11-22T09:01:00.000Z','handled: 1 done, 0 refused',NULL,NULL,0);
INSERT INTO messages VALUES(2,'m2@client.test','bob@example.org','hello','2026-11-22T09:02:00.000Z','handled: 1 done, 0 refused',NULL,NULL,0);
INSERT INTO messages VALUES(3,'m3@client.test','carol@example.org','hello','2026-11-22T09:03:00.000Z','handled: 1 done, 0 refused',NULL,NULL,0);
INSERT INTO messages VALUES(4,'m4@client.test','dave@example.org','hello','2026-11-22T09:04:00.000Z','handled: 1 done, 0 refused',NULL,NULL,0);
INSERT INTO messages VALUES(5,'m5@client.test','erin@example.org','hello','2026-11-22T09:05:00.000Z','handled: 1 done, 0 refused',NULL,NULL,0);
INSERT INTO messages VALUES(6,'m6@client.test','alice@example.org','x','2026-11-22T09:06:00.000Z','handled: 2 done, 0 refused',NULL,NULL,0);
INSERT INTO messages VALUES(7,'m7@client.test','bob@example.org','x','2026-11-22T09:07:00.000Z','handled: 2 done, 0 refused',NULL,NULL,0);
INSERT INTO messages VALUES(8,'m8@client.test','alice@example.org','m','2026-11-22T09:08:00.000Z','handled: 2 done, 0 refused',NULL,NULL,0);
INSERT INTO messages VALUES(9,'m9@client.test','bob@example.org','m','2026-11-22T09:09:00.000Z','handled: 2 done, 0 refused',NULL,NULL,0);
INSERT INTO messages VALUES(10,'m10@client.test','bob@example.org','x','2026-11-22T09:10:00.000Z','handled: 2 done, 0 refused',NULL,NULL,0);
INSERT INTO messages VALUES(11,'m11@client.test','alice@example.org','x','2026-11-22T09:11:00.000Z','handled: 2 done, 0 refused',NULL,NULL,0);
INSERT INTO messages VALUES(12,'m12@client.test','alice@example.org','x','2026-11-22T09:12:00.000Z','handled: 2 done, 0 refused',NULL,NULL,0);
INSERT INTO messages VALUES(13,'m13@client.test','carol@example.org','x','2026-11-22T09:13:00.000Z','handled: 2 done, 0 refused',NULL,NULL,0);
INSERT INTO messages VALUES(14,'m14@client.test','dave@example.org','x','2026-11-22T09:14:00.000Z','handled: 2 done, 0 refused',NULL,NULL,0);
INSERT INTO messages VALUES(15,'m15@client.test','dave@example.org','m','2026-11-22T09:15:00.000Z','handled: 2 done, 0 refused',NULL,NULL,0);
INSERT INTO messages VALUES(16,'m16@client.test','alice@example.org','x','2026-11-22T09:16:00.000Z','handled: 2 done, 0 refused',NULL,NULL,0);
INSERT INTO messages VALUES(17,'m17@client.test','bob@example.org','x','2026-11-22T09:17:00.000Z','handled: 2 done, 0 refused',NULL,NULL,0);
INSERT INTO messages VALUES(18,'m18@client.test','carol@example.org','x','2026-11-22T09:18:00.000Z','handled: 2 done, 0 refused',NULL,NULL,0);
INSERT INTO messages VALUES(19,'m19@client.test','dave@example.org','x','2026-11-22T09:19:00.000Z','handled: 2 done, 0 refused',NULL,NULL,0);
INSERT INTO messages VALUES(20,'m20@client.test','alice@example.org','m','2026-11-22T09:20:00.000Z','handled: 2 done, 0 refused',NULL,NULL,0);
INSERT INTO messages VALUES(21,'m21@client.test','carol@example.org','m','2026-11-22T09:21:00.000Z','handled: 2 done, 0 refused',NULL,NULL,0);
INSERT INTO messages VALUES(22,'m22@client.test','alice@example.org','x','2026-11-22T09:22:00.000Z','handled: 2 done, 0 refused',NULL,NULL,0);
INSERT INTO messages VALUES(23,'m23@client.test','erin@example.org','x','2026-11-22T09:23:00.000Z','handled: 2 done, 0 refused',NULL,NULL,0);
INSERT INTO messages VALUES(24,'m24@client.test','bob@example.org','x','2026-11-22T09:24:00.000Z','handled: 2 done, 0 refused',NULL,NULL,0);
INSERT INTO messages VALUES(25,'m25@client.test','alice@example.org','x','2026-11-22T09:25:00.000Z','handled: 2 done, 0 refused',NULL,NULL,0);
INSERT INTO messages VALUES(26,'m26@client.test','bob@example.org','x','2026-11-22T09:26:00.000Z','handled: 2 done, 0 refused',NULL,NULL,0);
INSERT INTO messages VALUES(27,'m27@client.test','carol@example.org','x','2026-11-22T09:27:00.000Z','handled: 2 done, 0 refused',NULL,NULL,0);
INSERT INTO messages VALUES(28,'m28@client.test','dave@example.org','x','2026-11-22T09:28:00.000Z','handled: 2 done, 0 refused',NULL,NULL,0);
INSERT INTO messages VALUES(29,'m29@client.test','alice@example.org','x','2026-11-22T09:29:00.000Z','handled: 2 done, 0 refused',NULL,NULL,0);
INSERT INTO messages VALUES(30,'m30@client.test','alice@example.org','m','2026-11-22T09:30:00.000Z','handled: 2 done, 0 refused',NULL,NULL,0);
INSERT INTO messages VALUES(31,'m31@client.test','erin@example.org','x','2026-11-22T09:31:00.000Z','handled: 2 done, 0 refused',NULL,NULL,0);
INSERT INTO messages VALUES(32,'m32@client.test','alice@example.org','x','2026-11-22T09:32:00.000Z','handled: 2 done, 0 refused',NULL,NULL,0);
INSERT INTO messages VALUES(33,'m33@client.test','bob@example.org','x','2026-11-22T09:33:00.000Z','handled: 2 done, 0 refused',NULL,NULL,0);
INSERT INTO messages VALUES(34,'m34@client.test','carol@example.org','x','2026-11-22T09:34:00.000Z','handled: 2 done, 0 refused',NULL,NULL,0);
INSERT INTO messages VALUES(35,'m35@client.test','erin@example.org','x','2026-11-22T09:35:00.000Z','handled: 2 done, 0 refused',NULL,NULL,0);
CREATE TABLE commands (
	message INTEGER NOT NULL REFERENCES messages(id),
	seq     INTEGER NOT NULL,
	line    INTEGER NOT NULL,
	text    TEXT NOT NULL,
	result  TEXT NOT NULL,
	PRIMARY KEY (message, seq)
);
INSERT INTO commands VALUES(1,1,1,'register alice','ok');
INSERT INTO commands VALUES(2,1,1,'register bob','ok');
INSERT INTO commands VALUES(3,1,1,'register carol','ok');
INSERT INTO commands VALUES(4,1,1,'register dave','ok');
INSERT INTO commands VALUES(5,1,1,'register erin','ok');
INSERT INTO commands VALUES(6,1,1,'key (not repeated here)','ok');
INSERT INTO commands VALUES(6,2,2,'challenge bob conflagration as first','ok');
INSERT INTO commands VALUES(7,1,1,'key (not repeated here)','ok');
INSERT INTO commands VALUES(7,2,2,'accept 1','ok');
INSERT INTO commands VALUES(8,1,1,'key (not repeated here)','ok');
INSERT INTO commands VALUES(8,2,2,'move 1 B3-B2','ok');
INSERT INTO commands VALUES(9,1,1,'key (not repeated here)','ok');
INSERT INTO commands VALUES(9,2,2,'move 1 B4-B3','ok');
INSERT INTO commands VALUES(10,1,1,'key (not repeated here)','ok');
INSERT INTO commands VALUES(10,2,2,'draw 1','ok');
INSERT INTO commands VALUES(11,1,1,'key (not repeated here)','ok');
INSERT INTO commands VALUES(11,2,2,'open initiative','ok');
INSERT INTO commands VALUES(12,1,1,'key (not repeated here)','ok');
INSERT INTO commands VALUES(12,2,2,'challenge new@example.net conflagration','ok');
INSERT INTO commands VALUES(13,1,1,'key (not repeated here)','ok');
INSERT INTO commands VALUES(13,2,2,'open conflagration as second','ok');
INSERT INTO commands VALUES(14,1,1,'key (not repeated here)','ok');
INSERT INTO commands VALUES(14,2,2,'accept 4','ok');
INSERT INTO commands VALUES(15,1,1,'key (not repeated here)','ok');
INSERT INTO commands VALUES(15,2,2,'move 4 B3-B2','ok');
INSERT INTO commands VALUES(16,1,1,'key (not repeated here)','ok');
INSERT INTO commands VALUES(16,2,2,'challenge bob carol dave superial-chess multiplayer as south','ok');
INSERT INTO commands VALUES(17,1,1,'key (not repeated here)','ok');
INSERT INTO commands VALUES(17,2,2,'accept 5','ok');
INSERT INTO commands VALUES(18,1,1,'key (not repeated here)','ok');
INSERT INTO commands VALUES(18,2,2,'accept 5','ok');
INSERT INTO commands VALUES(19,1,1,'key (not repeated here)','ok');
INSERT INTO commands VALUES(19,2,2,'accept 5','ok');
INSERT INTO commands VALUES(20,1,1,'key (not repeated here)','ok');
INSERT INTO commands VALUES(20,2,2,'move 5 c2-b2','ok');
INSERT INTO commands VALUES(21,1,1,'key (not repeated here)','ok');
INSERT INTO commands VALUES(21,2,2,'move 5 a3-a2','ok');
INSERT INTO commands VALUES(22,1,1,'key (not repeated here)','ok');
INSERT INTO commands VALUES(22,2,2,'draw 5','ok');
INSERT INTO commands VALUES(23,1,1,'key (not repeated here)','ok');
INSERT INTO commands VALUES(23,2,2,'challenge bob superial-chess multiplayer players=3','ok');
INSERT INTO commands VALUES(24,1,1,'key (not repeated here)','ok');
INSERT INTO commands VALUES(24,2,2,'accept 6','ok');
INSERT INTO commands VALUES(25,1,1,'key (not repeated here)','ok');
INSERT INTO commands VALUES(25,2,2,'tournament tri superial-chess multiplayer players=3 round-robin','ok');
INSERT INTO commands VALUES(26,1,1,'key (not repeated here)','ok');
INSERT INTO commands VALUES(26,2,2,'join tri','ok');
INSERT INTO commands VALUES(27,1,1,'key (not repeated here)','ok');
INSERT INTO commands VALUES(27,2,2,'join tri','ok');
INSERT INTO commands VALUES(28,1,1,'key (not repeated here)','ok');
INSERT INTO commands VALUES(28,2,2,'join tri','ok');
INSERT INTO commands VALUES(29,1,1,'key (not repeated here)','ok');
INSERT INTO commands VALUES(29,2,2,'start tri','ok');
INSERT INTO commands VALUES(30,1,1,'key (not repeated here)','ok');
INSERT INTO commands VALUES(30,2,2,'move 7 c2-b2','ok');
INSERT INTO commands VALUES(31,1,1,'key (not repeated here)','ok');
INSERT INTO commands VALUES(31,2,2,'tournament sw initiative swiss 2','ok');
INSERT INTO commands VALUES(32,1,1,'key (not repeated here)','ok');
INSERT INTO commands VALUES(32,2,2,'join sw','ok');
INSERT INTO commands VALUES(33,1,1,'key (not repeated here)','ok');
INSERT INTO commands VALUES(33,2,2,'join sw','ok');
INSERT INTO commands VALUES(34,1,1,'key (not repeated here)','ok');
INSERT INTO commands VALUES(34,2,2,'join sw','ok');
INSERT INTO commands VALUES(35,1,1,'key (not repeated here)','ok');
INSERT INTO commands VALUES(35,2,2,'start sw','ok');
CREATE TABLE events (
	id        INTEGER PRIMARY KEY,
	at        TEXT NOT NULL,
	kind      TEXT NOT NULL,
	game_id   INTEGER,
	player_id INTEGER,
	detail    TEXT NOT NULL DEFAULT ''
);
INSERT INTO events VALUES(1,'2026-11-22T09:01:00.000Z','register',NULL,1,'alice@example.org');
INSERT INTO events VALUES(2,'2026-11-22T09:02:00.000Z','register',NULL,2,'bob@example.org');
INSERT INTO events VALUES(3,'2026-11-22T09:03:00.000Z','register',NULL,3,'carol@example.org');
INSERT INTO events VALUES(4,'2026-11-22T09:04:00.000Z','register',NULL,4,'dave@example.org');
INSERT INTO events VALUES(5,'2026-11-22T09:05:00.000Z','register',NULL,5,'erin@example.org');
INSERT INTO events VALUES(6,'2026-11-22T09:06:00.000Z','challenge',1,1,'conflagration conflagration order=4');
INSERT INTO events VALUES(7,'2026-11-22T09:07:00.000Z','start',1,2,'conflagration order=4');
INSERT INTO events VALUES(8,'2026-11-22T09:08:00.000Z','move',1,1,'B3-B2');
INSERT INTO events VALUES(9,'2026-11-22T09:09:00.000Z','move',1,2,'B4-B3');
INSERT INTO events VALUES(10,'2026-11-22T09:10:00.000Z','draw-offer',1,2,'');
INSERT INTO events VALUES(11,'2026-11-22T09:11:00.000Z','challenge',2,1,'initiative standard draft=no stack=random');
INSERT INTO events VALUES(12,'2026-11-22T09:12:00.000Z','challenge',3,1,'conflagration conflagration order=4');
INSERT INTO events VALUES(13,'2026-11-22T09:13:00.000Z','challenge',4,3,'conflagration conflagration order=4');
INSERT INTO events VALUES(14,'2026-11-22T09:14:00.000Z','start',4,4,'conflagration order=4');
INSERT INTO events VALUES(15,'2026-11-22T09:15:00.000Z','move',4,4,'B3-B2');
INSERT INTO events VALUES(16,'2026-11-22T09:16:00.000Z','challenge',5,1,'superial-chess multiplayer players=4');
INSERT INTO events VALUES(17,'2026-11-22T09:17:00.000Z','accept-seat',5,2,'');
INSERT INTO events VALUES(18,'2026-11-22T09:18:00.000Z','accept-seat',5,3,'');
INSERT INTO events VALUES(19,'2026-11-22T09:19:00.000Z','accept-seat',5,4,'');
INSERT INTO events VALUES(20,'2026-11-22T09:19:00.000Z','start',5,4,'multiplayer players=4');
INSERT INTO events VALUES(21,'2026-11-22T09:20:00.000Z','move',5,1,'c2-b2');
INSERT INTO events VALUES(22,'2026-11-22T09:21:00.000Z','move',5,3,'a3-a2');
INSERT INTO events VALUES(23,'2026-11-22T09:22:00.000Z','draw-offer',5,1,'');
INSERT INTO events VALUES(24,'2026-11-22T09:23:00.000Z','challenge',6,5,'superial-chess multiplayer players=3');
INSERT INTO events VALUES(25,'2026-11-22T09:24:00.000Z','accept-seat',6,2,'');
INSERT INTO events VALUES(26,'2026-11-22T09:25:00.000Z','tournament',NULL,1,'tri');
INSERT INTO events VALUES(27,'2026-11-22T09:29:00.000Z','start',7,1,'multiplayer players=3');
INSERT INTO events VALUES(28,'2026-11-22T09:29:00.000Z','start',8,1,'multiplayer players=3');
INSERT INTO events VALUES(29,'2026-11-22T09:29:00.000Z','start',9,1,'multiplayer players=3');
INSERT INTO events VALUES(30,'2026-11-22T09:29:00.000Z','start',10,1,'multiplayer players=3');
INSERT INTO events VALUES(31,'2026-11-22T09:30:00.000Z','move',7,1,'c2-b2');
INSERT INTO events VALUES(32,'2026-11-22T09:31:00.000Z','tournament',NULL,5,'sw');
INSERT INTO events VALUES(33,'2026-11-22T09:35:00.000Z','start',11,5,'standard draft=no stack=random');
INSERT INTO events VALUES(34,'2026-11-22T09:35:00.000Z','start',12,5,'standard draft=no stack=random');
CREATE TABLE outbox (
	id           INTEGER PRIMARY KEY,
	msg          TEXT NOT NULL,                    -- JSON of mailer.Outbound
	created      TEXT NOT NULL,
	attempts     INTEGER NOT NULL DEFAULT 0,
	next_attempt TEXT,                             -- NULL once sent or given up
	sent_at      TEXT,
	last_error   TEXT NOT NULL DEFAULT ''
, pruned INTEGER NOT NULL DEFAULT 0);
CREATE TABLE reminders_sent (
	game_id INTEGER NOT NULL REFERENCES games(id),
	ply     INTEGER NOT NULL,
	point   INTEGER NOT NULL,                  -- index of the club's reminder point
	at      TEXT NOT NULL,
	PRIMARY KEY (game_id, ply, point)
);
CREATE TABLE vacations (
	id        INTEGER PRIMARY KEY,
	player_id INTEGER NOT NULL REFERENCES players(id),
	start     TEXT NOT NULL,
	until     TEXT NOT NULL,                   -- when it ends unless ended earlier
	ended     TEXT NOT NULL DEFAULT ''         -- when it ended; '' while it lasts
);
CREATE TABLE player_addresses (
	player_id INTEGER NOT NULL REFERENCES players(id),
	address   TEXT NOT NULL,                 -- lower case
	token     TEXT UNIQUE,                   -- the confirmation token; NULL once confirmed
	added     TEXT NOT NULL,
	confirmed TEXT NOT NULL DEFAULT '',      -- '' while pending
	PRIMARY KEY (player_id, address)
);
CREATE TABLE proof_misuse (
	player_id INTEGER NOT NULL REFERENCES players(id),
	address   TEXT NOT NULL,                 -- the From address it came from, lower case
	kind      TEXT NOT NULL,                 -- token or key
	first     TEXT NOT NULL,
	last      TEXT NOT NULL,
	uses      INTEGER NOT NULL DEFAULT 1, told TEXT NOT NULL DEFAULT '',
	PRIMARY KEY (player_id, address, kind)
);
CREATE TABLE outbox_files (
	outbox INTEGER NOT NULL REFERENCES outbox(id) ON DELETE CASCADE,
	seq    INTEGER NOT NULL,
	data   BLOB NOT NULL,
	PRIMARY KEY (outbox, seq)
);
CREATE TABLE game_seats (
	game_id   INTEGER NOT NULL REFERENCES games(id),
	seat      INTEGER NOT NULL,                -- 2, 3: as the engine numbers seats
	player_id INTEGER NOT NULL REFERENCES players(id),
	PRIMARY KEY (game_id, seat)
);
INSERT INTO game_seats VALUES(5,2,2);
INSERT INTO game_seats VALUES(5,3,4);
INSERT INTO game_seats VALUES(7,2,3);
INSERT INTO game_seats VALUES(8,2,1);
INSERT INTO game_seats VALUES(9,2,3);
INSERT INTO game_seats VALUES(10,2,4);
CREATE TABLE challenge_seats (
	challenge_id INTEGER NOT NULL REFERENCES challenges(id),
	n            INTEGER NOT NULL,               -- 1, 2, 3
	player_id    INTEGER REFERENCES players(id), -- NULL: an invited address, or an open seat
	address      TEXT NOT NULL DEFAULT '',       -- an invited address not yet registered
	accepted     TEXT NOT NULL DEFAULT '',
	PRIMARY KEY (challenge_id, n)
);
INSERT INTO challenge_seats VALUES(5,1,2,'','2026-11-22T09:17:00.000Z');
INSERT INTO challenge_seats VALUES(5,2,3,'','2026-11-22T09:18:00.000Z');
INSERT INTO challenge_seats VALUES(5,3,4,'','2026-11-22T09:19:00.000Z');
INSERT INTO challenge_seats VALUES(6,1,2,'','2026-11-22T09:24:00.000Z');
INSERT INTO challenge_seats VALUES(6,2,NULL,'','');
CREATE TABLE bot_games (
	game_id INTEGER PRIMARY KEY REFERENCES games(id),
	level   INTEGER NOT NULL
);
CREATE TABLE retired_tokens (
	token     TEXT PRIMARY KEY,
	player_id INTEGER NOT NULL REFERENCES players(id),
	game_id   INTEGER,                       -- as in tokens: NULL for the account
	created   TEXT NOT NULL,
	retired   TEXT NOT NULL,
	why       TEXT NOT NULL                  -- "key new" or "address remove ADDRESS"
);
CREATE TABLE key_sent (
	player_id INTEGER PRIMARY KEY REFERENCES players(id),
	address   TEXT NOT NULL,                 -- lower case
	at        TEXT NOT NULL
);
CREATE TABLE stranger_replies (
	address TEXT NOT NULL,
	at      TEXT NOT NULL,
	kind    TEXT NOT NULL  -- short, welcome, refusal
);
INSERT INTO stranger_replies VALUES('alice@example.org','2026-11-22T09:01:00.000Z','welcome');
INSERT INTO stranger_replies VALUES('bob@example.org','2026-11-22T09:02:00.000Z','welcome');
INSERT INTO stranger_replies VALUES('carol@example.org','2026-11-22T09:03:00.000Z','welcome');
INSERT INTO stranger_replies VALUES('dave@example.org','2026-11-22T09:04:00.000Z','welcome');
INSERT INTO stranger_replies VALUES('erin@example.org','2026-11-22T09:05:00.000Z','welcome');
CREATE TABLE invitations (
	address   TEXT NOT NULL,
	player_id INTEGER NOT NULL REFERENCES players(id),
	at        TEXT NOT NULL
);
INSERT INTO invitations VALUES('new@example.net',1,'2026-11-22T09:12:00.000Z');
CREATE TABLE ratings (
	list      TEXT NOT NULL,                   -- rating.ListOf: "conflagration", "superial-chess-vs-chess"
	player_id INTEGER NOT NULL REFERENCES players(id),
	level     INTEGER NOT NULL DEFAULT 0,
	rating    REAL NOT NULL,
	rd        REAL NOT NULL,
	vol       REAL NOT NULL,
	games     INTEGER NOT NULL,
	last      TEXT NOT NULL,                   -- when their last rated game ended
	PRIMARY KEY (list, player_id, level)
);
CREATE TABLE rating_history (
	game_id    INTEGER NOT NULL REFERENCES games(id),
	seat       INTEGER NOT NULL,
	list       TEXT NOT NULL,
	player_id  INTEGER NOT NULL REFERENCES players(id),
	level      INTEGER NOT NULL DEFAULT 0,
	rating_before REAL NOT NULL,
	rd_before  REAL NOT NULL,
	rating     REAL NOT NULL,
	rd         REAL NOT NULL,
	vol        REAL NOT NULL,
	at         TEXT NOT NULL,                  -- when the game ended
	PRIMARY KEY (game_id, seat)
);
CREATE TABLE unrated_games (
	id INTEGER PRIMARY KEY
);
CREATE TABLE rating_bots (
	player_id INTEGER PRIMARY KEY REFERENCES players(id)
);
CREATE TABLE tournaments (
	id          INTEGER PRIMARY KEY,
	name        TEXT NOT NULL UNIQUE,            -- lower case, a player name's form
	director_id INTEGER NOT NULL REFERENCES players(id), -- the organiser
	game        TEXT NOT NULL,
	config      TEXT NOT NULL,                   -- ruleset and options, engine.Config.String()
	format      TEXT NOT NULL,                   -- round-robin, double-round-robin, swiss, knockout
	rounds      INTEGER NOT NULL DEFAULT 0,      -- a Swiss's rounds; 0 for the others
	max_players INTEGER NOT NULL DEFAULT 0,      -- 0: no limit
	days        INTEGER NOT NULL,
	control     TEXT NOT NULL,                   -- clock.Control text
	starts      TEXT NOT NULL DEFAULT '',        -- when it starts by itself; '' when the director starts it
	status      TEXT NOT NULL,                   -- open, running, over
	round       INTEGER NOT NULL DEFAULT 0,      -- the round in play (Swiss, knockout)
	winner_id   INTEGER REFERENCES players(id),
	note        TEXT NOT NULL DEFAULT '',        -- how it ended, when not by its last round
	created     TEXT NOT NULL,
	started     TEXT NOT NULL DEFAULT '',
	finished    TEXT NOT NULL DEFAULT '',
	updated     TEXT NOT NULL                    -- the site rebuilds pages updated since it last looked
);
INSERT INTO tournaments VALUES(1,'tri',1,'superial-chess','multiplayer players=3','round-robin',0,0,3,'days 3','','running',1,NULL,'','2026-11-22T09:25:00.000Z','2026-11-22T09:29:00.000Z','','2026-11-22T09:29:00.000Z');
INSERT INTO tournaments VALUES(2,'sw',5,'initiative','standard draft=no stack=random','swiss',2,0,3,'days 3','','running',1,NULL,'','2026-11-22T09:31:00.000Z','2026-11-22T09:35:00.000Z','','2026-11-22T09:35:00.000Z');
CREATE TABLE entrants (
	tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
	player_id     INTEGER NOT NULL REFERENCES players(id),
	joined        TEXT NOT NULL,
	seed          INTEGER NOT NULL DEFAULT 0,    -- 1 the strongest, by rating at the start; 0 before
	rating        REAL NOT NULL DEFAULT 0,       -- the rating the seed was drawn by
	status        TEXT NOT NULL DEFAULT 'in',    -- in, left, removed, timed-out
	out_at        TEXT NOT NULL DEFAULT '',
	reason        TEXT NOT NULL DEFAULT '',
	annulled      INTEGER NOT NULL DEFAULT 0,    -- 1: their results do not count (round robin, under half played)
	PRIMARY KEY (tournament_id, player_id)
);
INSERT INTO entrants VALUES(1,1,'2026-11-22T09:25:00.000Z',1,1500.0,'in','','',0);
INSERT INTO entrants VALUES(1,2,'2026-11-22T09:26:00.000Z',2,1500.0,'in','','',0);
INSERT INTO entrants VALUES(1,3,'2026-11-22T09:27:00.000Z',3,1500.0,'in','','',0);
INSERT INTO entrants VALUES(1,4,'2026-11-22T09:28:00.000Z',4,1500.0,'in','','',0);
INSERT INTO entrants VALUES(2,5,'2026-11-22T09:31:00.000Z',1,1500.0,'in','','',0);
INSERT INTO entrants VALUES(2,1,'2026-11-22T09:32:00.000Z',2,1500.0,'in','','',0);
INSERT INTO entrants VALUES(2,2,'2026-11-22T09:33:00.000Z',3,1500.0,'in','','',0);
INSERT INTO entrants VALUES(2,3,'2026-11-22T09:34:00.000Z',4,1500.0,'in','','',0);
CREATE TABLE tournament_games (
	game_id       INTEGER PRIMARY KEY REFERENCES games(id),
	tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
	round         INTEGER NOT NULL,
	board         INTEGER NOT NULL                -- from 1; a knockout match keeps its board for its second game
);
INSERT INTO tournament_games VALUES(7,1,1,1);
INSERT INTO tournament_games VALUES(8,1,1,2);
INSERT INTO tournament_games VALUES(9,1,1,3);
INSERT INTO tournament_games VALUES(10,1,1,4);
INSERT INTO tournament_games VALUES(11,2,1,1);
INSERT INTO tournament_games VALUES(12,2,1,2);
CREATE TABLE tournament_byes (
	tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
	round         INTEGER NOT NULL,
	board         INTEGER NOT NULL DEFAULT 0,     -- a knockout's place in its bracket
	player_id     INTEGER NOT NULL REFERENCES players(id),
	PRIMARY KEY (tournament_id, round, player_id)
);
CREATE TABLE tournament_acts (
	id            INTEGER PRIMARY KEY,
	tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
	at            TEXT NOT NULL,
	by_id         INTEGER REFERENCES players(id), -- NULL: the club itself
	act           TEXT NOT NULL,
	game_id       INTEGER,
	player_id     INTEGER,
	detail        TEXT NOT NULL DEFAULT ''
);
INSERT INTO tournament_acts VALUES(1,1,'2026-11-22T09:25:00.000Z',1,'create',NULL,NULL,'Superial Chess (multiplayer players=3), round robin of tables of 3, 3 days per move');
INSERT INTO tournament_acts VALUES(2,1,'2026-11-22T09:26:00.000Z',2,'join',NULL,2,'');
INSERT INTO tournament_acts VALUES(3,1,'2026-11-22T09:27:00.000Z',3,'join',NULL,3,'');
INSERT INTO tournament_acts VALUES(4,1,'2026-11-22T09:28:00.000Z',4,'join',NULL,4,'');
INSERT INTO tournament_acts VALUES(5,1,'2026-11-22T09:29:00.000Z',1,'start',NULL,NULL,'4 players');
INSERT INTO tournament_acts VALUES(6,2,'2026-11-22T09:31:00.000Z',5,'create',NULL,NULL,'Initiative (standard draft=no stack=random), Swiss of 2 rounds, 3 days per move');
INSERT INTO tournament_acts VALUES(7,2,'2026-11-22T09:32:00.000Z',1,'join',NULL,1,'');
INSERT INTO tournament_acts VALUES(8,2,'2026-11-22T09:33:00.000Z',2,'join',NULL,2,'');
INSERT INTO tournament_acts VALUES(9,2,'2026-11-22T09:34:00.000Z',3,'join',NULL,3,'');
INSERT INTO tournament_acts VALUES(10,2,'2026-11-22T09:35:00.000Z',5,'start',NULL,NULL,'4 players');
INSERT INTO tournament_acts VALUES(11,2,'2026-11-22T09:35:00.000Z',NULL,'round',NULL,NULL,'round 1 of 2');
CREATE TABLE tournament_news (
	player_id INTEGER PRIMARY KEY REFERENCES players(id)
);
CREATE TABLE conditions (
	game_id   INTEGER NOT NULL REFERENCES games(id),
	player_id INTEGER NOT NULL REFERENCES players(id),
	seq       INTEGER NOT NULL,                    -- the order given
	ply       INTEGER NOT NULL,
	steps     TEXT NOT NULL,
	PRIMARY KEY (game_id, player_id, seq)
);
CREATE TABLE talk (
	id        INTEGER PRIMARY KEY,
	game_id   INTEGER NOT NULL,
	player_id INTEGER NOT NULL REFERENCES players(id),
	ply       INTEGER NOT NULL,
	kind      TEXT NOT NULL,
	text      TEXT NOT NULL,
	at        TEXT NOT NULL
);
CREATE TABLE notes (
	game_id   INTEGER NOT NULL,
	player_id INTEGER NOT NULL REFERENCES players(id),
	text      TEXT NOT NULL,
	at        TEXT NOT NULL,
	PRIMARY KEY (game_id, player_id)
);
CREATE TABLE player_settings (
	player_id INTEGER NOT NULL REFERENCES players(id),
	name      TEXT NOT NULL,
	value     TEXT NOT NULL,
	PRIMARY KEY (player_id, name)
);
CREATE TABLE daemon_state (
	key   TEXT PRIMARY KEY,
	value TEXT NOT NULL
);
CREATE TABLE clock_due (
	game_id INTEGER PRIMARY KEY REFERENCES games(id),
	due     TEXT NOT NULL
);
INSERT INTO clock_due VALUES(1,'0001-01-01T00:00:00.000Z');
INSERT INTO clock_due VALUES(4,'0001-01-01T00:00:00.000Z');
INSERT INTO clock_due VALUES(5,'0001-01-01T00:00:00.000Z');
INSERT INTO clock_due VALUES(7,'0001-01-01T00:00:00.000Z');
INSERT INTO clock_due VALUES(8,'0001-01-01T00:00:00.000Z');
INSERT INTO clock_due VALUES(9,'0001-01-01T00:00:00.000Z');
INSERT INTO clock_due VALUES(10,'0001-01-01T00:00:00.000Z');
INSERT INTO clock_due VALUES(11,'0001-01-01T00:00:00.000Z');
INSERT INTO clock_due VALUES(12,'0001-01-01T00:00:00.000Z');
DELETE FROM sqlite_sequence;
INSERT INTO sqlite_sequence VALUES('challenges',12);
CREATE INDEX games_deadline ON games(status, deadline);
CREATE INDEX messages_from ON messages(from_addr, received);
CREATE INDEX outbox_due ON outbox(next_attempt) WHERE next_attempt IS NOT NULL;
CREATE INDEX vacations_player ON vacations(player_id, ended);
CREATE UNIQUE INDEX player_addresses_confirmed ON player_addresses(address) WHERE confirmed != '';
CREATE INDEX games_seq ON games(seq);
CREATE INDEX game_seats_player ON game_seats(player_id, game_id);
CREATE INDEX challenge_seats_player ON challenge_seats(player_id);
CREATE INDEX retired_tokens_player ON retired_tokens(player_id);
CREATE INDEX messages_raw_due ON messages(received) WHERE body_sha256 IS NULL AND raw IS NOT NULL;
CREATE INDEX outbox_prune_due ON outbox(sent_at) WHERE sent_at IS NOT NULL AND pruned = 0;
CREATE INDEX stranger_replies_address ON stranger_replies(address, at);
CREATE INDEX stranger_replies_at ON stranger_replies(at);
CREATE INDEX invitations_address ON invitations(address, at);
CREATE INDEX invitations_player ON invitations(player_id, at);
CREATE INDEX ratings_player ON ratings(player_id);
CREATE INDEX rating_history_player ON rating_history(player_id, list, at);
CREATE INDEX tournaments_status ON tournaments(status, starts);
CREATE INDEX entrants_player ON entrants(player_id);
CREATE INDEX tournament_games_event ON tournament_games(tournament_id, round);
CREATE INDEX tournament_acts_event ON tournament_acts(tournament_id, id);
CREATE INDEX talk_game ON talk(game_id, id);
CREATE INDEX clock_due_at ON clock_due(due);
CREATE INDEX vacations_until ON vacations(ended, until);
CREATE TRIGGER games_seq_insert AFTER INSERT ON games BEGIN
	UPDATE games SET seq = (SELECT MAX(seq) FROM games) + 1 WHERE id = NEW.id;
END;
CREATE TRIGGER games_seq_update AFTER UPDATE ON games WHEN NEW.seq = OLD.seq BEGIN
	UPDATE games SET seq = (SELECT MAX(seq) FROM games) + 1 WHERE id = NEW.id;
END;
CREATE TRIGGER moves_seq_insert AFTER INSERT ON moves BEGIN
	UPDATE games SET seq = (SELECT MAX(seq) FROM games) + 1 WHERE id = NEW.game_id;
END;
CREATE TRIGGER talk_seq_insert AFTER INSERT ON talk BEGIN
	UPDATE games SET seq = (SELECT MAX(seq) FROM games) + 1 WHERE id = NEW.game_id;
END;
CREATE TRIGGER clock_due_insert AFTER INSERT ON games WHEN NEW.status = 'active' AND NEW.deadline != '' BEGIN
	INSERT OR REPLACE INTO clock_due (game_id, due) VALUES (NEW.id, '0001-01-01T00:00:00.000Z');
END;
CREATE TRIGGER clock_due_update AFTER UPDATE OF status, deadline, turn_started, ply, paused, flagged ON games BEGIN
	DELETE FROM clock_due WHERE game_id = NEW.id;
	INSERT INTO clock_due (game_id, due)
		SELECT NEW.id, '0001-01-01T00:00:00.000Z' WHERE NEW.status = 'active' AND NEW.deadline != '';
END;
COMMIT;
