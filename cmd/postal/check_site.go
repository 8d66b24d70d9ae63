package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"postal/archive"
	"postal/site"
)

// site: postal writes the site beside its link, in the link's folder, and
// must be able to write every folder and file of it: a site built by hand
// as another user (root) stops the daemon's updates at the next move
// (s34). The user is postal's: the owner of the database, which the daemon
// creates and writes; before the first start, the user the check runs as.
func (c *checker) site(cfg *Config) {
	if cfg.Site.Out == "" {
		c.skip("site", "[site] out is empty: no site is built")
		return
	}
	if err := archive.CheckFolderFor(cfg.Site.Out, siteFolder(cfg.Site.Out)); err != nil {
		c.fail("site", err, fmt.Sprintf("[site] out = %q: postal writes the site beside it, in its folder", cfg.Site.Out))
		return
	}
	if _, _, err := site.PublishedCursor(cfg.Site.Out); err != nil {
		c.fail("site", err, fmt.Sprintf("move %s away (postal builds the site again), or set [site] out to another path", cfg.Site.Out))
		return
	}
	u := databaseOwner(cfg.Database)
	bad, err := notWritable(u, filepath.Dir(cfg.Site.Out), site.Paths(cfg.Site.Out))
	if err != nil {
		c.fail("site", err, "")
		return
	}
	if len(bad) == 0 {
		c.ok("site", cfg.Site.Out)
		return
	}
	examples := bad
	if len(examples) > 3 {
		examples = examples[:3]
	}
	var names []string
	for _, b := range examples {
		names = append(names, b.path+" ("+b.why+")")
	}
	folder := filepath.Dir(cfg.Site.Out)
	var owners, modes []string // what chown and chmod must mend
	for _, b := range bad {
		switch mine := b.owner == u.uid; {
		case b.path == folder && !mine:
			owners = appendNew(owners, fmt.Sprintf("chown %s:%s %s", u.name, u.group, folder))
		case b.path == folder:
			modes = appendNew(modes, "chmod u+w "+folder)
		case !mine:
			owners = appendNew(owners, fmt.Sprintf("chown -R -h %s:%s %s", u.name, u.group, strings.Join(site.Paths(cfg.Site.Out), " ")))
		default:
			modes = appendNew(modes, "chmod -R u+w "+genFolder(cfg.Site.Out))
		}
	}
	fixes := append(owners, modes...)
	list := strings.Join(names, ", ")
	if len(bad) > len(examples) {
		list = "among them " + list
	}
	what := fmt.Sprintf("%d files or folders of the site are", len(bad))
	if len(bad) == 1 {
		what = "a file or folder of the site is"
	}
	c.fail("site", fmt.Errorf("%s not writable by %s, whom postal runs as (%s), so its updates fail: %s",
		what, u.name, u.whence, list),
		strings.Join(fixes, " && ")+" (a command run as root leaves what it writes to root: run postal's commands as runuser -u postal -- postal ...)")
}

// siteFolder is what postal writes in the folder of the site at out: the
// site is no database, and its errors say so.
func siteFolder(out string) archive.FolderUse {
	return archive.FolderUse{Prefix: "site", Setting: "[site] out",
		Files: fmt.Sprintf("the site's link %s and the folder %s of its generations, made anew at each update", filepath.Base(out), filepath.Base(genFolder(out)))}
}

// appendNew appends s to list unless it holds it.
func appendNew(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

// genFolder is the folder of the site's generations (site.Paths).
func genFolder(out string) string { return site.Paths(out)[1] }

// postalUser is the user postal runs as, who must be able to write the
// database and the site.
type postalUser struct {
	uid, gid    int
	gids        []int
	name, group string
	whence      string
}

// databaseOwner is the user postal runs as: the owner of the database,
// which the daemon creates and writes, or this process's user before the
// database exists.
func databaseOwner(database string) postalUser {
	u := postalUser{uid: os.Geteuid(), gid: os.Getegid(), whence: "the user this check runs as"}
	if fi, err := os.Stat(database); err == nil {
		if st, ok := fi.Sys().(*syscall.Stat_t); ok {
			u.uid, u.gid, u.whence = int(st.Uid), int(st.Gid), "the owner of "+database
		}
	}
	u.name, u.group = strconv.Itoa(u.uid), strconv.Itoa(u.gid)
	if found, err := user.LookupId(u.name); err == nil {
		u.name = found.Username
		if g, err := user.LookupGroupId(found.Gid); err == nil {
			u.group = g.Name
		}
		if ids, err := found.GroupIds(); err == nil {
			for _, id := range ids {
				if n, err := strconv.Atoi(id); err == nil {
					u.gids = append(u.gids, n)
				}
			}
		}
	}
	u.gids = append(u.gids, u.gid)
	return u
}

// siteEntry is a file or folder of the site the user cannot write.
type siteEntry struct {
	path, why string
	owner     int
}

// notWritable lists what of folder and the trees of paths u cannot write
// (folders also enter); symbolic links are replaced by renaming, which
// needs only their folder.
func notWritable(u postalUser, folder string, paths []string) ([]siteEntry, error) {
	var bad []siteEntry
	look := func(path string, fi fs.FileInfo) {
		if fi.Mode()&fs.ModeSymlink != 0 {
			return
		}
		st, ok := fi.Sys().(*syscall.Stat_t)
		if !ok {
			return
		}
		need := fs.FileMode(0o2)
		if fi.IsDir() {
			need = 0o3 // write and enter
		}
		var have fs.FileMode
		switch {
		case u.uid == 0:
			return
		case int(st.Uid) == u.uid:
			have = fi.Mode().Perm() >> 6
		case slices.Contains(u.gids, int(st.Gid)):
			have = fi.Mode().Perm() >> 3
		default:
			have = fi.Mode().Perm()
		}
		if have&need != need {
			bad = append(bad, siteEntry{path: path, owner: int(st.Uid), why: ownerName(int(st.Uid)) + "'s, " + fmt.Sprintf("%04o", fi.Mode().Perm())})
		}
	}
	fi, err := os.Stat(folder)
	if err != nil {
		return nil, err
	}
	look(folder, fi)
	for _, p := range paths {
		err := filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			fi, err := d.Info()
			if err != nil {
				return err
			}
			look(path, fi)
			return nil
		})
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	}
	return bad, nil
}

// ownerName is the name of user uid, or its number.
func ownerName(uid int) string {
	if u, err := user.LookupId(strconv.Itoa(uid)); err == nil {
		return u.Username
	}
	return strconv.Itoa(uid)
}
