package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Point is how our driver sets up a case, read from the case's own OpenAD
// driver (driver_scalar_adm_split.f90, else _joint) when it has one, else
// the suite's generic driver: x0(i) = i/2 for i = 1..n, x = x0, and
// head(x, y) with x of size n and y of size m.
type Point struct {
	// Decls declare the helper variables Setup uses (the driver's own
	// declarations, less active, allocatable and reserved names).
	Decls []string
	// Setup is Fortran that computes x0 (and helper variables) before
	// the point is set; it may use i, n and m.
	Setup []string
	// Sets are the values the driver gives its active variables in the
	// adjoint section (`v%v = e`, `v(j)%v = e`), by variable.
	Sets map[string]Value
	// Actuals are the actual arguments of the call of the head routine in
	// the adjoint section, lower case, blanks removed.
	Actuals []string
	// Extra is Fortran that follows the program: procedures the driver
	// defines for head to call.
	Extra string
	// Uses are the driver's USE statements of the case's modules.
	Uses []string
}

// A Value gives an active variable of the OpenAD driver its value at the
// point: Whole for the variable (or every element: the generic driver's
// x(k)%v = x0(k) is Whole "x0"), or Elem by index.
type Value struct {
	Whole string
	Array bool // Whole names an array whose elements are the values (x0)
	Elem  map[int]string
}

// GenericPoint is the point of the suite's generic driver.
var GenericPoint = Point{
	Setup:   []string{"do i = 1, n", "  x0(i) = i/2.D0", "end do"},
	Sets:    map[string]Value{"x": {Whole: "x0", Array: true}},
	Actuals: []string{"x", "y"},
}

// Reserved names: variables of our driver that the copied declarations
// must not declare again.
var reserved = map[string]bool{"n": true, "m": true, "i": true, "k": true, "x0": true, "jac": true, "fdjac": true, "fadj_row": true, "fadj_h": true}

var (
	callRE   = regexp.MustCompile(`(?i)^call\s+(\w+)\s*\((.*)\)\s*$`)
	setRE    = regexp.MustCompile(`(?i)^(\w+)\s*(?:\(\s*(\d+)\s*\))?\s*%\s*v\s*=\s*(.+)$`)
	adjSetRE = regexp.MustCompile(`(?i)^(\w+)\s*(\(\s*\d+\s*\))?\s*%\s*d\s*=\s*(.+)$`)
	// x(k)%v = x0(k) in a loop over k (or j): x = x0; also from another
	// array of the driver, x(j)%v = w(j)%v.
	genericSet = regexp.MustCompile(`(?i)^(\w+)\s*\(\s*([a-z])\s*\)\s*%\s*v\s*=\s*(\w+)\s*\(\s*([a-z])\s*\)\s*(?:%\s*v)?$`)
	// active(value, derivative), the structure constructor of OpenAD's type
	constructorRE = regexp.MustCompile(`(?i)\bactive\s*\(([^,()]+),[^()]*\)`)
	x0ScalarRE    = regexp.MustCompile(`(?i)\bx0_(\d+)\b`)
	declRE2       = regexp.MustCompile(`(?i)^(double\s*precision|real|integer|logical|character|complex|parameter|type\s*\(|external|implicit|use\b|intrinsic|dimension|save|common|data\b)`)
	skipRE        = regexp.MustCompile(`(?i)^(allocate|deallocate|open|close|read|write|call\s+tape_init|call\s+oad_|our_rev_mode|stop|print)`)
)

// ReadPoint reads a case's OpenAD driver: its declarations, the statements
// that compute the point before the DD (finite difference) section, the
// values it gives the active variables and its call of the head routine
// in the AD section, and the procedures after the program. It returns an
// error saying what it does not understand.
func ReadPoint(text, head string) (Point, error) {
	p := Point{Sets: map[string]Value{}}
	body, extra, _ := strings.Cut(text, "\nend program")
	if i := strings.Index(extra, "\n"); i >= 0 {
		p.Extra = strings.TrimSpace(extra[i+1:])
	}
	const (
		decls = iota
		setup // before the DD section
		dd
		ad
	)
	state := decls
	actives := map[string]string{} // active variables of the driver -> "(bounds)" or ""
	depth := 0                     // DO nesting in the AD section
	inInterface := false
	for _, s := range statements(body) {
		low := strings.ToLower(s)
		if strings.HasPrefix(low, "program ") {
			continue
		}
		// Interface blocks (of head, of external procedures) are
		// declarations our driver does not need.
		if regexp.MustCompile(`^(abstract\s+)?interface\b`).MatchString(low) {
			inInterface = true
		}
		if inInterface {
			inInterface = !regexp.MustCompile(`^end\s*interface\b`).MatchString(low)
			continue
		}
		if state == decls && !declRE2.MatchString(s) {
			state = setup
		}
		switch {
		case strings.Contains(low, "tmpoutput/dd.out"):
			state = dd
			continue
		case strings.Contains(low, "tmpoutput/ad.out"):
			state = ad
			continue
		}
		switch state {
		case decls:
			if d := helperDecl(s); d != "" {
				p.Decls = append(p.Decls, d)
			}
			if m := regexp.MustCompile(`(?i)^use\s+(\w+)`).FindStringSubmatch(s); m != nil && !strings.HasPrefix(strings.ToLower(m[1]), "oad_") {
				p.Uses = append(p.Uses, s)
			}
			activeDecl(s, actives)
		case setup:
			switch {
			case skipRE.MatchString(s):
			case adjSetRE.MatchString(s):
				// v%d = e: OpenAD's noDefaultInit cases put garbage in the
				// derivatives of globals, to see that the tool does not
				// rely on them starting at zero; ours is v_b.
				m := adjSetRE.FindStringSubmatch(s)
				p.Setup = append(p.Setup, m[1]+"_b"+m[2]+" = "+m[3])
			case setRE.MatchString(s):
				if err := p.set(s); err != nil {
					return p, err
				}
			default:
				// An active variable set here holds values only: ours is
				// a double precision one.
				if m := regexp.MustCompile(`^(\w+)\s*[=(]`).FindStringSubmatch(s); m != nil {
					if dims, ok := actives[strings.ToLower(m[1])]; ok {
						p.Decls = append(p.Decls, "double precision :: "+m[1]+dims)
						delete(actives, strings.ToLower(m[1]))
						s = constructorRE.ReplaceAllString(s, "$1")
					}
				}
				p.Setup = append(p.Setup, x0ScalarRE.ReplaceAllString(s, "x0($1)"))
			}
		case ad:
			switch {
			case strings.HasPrefix(low, "do "):
				depth++
			case strings.HasPrefix(low, "end do") || low == "enddo":
				depth--
			case genericSet.MatchString(s) && strings.EqualFold(genericSet.FindStringSubmatch(s)[2], genericSet.FindStringSubmatch(s)[4]):
				m := genericSet.FindStringSubmatch(s)
				p.Sets[strings.ToLower(m[1])] = Value{Whole: strings.ToLower(m[3]), Array: true}
			case setRE.MatchString(s):
				if depth > 1 {
					return p, fmt.Errorf("custom driver: %q in a loop", s)
				}
				if err := p.set(s); err != nil {
					return p, err
				}
			}
			if m := callRE.FindStringSubmatch(s); m != nil && (strings.EqualFold(m[1], head) || strings.EqualFold(m[1], "openad_"+head)) && p.Actuals == nil {
				p.Actuals = []string{}
				for _, a := range splitTop(m[2]) {
					if strings.TrimSpace(a) == "" {
						continue
					}
					p.Actuals = append(p.Actuals, strings.ToLower(strings.Join(strings.Fields(a), "")))
				}
			}
		}
	}
	if p.Actuals == nil {
		return p, fmt.Errorf("custom driver: no call of %s in its adjoint section", head)
	}
	return p, nil
}

// set records `v%v = e` or `v(j)%v = e`.
func (p *Point) set(s string) error {
	m := setRE.FindStringSubmatch(s)
	name := strings.ToLower(m[1])
	expr := x0ScalarRE.ReplaceAllString(strings.TrimSpace(m[3]), "x0($1)")
	v := p.Sets[name]
	if m[2] == "" {
		v.Whole = expr
	} else {
		j, _ := strconv.Atoi(m[2])
		if v.Elem == nil {
			v.Elem = map[int]string{}
		}
		v.Elem[j] = expr
	}
	p.Sets[name] = v
	return nil
}

// helperDecl returns a declaration of the OpenAD driver for our driver:
// none for active, allocatable, use, external and implicit declarations;
// others less the names our driver declares and the x0_1-style scalars
// (which become elements of x0).
func helperDecl(s string) string {
	low := strings.ToLower(s)
	if strings.HasPrefix(low, "type") || strings.Contains(low, "allocatable") || strings.HasPrefix(low, "use") ||
		strings.HasPrefix(low, "external") || strings.HasPrefix(low, "implicit") || strings.HasPrefix(low, "parameter") {
		if strings.HasPrefix(low, "parameter") {
			return s
		}
		return ""
	}
	spec, list, ok := strings.Cut(s, "::")
	if !ok {
		// "double precision a, b" or "integer n,m"
		m := regexp.MustCompile(`(?i)^(double\s*precision|real(?:\*\d+)?|integer|logical|character(?:\*\d+)?|complex)\s+(.*)$`).FindStringSubmatch(s)
		if m == nil {
			return ""
		}
		spec, list = m[1], m[2]
	}
	var keep []string
	for _, e := range splitTop(list) {
		e = strings.TrimSpace(e)
		name := strings.ToLower(e)
		if i := strings.IndexAny(name, "(=*"); i >= 0 {
			name = strings.TrimSpace(name[:i])
		}
		if reserved[name] || x0ScalarRE.MatchString(name) || strings.HasPrefix(name, "v_") {
			continue
		}
		keep = append(keep, e)
	}
	if len(keep) == 0 {
		return ""
	}
	return strings.TrimSpace(spec) + " :: " + strings.Join(keep, ", ")
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

// activeDecl records the variables a type(active) declaration declares,
// with their bounds.
func activeDecl(s string, actives map[string]string) {
	low := strings.ToLower(s)
	if !strings.HasPrefix(low, "type") || !strings.Contains(low, "active") {
		return
	}
	list := s
	if _, l, ok := strings.Cut(s, "::"); ok {
		list = l
	} else if i := strings.Index(s, ")"); i >= 0 {
		list = s[i+1:]
	}
	for _, e := range splitTop(list) {
		e = strings.TrimSpace(e)
		name, dims := e, ""
		if i := strings.Index(e, "("); i >= 0 {
			name, dims = e[:i], e[i:]
		}
		actives[strings.ToLower(strings.TrimSpace(name))] = dims
	}
}
