package site

import (
	"bufio"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
)

// create writes data into a new file at path, readable by all: the daemon
// runs with UMask=0077 (docs/postal.service), which keeps the database
// private; the site is for the web server to read.
//
// A full build writes tens of thousands of files, and on a virtual machine
// each system call costs tens of microseconds of system time. So the file
// is written with the bare calls, open, write and close: os.OpenFile adds
// four fcntl calls and an epoll_ctl to each (it tries the file with the
// network poller, which refuses regular files). And the mode is set again
// by the descriptor only with chmod, which a writer asks for when the
// umask takes bits off 0644, as the daemon's does (umaskStrips): a build
// run from a shell with the usual 022 needs no fchmod.
func create(path string, data []byte, chmod bool) error {
	fd, err := openNew(path)
	if err != nil {
		return &fs.PathError{Op: "open", Path: path, Err: err}
	}
	if err = writeAll(fd, data); err != nil {
		err = &fs.PathError{Op: "write", Path: path, Err: err}
	}
	if err == nil && chmod {
		err = ignoringEINTR(func() error { return syscall.Fchmod(fd, 0o644) })
		if err != nil {
			err = &fs.PathError{Op: "chmod", Path: path, Err: err}
		}
	}
	// close is not retried on EINTR: Linux frees the descriptor whatever
	// it returns.
	if cerr := syscall.Close(fd); err == nil && cerr != nil {
		err = &fs.PathError{Op: "close", Path: path, Err: cerr}
	}
	return err
}

// creating lets one worker create a file at a time. The kernel creates
// one entry at a time in a directory anyway, under the directory's lock,
// and most of a build's files go into one (games/); a worker that found
// the lock taken spun in the kernel for it (rwsem_spin_on_owner, a tenth
// of a build's CPU under perf on an ext4 of a virtual machine). Waiting
// here, it sleeps instead, and writes and closes its files meanwhile.
var creating sync.Mutex

// openNew opens path for writing, created or emptied, as os.Create does
// (close on exec; 0644 before the umask).
func openNew(path string) (int, error) {
	creating.Lock()
	defer creating.Unlock()
	for {
		fd, err := syscall.Open(path, syscall.O_WRONLY|syscall.O_CREAT|syscall.O_TRUNC|syscall.O_CLOEXEC, 0o644)
		if err != syscall.EINTR {
			return fd, err
		}
	}
}

// writeAll writes data to fd whole, as a short write leaves the rest.
func writeAll(fd int, data []byte) error {
	for len(data) > 0 {
		n, err := syscall.Write(fd, data)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return err
		}
		if n == 0 {
			return syscall.EIO
		}
		data = data[n:]
	}
	return nil
}

func ignoringEINTR(call func() error) error {
	for {
		if err := call(); err != syscall.EINTR {
			return err
		}
	}
}

// umaskStrips reports whether the process's umask takes any bit off 0644,
// so that a new file needs its mode set again. It reads the umask from
// /proc: asking the kernel for it (umask(2)) also sets it, and would change
// it for a moment under files other goroutines create. A process that
// cannot read it sets the mode every time. Each writer asks once, as it
// starts: a test may change the umask between two builds.
func umaskStrips() bool {
	m, ok := procUmask()
	return !ok || m&0o644 != 0
}

// procUmask is the "Umask:" line of /proc/self/status (Linux 4.7 on).
func procUmask() (uint32, bool) {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "Umask:"); ok {
			m, err := strconv.ParseUint(strings.TrimSpace(v), 8, 32)
			return uint32(m), err == nil
		}
	}
	return 0, false
}
