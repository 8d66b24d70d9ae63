// Package templates holds postal's embedded templates and assets: the mail
// templates under mail/ (text/template for .txt, html/template for .html).
// The club package fills them; its golden tests pin their output.
package templates

import "embed"

// Mail holds mail/*.txt and mail/*.html.
//
//go:embed mail
var Mail embed.FS
