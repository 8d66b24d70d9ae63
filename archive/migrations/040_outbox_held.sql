-- Mail held for the operator's review (issue 34): after a restore, the
-- outbox rows that were waiting when the backup was taken may have gone out
-- since. postal outbox hold sets held (the time) and takes them off the
-- queue (next_attempt NULL); release puts them back, drop gives them up.
ALTER TABLE outbox ADD COLUMN held TEXT;
