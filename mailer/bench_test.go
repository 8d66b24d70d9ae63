package mailer

import (
	"os"
	"testing"
)

func BenchmarkParseMessage(b *testing.B) {
	for _, name := range []string{"reply-quoting.eml", "html-only.eml", "bounce.eml"} {
		raw, err := os.ReadFile("testdata/" + name)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(raw)))
			for b.Loop() {
				if _, err := ParseMessage(raw, demoOpts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkBuildMessage(b *testing.B) {
	o := boardReply(b, "alice@demo.test")
	for b.Loop() {
		if _, err := BuildMessage(o); err != nil {
			b.Fatal(err)
		}
	}
}
