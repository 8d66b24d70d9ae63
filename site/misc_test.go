package site

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestEscaping checks that player-written text (names, comments) and raw
// HTML in the rules never reach a page as markup.
func TestEscaping(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	if _, err := Build(context.Background(), NewMemory(fixedArchive(t)...), testOptions(out)); err != nil {
		t.Fatal(err)
	}
	n := 0
	for p, data := range files(t, out) {
		if !strings.HasSuffix(p, ".html") && !strings.HasSuffix(p, ".js") || strings.HasPrefix(p, "assets/") {
			continue
		}
		n++
		for _, bad := range []string{"<script>alert", "<b>bold", "alert(3)", "</script><script>"} {
			if bytes.Contains(data, []byte(bad)) {
				t.Errorf("%s contains %q unescaped", p, bad)
			}
		}
	}
	if n < 8 {
		t.Fatalf("only %d pages", n)
	}
	page := files(t, out)["players/"+slug("<script>alert(1)</script>")+".html"]
	if !bytes.Contains(page, []byte("<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>")) {
		t.Error("the player's page does not show the name as text")
	}
}

func TestSlug(t *testing.T) {
	for in, want := range map[string]string{"alice": "alice", "Bob.Smith": "_42ob_2E_53mith", "bob.html": "bob_2Ehtml", "index": "_index", ".hidden": "_2Ehidden", "a/b": "a_2Fb", "é": "_C3_A9", "": "_", "a_b": "a_5Fb"} {
		if got := slug(in); got != want {
			t.Errorf("slug(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestProgress: a few lines for a large build off a terminal, none for a
// small one (issue 17: 11 lines for 29 files).
func TestProgress(t *testing.T) {
	var buf bytes.Buffer
	p := newProgress(&buf, 10000)
	for range 10000 {
		p.add(1)
	}
	p.done()
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "building site: 25% (2500/10000 games") || !strings.HasPrefix(lines[2], "building site: 75%") {
		t.Errorf("progress of 10,000 games off a terminal:\n%s", buf.String())
	}
	buf.Reset()
	p = newProgress(&buf, 29)
	for range 29 {
		p.add(1)
	}
	p.done()
	if buf.Len() != 0 {
		t.Errorf("progress of a small build: %q", buf.String())
	}
	if newProgress(nil, 5) != nil {
		t.Error("progress without a writer")
	}
}

// TestCheckLinksFinds proves the link check can fail.
func TestCheckLinksFinds(t *testing.T) {
	site := map[string][]byte{
		"index.html":   []byte(`<a href="games/1.html#moves">x</a> <a href="games/2.html">y</a> <img src="https://cdn.example/x.png"> <a href="games/1.html#ply-9">z</a>`),
		"games/1.html": []byte(`<li id="ply-1"><ol id="moves"><li class="start"></li><li class="p0"></li></ol>`),
	}
	var problems []string
	checkLinksInto(site, "https://club.example/", func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) })
	if len(problems) != 3 {
		t.Errorf("problems found: %q, want 3 (missing page, external request, ply beyond the game)", problems)
	}
}

func TestServe(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	if _, err := Build(context.Background(), NewMemory(fixedArchive(t)...), testOptions(out)); err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, addr, out) }()
	var resp *http.Response
	for range 50 {
		if resp, err = http.Get("http://" + addr + "/games/2.html"); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !bytes.Contains(body, []byte("Test Nim #2")) {
		t.Errorf("GET game page: %s", resp.Status)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Serve after cancel: %v", err)
	}
}
