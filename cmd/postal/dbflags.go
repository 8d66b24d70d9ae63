package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// dbFlags are the flags of every command that reads a club's database
// outside the daemon (site, backup, status): the config it runs with, or
// the database file alone.
type dbFlags struct {
	config, db *string
	command    string // the command's name, "site build"
}

func addDBFlags(fs *flag.FlagSet, what string) dbFlags {
	return dbFlags{
		command: fs.Name(),
		config:  fs.String("config", "", "take the database"+what+" from this config file"),
		db:      fs.String("db", "", "the SQLite database (default: the config's, else ./postal.db, else the demo's ./"+demoData+"/postal.db)"),
	}
}

// load reads the config when one is named (else an empty one) and lets --db
// override its database.
func (f dbFlags) load() (*Config, error) {
	cfg := &Config{}
	if *f.config != "" {
		var err error
		if cfg, err = LoadConfig(*f.config); err != nil {
			return nil, err
		}
	}
	if *f.db != "" {
		cfg.Database = *f.db
	}
	return cfg, nil
}

// named is how the command was told its database, "--config FILE" or
// "--db FILE" (both when both), for the commands it prints: they then work
// as printed.
func (f dbFlags) named() string {
	var out []string
	if *f.config != "" {
		out = append(out, "--config "+*f.config)
	}
	if *f.db != "" {
		out = append(out, "--db "+*f.db)
	}
	return strings.Join(out, " ")
}

// loadDatabase is load, then needDatabase: the config of a command that
// must have a database.
func (f dbFlags) loadDatabase() (*Config, error) {
	cfg, err := f.load()
	if err != nil {
		return nil, err
	}
	return cfg, needDatabase(cfg, f.command)
}

// needDatabase fills the database neither the config nor --db named:
// ./postal.db or else the demo's. What it cannot find it names, with the
// flags that set it.
func needDatabase(cfg *Config, command string) error {
	if cfg.Database == "" {
		cfg.Database = firstExisting("postal.db", filepath.Join(demoData, "postal.db"))
	}
	if cfg.Database == "" {
		return fmt.Errorf("no database here (./postal.db, or the demo's ./%s/postal.db): name one with --db FILE or --config FILE", demoData)
	}
	return asDatabaseOwner(cfg.Database, command)
}

// asDatabaseOwner refuses root on a database another user owns (postal's,
// whom the daemon runs as): what root would write beside it (its -wal and
// -shm files while the daemon is stopped, a backup, the site) stays root's,
// and the daemon could no longer write it (s34: "postal site build" run as
// root stopped the site's updates, and nothing said so). It names the
// runuser line of the command.
func asDatabaseOwner(database, command string) error {
	if os.Geteuid() != 0 {
		return nil
	}
	fi, err := os.Stat(database)
	if err != nil {
		return nil // a new database: whoever creates it owns it
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok || st.Uid == 0 {
		return nil
	}
	owner := ownerName(int(st.Uid))
	return fmt.Errorf("%s is %s's: run postal as %s, runuser -u %s -- postal %s ... (as root, what postal writes would be root's, and postal serve, running as %s, could not write it)",
		database, owner, owner, owner, command, owner)
}
