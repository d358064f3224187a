package main

import (
	"bufio"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// A Pragma is one `c$openad INDEPENDENT(x)` or `c$openad DEPENDENT(y)`
// line of a case, with the routine it stands in.
type Pragma struct {
	Dependent bool   // DEPENDENT, else INDEPENDENT
	Var       string // as written, lower case, blanks removed
	Routine   string // lower case; "" if outside any routine
	Module    string // lower case module holding Routine, or ""
	Line      int
}

// Unit is a subroutine or function of a source file.
type Unit struct {
	Name   string // lower case
	Module string // lower case, "" for an external procedure
	Line   int
}

// Scan is what ScanPragmas finds in a file.
type Scan struct {
	Pragmas []Pragma
	Units   []Unit
}

var (
	pragmaRE = regexp.MustCompile(`(?i)^[!cC*]\$openad\s+(independent|dependent)\s*\((.*)\)\s*$`)
	// A subroutine or function statement, after optional prefixes and a
	// type spec ("double precision function f(x)").
	unitRE = regexp.MustCompile(`(?i)^\s*(?:(?:recursive|pure|elemental|impure|module)\s+)*` +
		`(?:(?:double\s*precision|real|integer|logical|complex|character|type\s*\(\s*\w+\s*\))` +
		`(?:\s*\*\s*\d+|\s*\([^)]*\))?\s+)?(subroutine|function)\s+([a-z]\w*)`)
	moduleRE = regexp.MustCompile(`(?i)^\s*module\s+([a-z]\w*)\s*$`)
	endRE    = regexp.MustCompile(`(?i)^\s*end\s*(?:(subroutine|function|module|program)(?:\s+\w+)?)?\s*$`)
)

// ScanPragmas reads the OpenAD pragmas of a Fortran file and the routines
// they stand in. It is a line scanner, not a parser: enough for the
// regression cases, whose pragmas are comment lines of their own and
// whose routine statements start a line. fixed says the file is fixed
// form (labels in columns 1-5, continuation in column 6).
func ScanPragmas(name, text string, fixed bool) (Scan, error) {
	var sc Scan
	var module, routine string
	depth := 0 // open program units, to find the end of a module's routine
	lines := bufio.NewScanner(strings.NewReader(text))
	lines.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; lines.Scan(); n++ {
		line := strings.TrimRight(lines.Text(), " \t\r")
		trimmed := strings.TrimLeft(line, " \t")
		if m := pragmaRE.FindStringSubmatch(trimmed); m != nil && (fixed || strings.HasPrefix(trimmed, "!")) {
			for _, v := range splitTop(m[2]) {
				v = strings.ToLower(strings.Join(strings.Fields(v), ""))
				if v == "" {
					return sc, fmt.Errorf("%s:%d: empty name in pragma", name, n)
				}
				sc.Pragmas = append(sc.Pragmas, Pragma{
					Dependent: strings.EqualFold(m[1], "dependent"),
					Var:       v, Routine: routine, Module: module, Line: n,
				})
			}
			continue
		}
		stmt, ok := statementText(line, fixed)
		if !ok {
			continue
		}
		switch {
		case endRE.MatchString(stmt):
			m := endRE.FindStringSubmatch(stmt)
			kind := strings.ToLower(m[1])
			if kind == "module" {
				module, routine, depth = "", "", 0
				continue
			}
			if depth > 0 {
				depth--
			}
			if depth == 0 {
				routine = ""
			}
		case moduleRE.MatchString(stmt) && !strings.HasPrefix(strings.ToLower(strings.TrimSpace(stmt)), "module procedure"):
			module = strings.ToLower(moduleRE.FindStringSubmatch(stmt)[1])
		case unitRE.MatchString(stmt):
			m := unitRE.FindStringSubmatch(stmt)
			depth++
			if depth == 1 { // internal procedures keep their host as the routine
				routine = strings.ToLower(m[2])
			}
			sc.Units = append(sc.Units, Unit{Name: strings.ToLower(m[2]), Module: module, Line: n})
		}
	}
	return sc, lines.Err()
}

// statementText returns the statement part of a source line, or false for
// a comment, blank or continuation line.
func statementText(line string, fixed bool) (string, bool) {
	if fixed {
		if line == "" || strings.ContainsRune("cC*!", rune(line[0])) {
			return "", false
		}
		if strings.HasPrefix(line, "\t") { // tab form: statement text starts after the tab
			line = line[1:]
			if line != "" && line[0] >= '1' && line[0] <= '9' { // continuation digit
				return "", false
			}
		} else if len(line) > 6 {
			if line[5] != ' ' && line[5] != '0' {
				return "", false
			}
			line = line[6:]
		} else {
			return "", false
		}
		if len(line) > 66 {
			line = line[:66]
		}
	}
	if i := strings.IndexByte(line, '!'); i >= 0 && !strings.ContainsAny(line[:i], "'\"") {
		line = line[:i]
	}
	t := strings.TrimSpace(line)
	if t == "" || strings.HasPrefix(t, "!") || strings.HasPrefix(t, "&") {
		return "", false
	}
	return t, true
}

// splitTop splits s at commas outside parentheses.
func splitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	for i, r := range s {
		switch r {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// HeadRoutine picks the routine the pragmas mark: the one routine that
// holds pragmas, or, when several do, the one named head (the suite's
// drivers call head, and OpenAD ignores the pragmas of other routines).
// It is an error if there is no such routine, a pragma stands outside any
// routine, or the routine lacks INDEPENDENT or DEPENDENT pragmas.
func (sc Scan) HeadRoutine() (Unit, error) {
	var units []Unit
	for _, p := range sc.Pragmas {
		if p.Routine == "" {
			return Unit{}, fmt.Errorf("line %d: pragma outside any routine", p.Line)
		}
		u := Unit{Name: p.Routine, Module: p.Module}
		if !slices.Contains(units, u) {
			units = append(units, u)
		}
	}
	var head Unit
	switch {
	case len(units) == 0:
		return Unit{}, fmt.Errorf("no INDEPENDENT or no DEPENDENT pragma")
	case len(units) == 1:
		head = units[0]
	default:
		i := slices.IndexFunc(units, func(u Unit) bool { return u.Name == "head" })
		if i < 0 {
			return Unit{}, fmt.Errorf("pragmas stand in %s and %s, none of them head", units[0].Name, units[1].Name)
		}
		head = units[i]
	}
	if len(sc.Vars(head, false)) == 0 || len(sc.Vars(head, true)) == 0 {
		return Unit{}, fmt.Errorf("no INDEPENDENT or no DEPENDENT pragma in %s", head.Name)
	}
	return head, nil
}

// Vars returns the names of the independents (dep false) or dependents
// that the pragmas of routine u mark, in pragma order, without repeats.
func (sc Scan) Vars(u Unit, dep bool) []string {
	var out []string
	for _, p := range sc.Pragmas {
		if p.Dependent == dep && p.Routine == u.Name && p.Module == u.Module && !slices.Contains(out, p.Var) {
			out = append(out, p.Var)
		}
	}
	return out
}
