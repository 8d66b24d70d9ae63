package site

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"

	"postal/engine"
	"postal/templates"
)

// A site's shape is everything besides the games that decides what its pages
// show or name: the layout of its files, the options a page prints (title,
// address, club), the templates and assets, the rules, each game's engine for
// the browser and rules version, and the source's own options that change
// its records (Shaper). A generation remembers the shape it was built with
// (state.Shape), part by part, so that an update builds in full only when a
// part changed, and says which. What only changes how a build runs (workers,
// progress, logger) is no part of it: the daemon takes a site that "postal
// site build" made with the club's config as it is.
type shape map[string]string

// A Shaper is a Source whose options change what its games' records and
// pages say (the club's archive hides what players said, or not): Shape
// describes them in a few words, for the log.
type Shaper interface {
	Shape() string
}

// layoutVersion changes when the site's files move or their kinds change.
const layoutVersion = "4" // 4: players' pages at their slugs without a '.'

// shape works out the site's shape; once per Publisher.
func (p *Publisher) shape() (shape, error) {
	if p.shaped != nil {
		return p.shaped, nil
	}
	sh := shape{
		"layout": fmt.Sprintf("%s list=%d shard=%d", layoutVersion, listSize, shardSize),
		"title":  p.b.title,
		"url":    p.b.opts.SiteURL,
		"club":   p.b.opts.Club,
	}
	if s, ok := p.src.(Shaper); ok {
		sh["source"] = s.Shape()
	}
	// The engines are named by their content in every game page (assets.go):
	// the templates' hash leaves them out, each game has its own part.
	h, err := hashFS(templates.Site, func(path string) bool { return !strings.HasPrefix(path, "site/wasm/") })
	if err != nil {
		return nil, fmt.Errorf("site: %w", err)
	}
	sh["templates"] = h
	sh["wasm_exec"] = wasmExecAsset().name
	for name, e := range engineAssets() {
		sh["engine "+name] = e.name + " " + e.script
	}
	for _, g := range engine.Games() {
		sh["rules version "+g.Info().Name] = g.Info().RulesVersion()
	}
	if p.b.opts.Rules != nil {
		err := fs.WalkDir(p.b.opts.Rules, ".", func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := fs.ReadFile(p.b.opts.Rules, path)
			if err != nil {
				return err
			}
			sum := sha256.Sum256(data)
			sh["rules "+path] = hex.EncodeToString(sum[:8])
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("site: rules: %w", err)
		}
	}
	p.shaped = sh
	return sh, nil
}

// hashFS hashes the files of fsys that keep, names and contents.
func hashFS(fsys fs.FS, keep func(path string) bool) (string, error) {
	h := sha256.New()
	err := fs.WalkDir(fsys, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !keep(path) {
			return err
		}
		data, err := fs.ReadFile(fsys, path)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s %d\n", path, len(data))
		h.Write(data)
		return nil
	})
	return hex.EncodeToString(h.Sum(nil)[:16]), err
}

// hashedPart reports whether a part's values are hashes or file names: a
// change is named, its values not shown.
func hashedPart(part string) bool {
	return part == "templates" || part == "wasm_exec" || strings.HasPrefix(part, "engine ") || strings.HasPrefix(part, "rules ") && !strings.HasPrefix(part, "rules version ")
}

// changes says how was differs from sh, a part at a time, for the log:
// `title "A" → "B"; templates; engine imperial-chess`. "" when nothing
// changed.
func (sh shape) changes(was shape) string {
	parts := map[string]bool{}
	for part := range sh {
		parts[part] = true
	}
	for part := range was {
		parts[part] = true
	}
	var out []string
	for _, part := range slices.Sorted(maps.Keys(parts)) {
		old, hadOld := was[part]
		cur, hasCur := sh[part]
		switch {
		case hadOld && hasCur && old == cur:
			continue
		case hashedPart(part):
			out = append(out, part)
		case !hadOld:
			out = append(out, fmt.Sprintf("%s new %q", part, cur))
		case !hasCur:
			out = append(out, fmt.Sprintf("%s %q gone", part, old))
		default:
			out = append(out, fmt.Sprintf("%s %q → %q", part, old, cur))
		}
	}
	return strings.Join(out, "; ")
}
