package mailer

import (
	"regexp"
	"strings"
)

// OwnWords reduces the text of a reply to the sender's own words: quoted
// lines ("> "), everything below a signature separator ("-- "), and the
// quoted original below a reply or forward header are removed, so that a
// reply quoting the previous board never replays old moves.
//
// A reply header followed by ">"-quoted lines (interleaved or bottom
// posting) only drops the header line itself: the sender's words may follow
// the quote. A reply header followed by unquoted text (Outlook's top
// posting, forwards) ends the sender's words.
func OwnWords(text string) string {
	words, _ := ownWords(text)
	return words
}

// ownWords is OwnWords, and whether the sender's words run to the end of
// text: no signature, quoted original or quoted line comes after them. A
// text cut short (ParseMessage) lost some of the sender's words only then.
func ownWords(text string) (words string, toEnd bool) {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	lines := strings.Split(text, "\n")
	var out []string
	toEnd = true
lines:
	for i := 0; i < len(lines); i++ {
		line := strings.TrimRight(lines[i], " \t\u00a0")
		trimmed := strings.TrimSpace(line)
		switch {
		case line == "--":
			toEnd = false
			break lines // signature separator "-- ", its space often lost
		case strings.HasPrefix(trimmed, ">"):
			toEnd = false
			continue
		case isSeparatorLine(trimmed):
			toEnd = false
			break lines
		}
		if n := replyHeaderLines(lines, i); n > 0 {
			next := nextNonBlank(lines, i+n)
			if next < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[next]), ">") {
				i += n - 1 // drop only the attribution; quoted lines follow
				continue
			}
			toEnd = false
			break lines
		}
		if trimmed != "" {
			toEnd = true // the sender's again, after a quote (bottom posting)
		}
		out = append(out, line)
	}
	// Trim blank lines at both ends.
	for len(out) > 0 && strings.TrimSpace(out[len(out)-1]) == "" {
		out = out[:len(out)-1]
	}
	for len(out) > 0 && strings.TrimSpace(out[0]) == "" {
		out = out[1:]
	}
	return strings.Join(out, "\n"), toEnd
}

func nextNonBlank(lines []string, i int) int {
	for i < len(lines) && strings.TrimSpace(lines[i]) == "" {
		i++
	}
	return i
}

// separatorRE matches lines that introduce an original or forwarded message
// in the body: Outlook's "-----Original Message-----", Thunderbird's
// "-------- Forwarded Message --------", Gmail's "---------- Forwarded
// message ---------", Apple Mail's "Begin forwarded message:", their German
// counterparts, and Outlook Web's line of underscores.
var separatorRE = regexp.MustCompile(`(?i)^(-{2,}\s*(original message|ursprüngliche nachricht|message d'origine|forwarded message|weitergeleitete nachricht|message transféré)\s*-{2,}|begin forwarded message:|anfang der weitergeleiteten nachricht:|_{20,})$`)

func isSeparatorLine(s string) bool {
	return separatorRE.MatchString(s)
}

// Attribution lines of the common mail clients: "On DATE, NAME wrote:",
// "Am DATE schrieb NAME:", "Le DATE, NAME a écrit :", "El DATE, NAME
// escribió:", "Op DATE schreef NAME:", "Il DATE NAME ha scritto:". Gmail
// wraps long ones over two lines, so two joined lines are tried too.
var (
	attributionStartRE = regexp.MustCompile(`^(On|Am|Le|El|Op|Il|Em)\s`)
	attributionEndRE   = regexp.MustCompile(`(?i)(wrote|schrieb|a écrit|escribió|schreef|ha scritto|escreveu)\s*:$|^Am .* schrieb .*:$`)
	// Outlook's header block: "From: ..." then "Sent:"/"Date:"/"To:"/
	// "Subject:" lines; in German "Von:" then "Gesendet:"/"An:"/"Betreff:".
	headerBlockStartRE = regexp.MustCompile(`(?i)^\*?(from|von|de):\*?\s`)
	headerBlockNextRE  = regexp.MustCompile(`(?i)^\*?(sent|date|to|subject|cc|gesendet|datum|an|betreff|envoyé|objet|à):\*?\s`)
)

// replyHeaderLines returns how many lines at lines[i] form a reply header
// (an attribution or an Outlook header block), or 0.
func replyHeaderLines(lines []string, i int) int {
	s := strings.TrimSpace(lines[i])
	if attributionStartRE.MatchString(s) {
		if attributionEndRE.MatchString(s) {
			return 1
		}
		if i+1 < len(lines) {
			next := strings.TrimSpace(lines[i+1])
			if next != "" && attributionEndRE.MatchString(s+" "+next) {
				return 2
			}
		}
	}
	if headerBlockStartRE.MatchString(s) {
		// At least one more header line within the next three lines.
		for j := i + 1; j < len(lines) && j <= i+3; j++ {
			if headerBlockNextRE.MatchString(strings.TrimSpace(lines[j])) {
				n := j - i + 1
				for n+i < len(lines) && headerBlockNextRE.MatchString(strings.TrimSpace(lines[i+n])) {
					n++
				}
				return n
			}
		}
	}
	return 0
}
