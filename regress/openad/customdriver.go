package main

import (
	"fmt"
	"regexp"
	"strings"
)

// Point is how our driver sets up the point of a case, read from the
// case's own OpenAD driver (driver_scalar_adm_split.f90 or _joint) when it
// has one, else the suite's generic driver: x0(i) = i/2 for i = 1..n,
// x = x0, and head(x, y) called with x of size n and y of size m.
type Point struct {
	// Init is Fortran that sets x0(1:n), using i, n and m.
	Init []string
	// Actuals are the actual arguments of the call of the head routine
	// in the adjoint section, lower case: "x" and "y" stand for the
	// driver's independent and dependent arrays; others (literals) are
	// passed as they are written.
	Actuals []string
	// Extra is Fortran that follows the driver program: procedures the
	// case's driver defines for head to call.
	Extra string
}

// GenericPoint is the suite's generic driver's point.
var GenericPoint = Point{
	Init:    []string{"do i = 1, n", "  x0(i) = i/2.D0", "end do"},
	Actuals: []string{"x", "y"},
}

var (
	x0AssignRE = regexp.MustCompile(`(?i)^x0\s*\(\s*(i|\d+)\s*\)\s*=`)
	doRE       = regexp.MustCompile(`(?i)^do\s+i\s*=\s*1\s*,\s*n\s*$`)
	endDoRE    = regexp.MustCompile(`(?i)^end\s*do$`)
	callRE     = regexp.MustCompile(`(?i)^call\s+(\w+)\s*\((.*)\)\s*$`)
	literalRE  = regexp.MustCompile(`^(\d+|n|m)$`)
)

// ReadPoint reads a case's OpenAD driver. It understands drivers that
// differ from the generic one only in how they fill x0 (a loop over i, or
// x0(k) = constant lines), in extra literal arguments of the call of the
// head routine, and in procedures they define after the program; for any
// other driver it returns an error saying what it did not understand.
func ReadPoint(text, head string) (Point, error) {
	var p Point
	body, extra, _ := strings.Cut(text, "\nend program")
	if i := strings.Index(extra, "\n"); i >= 0 {
		p.Extra = strings.TrimSpace(extra[i+1:])
	}
	stmts := statements(body)
	// The prelude: between reading params.conf and the DD section.
	var prelude []string
	const (
		start = iota
		params
		prologue
		dd
		ad
	)
	state := start
	for _, s := range stmts {
		low := strings.ToLower(s)
		switch {
		case state == start && strings.Contains(low, "params.conf"):
			state = params
			continue
		case state == params && strings.HasPrefix(low, "close(2)"):
			state = prologue
			continue
		case strings.Contains(low, "tmpoutput/dd.out"):
			state = dd
		case strings.Contains(low, "tmpoutput/ad.out"):
			state = ad
		}
		switch state {
		case prologue:
			prelude = append(prelude, s)
		case ad:
			if m := callRE.FindStringSubmatch(s); m != nil && strings.EqualFold(m[1], head) && p.Actuals == nil {
				for _, a := range splitTop(m[2]) {
					p.Actuals = append(p.Actuals, strings.ToLower(strings.TrimSpace(a)))
				}
			}
		}
	}
	if p.Actuals == nil {
		return p, fmt.Errorf("custom driver: no call of %s in its adjoint section", head)
	}
	var sawX, sawY bool
	for _, a := range p.Actuals {
		switch {
		case a == "x":
			sawX = true
		case a == "y":
			sawY = true
		case literalRE.MatchString(a):
		default:
			return p, fmt.Errorf("custom driver: actual argument %q of %s", a, head)
		}
	}
	if !sawX || !sawY {
		return p, fmt.Errorf("custom driver: %s is not called with the arrays x and y", head)
	}
	for _, s := range prelude {
		low := strings.ToLower(s)
		switch {
		case strings.HasPrefix(low, "allocate"):
		case doRE.MatchString(s), endDoRE.MatchString(s), x0AssignRE.MatchString(s):
			p.Init = append(p.Init, s)
		default:
			return p, fmt.Errorf("custom driver: statement %q before the DD section", s)
		}
	}
	if len(p.Init) == 0 {
		return p, fmt.Errorf("custom driver: x0 is not set")
	}
	return p, nil
}

// statements splits free-form Fortran into statements: comments dropped,
// continuation lines joined, blanks trimmed.
func statements(text string) []string {
	var out []string
	cur := ""
	for _, l := range strings.Split(text, "\n") {
		if i := strings.Index(l, "!"); i >= 0 && !strings.ContainsAny(l[:i], "'\"") {
			l = l[:i]
		}
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		l = strings.TrimPrefix(l, "&")
		if strings.HasSuffix(l, "&") {
			cur += strings.TrimSuffix(l, "&")
			continue
		}
		out = append(out, strings.TrimSpace(cur+l))
		cur = ""
	}
	return out
}
