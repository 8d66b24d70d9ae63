package mailer

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

// A message stored and read back with its files is the message queued (the
// sender delivers the same mail); read back without them (the outbox dropped them once
// sent) it keeps every header, part and file name, and no file's bytes.
func TestStoredRoundTrip(t *testing.T) {
	o := Outbound{
		From: "club <postal@x.test>", To: "alice@x.test", ReplyTo: "postal+tok@x.test",
		Subject: "[postal #1] your move", MessageID: "m1@x.test", InReplyTo: "r@x.test", References: []string{"a@x.test", "r@x.test"},
		Text: "board", HTML: "<img src=\"cid:b1@x.test\">",
		Inline:      []Attachment{{Name: "b.png", ContentType: "image/png", ContentID: "b1@x.test", Data: bytes.Repeat([]byte{0x89, 'P'}, 5000)}},
		Attachments: []Attachment{{Name: "b.svg", ContentType: "image/svg+xml", Data: []byte("<svg/>")}, {Name: "r.txt", Data: []byte("1. a")}},
		Headers:     map[string]string{"Auto-Submitted": "auto-replied"},
	}
	msg, files, err := o.Stored()
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 3 || len(msg) > 1000 || bytes.Contains(msg, []byte("<svg/>")) {
		t.Fatalf("stored %d bytes of message with %d files: %s", len(msg), len(files), msg)
	}
	if o.Inline[0].Data == nil {
		t.Fatal("Stored changed the message it stored")
	}
	back, err := LoadOutbound(msg, files)
	if err != nil || !reflect.DeepEqual(back, o) {
		t.Fatalf("read back %+v, %v", back, err)
	}
	sent, err := LoadOutbound(msg, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := o
	want.Inline = []Attachment{{Name: "b.png", ContentType: "image/png", ContentID: "b1@x.test"}}
	want.Attachments = []Attachment{{Name: "b.svg", ContentType: "image/svg+xml"}, {Name: "r.txt"}}
	if !reflect.DeepEqual(sent, want) {
		t.Fatalf("read back without files: %+v", sent)
	}
	if _, err := LoadOutbound(msg, files[:2]); err == nil || !strings.Contains(err.Error(), "2 files for 3") {
		t.Errorf("a missing file: %v", err)
	}
	// An outbox row written before Stored holds the bytes in its JSON.
	old := []byte(`{"To":"a@x.test","Inline":[{"Name":"b.png","ContentID":"c","Data":"iVBO"}]}`)
	if o, err := LoadOutbound(old, nil); err != nil || string(o.Inline[0].Data) != "\x89\x50\x4e" {
		t.Errorf("old row: %+v, %v", o, err)
	}
}
