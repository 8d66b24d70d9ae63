package notation_test

import "postal/club"

// lang is the club's command language, which its command table defines:
// the tests of the parser read commands as the club's mail does.
var lang = club.Language()
