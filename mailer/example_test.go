package mailer_test

import (
	"fmt"

	"postal/mailer"
)

func ExampleParseMessage() {
	raw := []byte("From: Alice <Alice@Demo.Test>\r\n" +
		"To: postal+g42@demo.test\r\n" +
		"Subject: Re: [postal] Game 42: your move\r\n" +
		"Message-ID: <reply-1@demo.test>\r\n" +
		"\r\n" +
		"Nf6\r\n" +
		"\r\n" +
		"On Sun, 22 Nov 2026, postal <postal@demo.test> wrote:\r\n" +
		"> Bob played d4. Your move.\r\n" +
		"-- \r\n" +
		"Alice\r\n")
	in, err := mailer.ParseMessage(raw, mailer.ParseOptions{OwnAddresses: []string{"postal@demo.test"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(in.From, in.MessageID)
	fmt.Printf("%q %q\n", in.Text, in.NoReply)
	// Output:
	// alice@demo.test reply-1@demo.test
	// "Nf6" ""
}

func ExampleOwnWords() {
	fmt.Println(mailer.OwnWords("e4, and a draw offer\n\n> Your move.\n> 1. d4\n-- \nBob"))
	// Output:
	// e4, and a draw offer
}

func ExampleHTMLToText() {
	fmt.Println(mailer.HTMLToText(`<div>Nx<b>f7</b>+</div><div>check &amp; mate</div><blockquote>1. d4</blockquote>`))
	// Output:
	// Nxf7+
	// check & mate
}
