// Package browsertest runs a real headless Chromium for the tests that look
// at what people see: the site's pages and the HTML parts of mails. On a
// machine without Chromium those tests skip; under CI (CI=true) they fail.
package browsertest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// Browser is a headless Chromium that records, until the test ends, the
// problems of the pages it opens (console errors and warnings, uncaught
// exceptions, error log entries such as a picture that did not load, and
// dialogs, which it dismisses) and every request it makes.
type Browser struct {
	Ctx context.Context // for chromedp's actions

	mu       sync.Mutex
	problems []string
	requests []string
}

// Find returns the path of Debian's chromium: the test is skipped without
// one, and fails under CI.
func Find(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium is not installed (apt-get install chromium); CI needs it")
	}
	t.Skip("chromium is not installed (apt-get install chromium)")
	return ""
}

// Start starts a headless Chromium for the test, with opts after the
// defaults (a window size, a flag); it stops when the test ends. Set
// DEBUGCONSOLE to see the console on standard output.
func Start(t testing.TB, opts ...chromedp.ExecAllocatorOption) *Browser {
	t.Helper()
	all := append([]chromedp.ExecAllocatorOption{
		chromedp.ExecPath(Find(t)),
		chromedp.Headless,
		chromedp.NoSandbox, // tests run as root in CI
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.UserDataDir(t.TempDir()),
	}, opts...)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), all...)
	ctx, cancelC := chromedp.NewContext(actx)
	t.Cleanup(func() { cancelC(); cancelA() })
	b := &Browser{Ctx: ctx}
	debug := os.Getenv("DEBUGCONSOLE") != ""
	err := chromedp.Listen(ctx, func(ev any) {
		b.mu.Lock()
		defer b.mu.Unlock()
		switch e := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			if debug {
				fmt.Println("CONSOLE", e.Type, args(e.Args))
			}
			if e.Type == runtime.ConsoleAPICalledTypeError || e.Type == runtime.ConsoleAPICalledTypeAssert || e.Type == runtime.ConsoleAPICalledTypeWarning {
				b.problems = append(b.problems, fmt.Sprintf("console %s: %s", e.Type, args(e.Args)))
			}
		case *runtime.EventExceptionThrown:
			if debug {
				fmt.Println("EXC", e.ExceptionDetails.Text, e.ExceptionDetails.Exception)
			}
			b.problems = append(b.problems, fmt.Sprintf("exception: %s %v", e.ExceptionDetails.Text, e.ExceptionDetails.Exception))
		case *log.EventEntryAdded:
			if e.Entry.Level == log.EntryLevelError {
				b.problems = append(b.problems, "log: "+e.Entry.Text+" "+e.Entry.URL)
			}
		case *page.EventJavascriptDialogOpening:
			b.problems = append(b.problems, "dialog opened: "+e.Message)
			go chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: false})
		case *network.EventRequestWillBeSent:
			b.requests = append(b.requests, e.Request.URL)
		}
	})
	if err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	return b
}

// Problems returns the problems seen since it was last called.
func (b *Browser) Problems() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := b.problems
	b.problems = nil
	return out
}

// Requests returns the URL of every request made so far.
func (b *Browser) Requests() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.requests)
}

// args writes a console call's arguments.
func args(as []*runtime.RemoteObject) string {
	var s []string
	for _, a := range as {
		if len(a.Value) > 0 {
			s = append(s, string(a.Value))
		} else {
			s = append(s, a.Description)
		}
	}
	return strings.Join(s, " ")
}
