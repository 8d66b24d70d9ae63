-- The outbox keeps a mail's files (the board's PNG and SVG, a record) apart
-- from the message, and only until the mail is sent (issue 17): a sent mail
-- keeps its headers and text for threading and the log, and its pictures
-- were most of the database. outbox.msg is the message without the files'
-- bytes; outbox_files holds them, in order, until the mail is sent.
CREATE TABLE outbox_files (
	outbox INTEGER NOT NULL REFERENCES outbox(id) ON DELETE CASCADE,
	seq    INTEGER NOT NULL,
	data   BLOB NOT NULL,
	PRIMARY KEY (outbox, seq)
);
-- Mails sent before this step carry their files' bytes in msg (the JSON
-- fields Inline[].Data and Attachments[].Data): drop them. Unsent mails keep
-- them and go out as they are.
UPDATE outbox SET msg = json_set(msg,
	'$.Inline', json((SELECT json_group_array(json(json_remove(value, '$.Data'))) FROM json_each(outbox.msg, '$.Inline'))),
	'$.Attachments', json((SELECT json_group_array(json(json_remove(value, '$.Data'))) FROM json_each(outbox.msg, '$.Attachments'))))
WHERE sent_at IS NOT NULL;
