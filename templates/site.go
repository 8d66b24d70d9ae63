package templates

import "embed"

// Site holds the static archive's page templates (site/*.html, html/template,
// filled by package site) and the assets copied verbatim into every built
// site (site/assets/: styles and scripts, all local so a page makes no
// request outside the site).
//
//go:embed site
var Site embed.FS
