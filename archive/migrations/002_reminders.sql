-- The deadline a reminder was last sent for, so each deadline gets one.
ALTER TABLE games ADD COLUMN reminded TEXT NOT NULL DEFAULT '';
