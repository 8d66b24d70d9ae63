// Package view is what the site's pages show, as plain data: games as the
// site lists them, tournaments and their rounds, leagues, ladders and
// rating lists. Each field is written here once.
//
// The data flows one way:
//
//	archive (SQLite rows)
//	  → club/published, the loader: reads the rows and writes these types
//	  → site/clubarchive: hands the loader to the site as its Source
//	  → site: renders these types into pages, as they are
//
// Nothing here reads the archive, words a mail or draws a page, and the
// package imports only the standard library: the loader and the site meet
// here without depending on each other, and a test builds a site from
// values of these types (site.Memory) without an archive.
//
// A game's record is the one part that is not plain data: the site reads
// it with postal's notation. Game leaves the record's type to its user
// (site.Game is Game[*notation.Record]), so this package stays without it.
package view
