package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"
)

// A process identity names a running postal so that another process can
// tell, later, whether it still runs: "HOST BOOT PID START", the machine's
// name, its boot (Linux's boot_id), the process id and the process's start
// time in clock ticks since the boot (/proc/PID/stat). A pid alone is not
// enough: pids are used again. The daemon records its identity beside its
// heartbeat (heartbeat.go), and postal status and postal check call a
// heartbeat of a process that is gone not running: a database restored from
// a copy taken while postal ran carries the heartbeat of a process that no
// longer exists (s34, finding 5).

// thisProcess is the identity of this process; "" when the system does not
// say (no /proc): the heartbeat is then judged by its age alone.
func thisProcess() string {
	id, err := processIdentity(os.Getpid())
	if err != nil {
		return ""
	}
	return id
}

// processIdentity is the identity of the running process pid.
func processIdentity(pid int) (string, error) {
	host, err := os.Hostname()
	if err != nil {
		return "", err
	}
	boot, err := bootID()
	if err != nil {
		return "", err
	}
	start, err := processStart(pid)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s %s %d %s", host, boot, pid, start), nil
}

// processGone reports whether the process of identity id ran on this
// machine and no longer runs, and its pid. A process of another machine,
// or of an identity this system cannot check, is not known to be gone.
func processGone(id string) (gone bool, pid int) {
	f := strings.Fields(id)
	if len(f) != 4 {
		return false, 0
	}
	pid, err := strconv.Atoi(f[2])
	if err != nil {
		return false, 0
	}
	host, herr := os.Hostname()
	boot, berr := bootID()
	if herr != nil || berr != nil || f[0] != host {
		return false, pid
	}
	if f[1] != boot {
		return true, pid // the machine started again since
	}
	start, err := processStart(pid)
	if errors.Is(err, fs.ErrNotExist) {
		return true, pid
	}
	return err == nil && start != f[3], pid
}

// bootID names this boot of the machine.
func bootID() (string, error) {
	b, err := os.ReadFile("/proc/sys/kernel/random/boot_id")
	return strings.TrimSpace(string(b)), err
}

// processStart is when process pid started, in clock ticks since the boot:
// field 22 of /proc/PID/stat, counted after the command's name, which is
// in parentheses and may hold spaces.
func processStart(pid int) (string, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return "", err
	}
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return "", fmt.Errorf("/proc/%d/stat: no command name", pid)
	}
	f := strings.Fields(string(b[i+1:]))
	// After the name: state (field 3) ... starttime (field 22).
	if len(f) < 20 {
		return "", fmt.Errorf("/proc/%d/stat: %d fields", pid, len(f)+2)
	}
	return f[19], nil
}
