package main

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// openPTY opens a pseudo-terminal and returns its terminal end.
func openPTY(t *testing.T) *os.File {
	t.Helper()
	ptmx, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals: %v", err)
	}
	t.Cleanup(func() { ptmx.Close() })
	if err := unix.IoctlSetPointerInt(int(ptmx.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		t.Fatal(err)
	}
	n, err := unix.IoctlGetInt(int(ptmx.Fd()), unix.TIOCGPTN)
	if err != nil {
		t.Fatal(err)
	}
	tty, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tty.Close() })
	return tty
}

// render writes no PNG to a terminal: it says how to write it to a file.
func TestRenderRefusesBinaryOnATerminal(t *testing.T) {
	tty := openPTY(t)
	var errOut strings.Builder
	if code := run([]string{"render", "conflagration", "--format", "png"}, tty, &errOut); code != 2 || !strings.Contains(errOut.String(), "--out FILE") {
		t.Errorf("png to a terminal: exit %d, %q", code, errOut.String())
	}
	if code := run([]string{"render", "conflagration", "--format", "svg"}, tty, &errOut); code != 0 {
		t.Errorf("svg to a terminal: exit %d", code)
	}
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	if code := run([]string{"render", "conflagration", "--format", "png"}, null, &errOut); code != 0 {
		t.Errorf("png to %s: exit %d, %s", os.DevNull, code, errOut.String())
	}
}
