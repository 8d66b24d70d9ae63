package main

import (
	"flag"
	"fmt"
	"path/filepath"
)

// dbFlags are the flags of every command that reads a club's database
// outside the daemon (site, backup, status): the config it runs with, or
// the database file alone.
type dbFlags struct{ config, db *string }

func addDBFlags(fs *flag.FlagSet, what string) dbFlags {
	return dbFlags{
		config: fs.String("config", "", "take the database"+what+" from this config file"),
		db:     fs.String("db", "", "the SQLite database (default: the config's, else ./postal.db, else the demo's ./"+demoData+"/postal.db)"),
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

// loadDatabase is load, then needDatabase: the config of a command that
// must have a database.
func (f dbFlags) loadDatabase() (*Config, error) {
	cfg, err := f.load()
	if err != nil {
		return nil, err
	}
	return cfg, needDatabase(cfg)
}

// needDatabase fills the database neither the config nor --db named:
// ./postal.db or else the demo's. What it cannot find it names, with the
// flags that set it.
func needDatabase(cfg *Config) error {
	if cfg.Database != "" {
		return nil
	}
	cfg.Database = firstExisting("postal.db", filepath.Join(demoData, "postal.db"))
	if cfg.Database == "" {
		return fmt.Errorf("no database here (./postal.db, or the demo's ./%s/postal.db): name one with --db FILE or --config FILE", demoData)
	}
	return nil
}
