package config

import (
	"fmt"
	"path"
	"strings"
	"unicode/utf8"
)

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }
func isNameChar(c byte) bool {
	return isLetter(c) || isDigit(c) || c == '_'
}

// checkName reports what is wrong with s as a Fortran name, or "".
func checkName(s string) string {
	switch {
	case s == "":
		return "empty name"
	case !isLetter(s[0]):
		return fmt.Sprintf("%s does not start with a letter", quote(s))
	}
	for i := 0; i < len(s); i++ {
		if !isNameChar(s[i]) {
			return fmt.Sprintf("%s is not a Fortran name", quote(s))
		}
	}
	if len(s) > maxName {
		return fmt.Sprintf("%s is longer than %d characters", quote(s), maxName)
	}
	return ""
}

// checkSuffix reports what is wrong with s as a suffix of Fortran names.
func checkSuffix(s string) string {
	if s == "" {
		return "must not be empty (generated names would equal the original ones)"
	}
	for i := 0; i < len(s); i++ {
		if !isNameChar(s[i]) {
			return fmt.Sprintf("%s is not a valid part of a Fortran name (letters, digits and underscores)", quote(s))
		}
	}
	if len(s) > maxSuffix {
		return fmt.Sprintf("%s is longer than %d characters", quote(s), maxSuffix)
	}
	return ""
}

// parseQualified splits "name" or "scope::name" (blanks around "::"
// allowed) and lower-cases both; what describes the scope in messages.
func parseQualified(s, what string) (scope, name, problem string) {
	s = strings.TrimSpace(s)
	a, b, ok := strings.Cut(s, "::")
	if !ok {
		if p := checkName(s); p != "" {
			return "", "", p
		}
		return "", strings.ToLower(s), ""
	}
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	if strings.Contains(b, "::") {
		return "", "", fmt.Sprintf("%s: expected name or %s::name", quote(s), what)
	}
	if a == "" {
		return "", "", fmt.Sprintf("%s: the %s before '::' is missing", quote(s), what)
	}
	if p := checkName(a); p != "" {
		return "", "", p
	}
	if b == "" {
		return "", "", fmt.Sprintf("%s: the name after '::' is missing", quote(s))
	}
	if p := checkName(b); p != "" {
		return "", "", p
	}
	return strings.ToLower(a), strings.ToLower(b), ""
}

// parseVarRef parses an independent or dependent variable reference; see
// VarRef for the grammar.
func parseVarRef(s string) (VarRef, string) {
	var r VarRef
	t := strings.TrimSpace(s)
	if t == "" {
		return r, "empty variable"
	}
	// Common block: /blk/rest.
	if t[0] == '/' {
		end := strings.IndexByte(t[1:], '/')
		if end < 0 {
			return r, "missing '/' after the common block name"
		}
		blk := strings.TrimSpace(t[1 : 1+end])
		if blk == "" {
			return r, "blank common: name the variable as the routine declares it"
		}
		if p := checkName(blk); p != "" {
			return r, p
		}
		r.Common = strings.ToLower(blk)
		t = strings.TrimSpace(t[2+end:])
	} else if i := strings.Index(t, "::"); i >= 0 && !strings.Contains(t[:i], "(") {
		mod := strings.TrimSpace(t[:i])
		if mod == "" {
			return r, "the module before '::' is missing"
		}
		if p := checkName(mod); p != "" {
			return r, p
		}
		r.Module = strings.ToLower(mod)
		t = strings.TrimSpace(t[i+2:])
		if strings.HasPrefix(t, "/") {
			return r, "a variable is in a module or in a common block, not both"
		}
	}
	// name {% component} [(section)]
	var parts []string
	for {
		j := 0
		for j < len(t) && isNameChar(t[j]) {
			j++
		}
		name := t[:j]
		if name == "" {
			if len(parts) == 0 {
				return r, "missing variable name"
			}
			return r, "missing component name after '%'"
		}
		if p := checkName(name); p != "" {
			return r, p
		}
		parts = append(parts, strings.ToLower(name))
		t = strings.TrimLeft(t[j:], " \t")
		if t == "" {
			break
		}
		if t[0] == '%' {
			t = strings.TrimLeft(t[1:], " \t")
			continue
		}
		if t[0] != '(' {
			c, _ := utf8.DecodeRuneInString(t)
			return r, fmt.Sprintf("unexpected %s", quoteRune(c))
		}
		end, problem := matchParen(t)
		if problem != "" {
			return r, problem
		}
		rest := strings.TrimSpace(t[end+1:])
		sec := strings.TrimSpace(t[1:end])
		if problem := checkSection(sec); problem != "" {
			return r, problem
		}
		if rest != "" && rest[0] == '%' {
			// A section of an array of derived type, then its
			// components (cells(1:n)%h): subscripts on the first
			// part, or on the last, not both.
			if len(parts) > 1 || r.Section != "" {
				return r, "subscripts are allowed on the first or the last part only"
			}
			r.Section, r.OnBase = sec, true
			t = strings.TrimLeft(rest[1:], " \t")
			continue
		}
		if rest != "" {
			return r, fmt.Sprintf("unexpected %s after ')'", quote(rest))
		}
		if r.OnBase {
			return r, "subscripts are allowed on the first or the last part only"
		}
		r.Section = sec
		break
	}
	r.Name, r.Path = parts[0], parts[1:]
	if len(r.Path) == 0 {
		r.Path = nil
	}
	return r, ""
}

// matchParen returns the index of the ')' matching the '(' at t[0].
func matchParen(t string) (int, string) {
	depth := 0
	for i := 0; i < len(t); i++ {
		switch t[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i, ""
			}
		}
	}
	return 0, "missing ')'"
}

// checkSection checks the subscripts between the parentheses: not empty,
// no empty subscript, only characters of integer expressions.
func checkSection(sec string) string {
	if sec == "" {
		return "empty subscript list '()'"
	}
	for i := 0; i < len(sec); i++ {
		c := sec[i]
		if isNameChar(c) || strings.IndexByte(" \t:,+-*/()%", c) >= 0 {
			continue
		}
		r, _ := utf8.DecodeRuneInString(sec[i:])
		return fmt.Sprintf("unexpected %s in subscripts", quoteRune(r))
	}
	depth := 0
	for i := 0; i < len(sec); i++ {
		switch sec[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth < 0 {
				return "unbalanced ')' in subscripts"
			}
		}
	}
	if depth != 0 {
		return "missing ')' in subscripts"
	}
	for _, s := range splitTop(sec) {
		if s == "" {
			return "empty subscript"
		}
	}
	return ""
}

// splitTop splits s at commas outside parentheses and trims each part.
func splitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	return append(out, strings.TrimSpace(s[start:]))
}

// checkPath reports what is wrong with p as a spec-relative path.
func checkPath(p string) string {
	switch {
	case p == "":
		return "empty path"
	case strings.HasPrefix(p, "/") || len(p) >= 2 && isLetter(p[0]) && p[1] == ':':
		return fmt.Sprintf("%s is an absolute path; paths are relative to the spec's directory, so that outputs do not depend on the machine", quote(p))
	case strings.Contains(p, `\`):
		return fmt.Sprintf("%s contains '\\'; separate directories with '/'", quote(p))
	case strings.TrimSpace(p) != p:
		return fmt.Sprintf("%s begins or ends with a blank", quote(p))
	}
	for _, r := range p {
		if r < 0x20 || r == 0x7f {
			return fmt.Sprintf("%s contains a control character", quote(p))
		}
	}
	return ""
}

// checkOutputDir is checkPath for the output directory, which must lie
// in the spec's directory: fadj writes only below the spec, so that a
// spec cannot make it write into another project (docs/safety.md).
func checkOutputDir(p string) string {
	if s := checkPath(p); s != "" {
		return s
	}
	if c := path.Clean(p); c == ".." || strings.HasPrefix(c, "../") {
		return fmt.Sprintf("%s is outside the spec's directory; fadj writes its outputs only below the spec", quote(p))
	}
	return ""
}

// checkFilePath is checkPath for a file (not a directory).
func checkFilePath(p string) string {
	if s := checkPath(p); s != "" {
		return s
	}
	if c := path.Clean(p); strings.HasSuffix(p, "/") || c == "." || c == ".." || strings.HasSuffix(c, "/..") {
		return fmt.Sprintf("%s names a directory, not a file", quote(p))
	}
	return ""
}

// quote quotes s in single quotes for messages, escaping what is not
// printable, and shortening long strings.
func quote(s string) string {
	const max = 60
	if len(s) > max {
		cut := max
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "..."
	}
	var b strings.Builder
	b.WriteByte('\'')
	for i, r := range s {
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD"):
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0:
			fmt.Fprintf(&b, `\u%04x`, r)
		case r == '\'':
			b.WriteString(`\'`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('\'')
	return b.String()
}

func quoteRune(r rune) string { return quote(string(r)) }

// suggest returns the candidate nearest to key by edit distance (ignoring
// case), if it is near enough to be a likely typo.
func suggest(key string, candidates []string) string {
	lk := strings.ToLower(key)
	if len(lk) > 64 {
		return ""
	}
	limit := (len(lk) + 2) / 4
	if limit < 1 {
		limit = 1
	}
	if limit > 3 {
		limit = 3
	}
	best, bestD := "", limit+1
	for _, c := range candidates {
		if d := editDistance(lk, c); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, by bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// list formats words as "a, b or c".
func list(words []string, conj string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " " + conj + " " + words[len(words)-1]
}

// parseLoop parses how a spec names a loop: name, do v, routine::name or
// routine::do v. v is the control variable of "do v" (name is then "").
func parseLoop(s string) (scope, name, v, problem string) {
	t := strings.TrimSpace(s)
	if parts := strings.Split(t, "::"); len(parts) == 3 {
		// module::routine::loop, as a target names a module procedure:
		// loops are qualified by their routine alone.
		return "", "", "", fmt.Sprintf("%s: expected name or routine::name; a loop is qualified by its routine alone (%s)", quote(s), strings.TrimSpace(parts[1])+"::"+strings.TrimSpace(parts[2]))
	}
	a, b, qualified := strings.Cut(t, "::")
	if !qualified {
		a, b = "", a
	}
	b = strings.TrimSpace(b)
	if f := strings.Fields(b); len(f) == 2 && strings.EqualFold(f[0], "do") {
		if p := checkName(f[1]); p != "" {
			return "", "", "", p
		}
		if qualified {
			a = strings.TrimSpace(a)
			if p := checkName(a); p != "" {
				return "", "", "", p
			}
		}
		return strings.ToLower(a), "", strings.ToLower(f[1]), ""
	}
	scope, name, problem = parseQualified(s, "routine")
	return scope, name, "", problem
}
