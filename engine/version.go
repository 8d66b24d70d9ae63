package engine

// Versioned is a position that plays by an older version of its game's
// rules than the game's own ([Info.Version]): a game started under that
// version (a record's RulesVersion, [Config.Version]) keeps it in its
// position text, so that the position read back, and every one after it,
// plays by the same rules. Superial Chess's multiplayer positions of
// version 1 (before ruling R13g) are such.
type Versioned interface {
	// RulesVersion is the version of the rules the position plays by, as
	// Config.Version names it: "" for the game's current version.
	RulesVersion() string
}

// VersionOf returns the version of the rules pos plays by, as
// Config.Version names it: "" for its game's current version. A game
// stored as its last position (the archive's games) is replayed from its
// moves under this version, so that it ends as it was played.
func VersionOf(pos Position) string {
	if v, ok := pos.(Versioned); ok {
		return v.RulesVersion()
	}
	return ""
}
