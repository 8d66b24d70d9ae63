package site

// What another part of postal may ask of a site on disk without building
// it: the daemon, whether the site is ahead of a database restored from a
// backup (cmd/postal, s34); postal check, who must be able to write it.

// PublishedCursor is the source's change cursor the site published at out
// is as of; ok is false when there is no site there, or none whose state
// this version reads (an update builds those in full anyway).
func PublishedCursor(out string) (cursor int64, ok bool, err error) {
	_, st, ok, err := current(out)
	return st.Cursor, ok, err
}

// Paths are what a site at out is made of on disk: the link out, and the
// folder of its generations beside it. Whoever updates the site writes
// both, and the folder they are in.
func Paths(out string) []string { return []string{out, genDir(out)} }
