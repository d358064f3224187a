package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// A Dummy is an argument of a generated adjoint routine as its
// declaration gives it.
type Dummy struct {
	Name string // lower case
	Type string // type spec as declared: "double precision", "real(8)"
	Dims string // the bounds inside the parentheses, "" for a scalar
}

// Signature is the argument list of a generated adjoint routine, read
// back from the generated free-form file.
type Signature struct {
	Name string
	Args []Dummy
	// Commons are the common blocks the routine declares (the originals
	// and their adjoints /c_b/), as declarations and COMMON statements a
	// driver can copy; CommonVars are their members.
	Commons    []string
	CommonVars map[string]Dummy
}

var (
	implicitRE     = regexp.MustCompile(`(?i)^\s*implicit\s+(double\s*precision|real(?:\s*\(\s*\d+\s*\))?|integer|logical|complex)\s*\(([^)]*)\)\s*$`)
	commonRE       = regexp.MustCompile(`(?i)^\s*common\s*/\s*(\w+)\s*/\s*(.*)$`)
	interfaceRE    = regexp.MustCompile(`(?i)^\s*(abstract\s+)?interface\b`)
	endInterfaceRE = regexp.MustCompile(`(?i)^\s*end\s*interface\b`)
	endSubRE       = regexp.MustCompile(`(?i)^\s*end\s*subroutine\b`)
)

var declRE = regexp.MustCompile(`(?i)^\s*((?:double\s*precision|real|integer|logical|complex|character|type\s*\()(?:[^:]|:[^:])*?)::\s*(.*)$`)

// ReadSignature finds `subroutine name(...)` in a generated file and the
// declarations of its dummies (fadj writes `type, attrs :: entities`).
func ReadSignature(text, name string) (Signature, error) {
	sig := Signature{Name: name}
	lines := strings.Split(text, "\n")
	head := regexp.MustCompile(`(?i)^\s*subroutine\s+` + regexp.QuoteMeta(name) + `\s*(\(|$)`)
	start := -1
	for i, l := range lines {
		if head.MatchString(l) {
			start = i
			break
		}
	}
	if start < 0 {
		return sig, fmt.Errorf("no subroutine %s", name)
	}
	// The statement, with its continuation lines joined.
	stmt := ""
	i := start
	for ; i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		l = strings.TrimPrefix(l, "&")
		if strings.HasSuffix(l, "&") {
			stmt += strings.TrimSuffix(l, "&")
			continue
		}
		stmt += l
		break
	}
	open, close := strings.Index(stmt, "("), strings.LastIndex(stmt, ")")
	if open < 0 { // no arguments
		open, close = len(stmt), len(stmt)
		stmt += " "
	}
	if close < open {
		return sig, fmt.Errorf("subroutine %s: cannot read its arguments", name)
	}
	decls := map[string]Dummy{}
	var commons []string
	var implicits [][]string // type, letter ranges
	inInterface := false
body:
	for _, l := range joinContinued(lines[i+1:]) {
		switch {
		case interfaceRE.MatchString(l):
			inInterface = true
		case endInterfaceRE.MatchString(l):
			inInterface = false
		case inInterface:
		case endSubRE.MatchString(l):
			break body
		}
		if inInterface {
			continue
		}
		if m := implicitRE.FindStringSubmatch(l); m != nil {
			implicits = append(implicits, m[1:])
			continue
		}
		if commonRE.MatchString(l) {
			commons = append(commons, strings.TrimSpace(l))
			continue
		}
		m := declRE.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		typ, dims := splitTypeSpec(m[1])
		for _, ent := range splitTop(m[2]) {
			ent = strings.TrimSpace(ent)
			if j := strings.Index(ent, "="); j >= 0 {
				ent = strings.TrimSpace(ent[:j])
			}
			n, d := ent, dims
			if j := strings.Index(ent, "("); j >= 0 && strings.HasSuffix(ent, ")") {
				n, d = strings.TrimSpace(ent[:j]), ent[j+1:len(ent)-1]
			}
			n = strings.ToLower(n)
			if _, ok := decls[n]; !ok {
				decls[n] = Dummy{Name: n, Type: typ, Dims: strings.ReplaceAll(d, " ", "")}
			}
		}
	}
	sig.CommonVars = map[string]Dummy{}
	for _, c := range commons {
		m := commonRE.FindStringSubmatch(c)
		var members []string
		for _, e := range splitTop(m[2]) {
			n := strings.ToLower(strings.TrimSpace(e))
			if j := strings.Index(n, "("); j >= 0 {
				n = strings.TrimSpace(n[:j])
			}
			d, ok := decls[n]
			if !ok { // typed implicitly
				d, ok = Dummy{Name: n, Type: implicitType(n, implicits)}, true
			}
			if ok {
				sig.CommonVars[n] = d
				decl := explicitKind(d.Type) + " :: " + n
				if d.Dims != "" {
					decl += "(" + d.Dims + ")"
				}
				members = append(members, decl)
			}
		}
		sig.Commons = append(append(sig.Commons, members...), c)
	}
	for _, a := range splitTop(stmt[min(open+1, close):close]) {
		a = strings.ToLower(strings.TrimSpace(a))
		if a == "" {
			continue
		}
		d, ok := decls[a]
		if !ok {
			return sig, fmt.Errorf("subroutine %s: argument %s has no declaration with ::", name, a)
		}
		sig.Args = append(sig.Args, d)
	}
	return sig, nil
}

// splitTypeSpec splits "double precision, dimension(1), intent(in)" into
// the type and the bounds of a dimension attribute.
func splitTypeSpec(spec string) (typ, dims string) {
	parts := splitTop(spec)
	typ = strings.TrimSpace(parts[0])
	for _, p := range parts[1:] {
		p = strings.TrimSpace(p)
		if strings.HasPrefix(strings.ToLower(p), "dimension") {
			if j := strings.Index(p, "("); j >= 0 && strings.HasSuffix(p, ")") {
				dims = p[j+1 : len(p)-1]
			}
		}
	}
	return typ, dims
}

// Size returns the number of elements of bounds such as "3", "1:5" or
// "2,0:3", or false if a bound is not an integer literal (or the shape is
// assumed).
func Size(dims string) (int, bool) {
	if dims == "" {
		return 1, true
	}
	size := 1
	for _, d := range splitTop(dims) {
		lo, hi := "1", strings.TrimSpace(d)
		if j := strings.Index(d, ":"); j >= 0 {
			lo, hi = strings.TrimSpace(d[:j]), strings.TrimSpace(d[j+1:])
		}
		l, err1 := strconv.Atoi(lo)
		h, err2 := strconv.Atoi(hi)
		if err1 != nil || err2 != nil || h < l {
			return 0, false
		}
		size *= h - l + 1
	}
	return size, true
}

// joinContinued joins free-form lines ending in & with the next.
func joinContinued(lines []string) []string {
	var out []string
	cur := ""
	for _, l := range lines {
		t := strings.TrimSpace(l)
		if cur != "" {
			t = strings.TrimPrefix(t, "&")
		}
		if strings.HasSuffix(t, "&") {
			cur += strings.TrimSuffix(t, "&") + " "
			continue
		}
		out = append(out, cur+t)
		cur = ""
	}
	if cur != "" {
		out = append(out, cur)
	}
	return out
}

// ModuleDecls returns the variables the modules of a generated file
// declare (the adjoints of module variables, x_b), and the names of those
// modules.
func ModuleDecls(text string) (map[string]Dummy, []string) {
	decls := map[string]Dummy{}
	var mods []string
	in := false
	modRE := regexp.MustCompile(`(?i)^\s*module\s+(\w+)\s*$`)
	endRE := regexp.MustCompile(`(?i)^\s*end\s*module\b`)
	for _, l := range joinContinued(strings.Split(text, "\n")) {
		switch {
		case modRE.MatchString(l):
			in = true
			mods = append(mods, strings.ToLower(modRE.FindStringSubmatch(l)[1]))
			continue
		case endRE.MatchString(l), regexp.MustCompile(`(?i)^\s*contains\b`).MatchString(l):
			in = false
		}
		if !in {
			continue
		}
		if m := declRE.FindStringSubmatch(l); m != nil {
			typ, dims := splitTypeSpec(m[1])
			for _, ent := range splitTop(m[2]) {
				n, d := strings.TrimSpace(ent), dims
				if j := strings.Index(n, "("); j >= 0 && strings.HasSuffix(n, ")") {
					n, d = strings.TrimSpace(n[:j]), n[j+1:len(n)-1]
				}
				n = strings.ToLower(n)
				decls[n] = Dummy{Name: n, Type: typ, Dims: strings.ReplaceAll(d, " ", "")}
			}
		}
	}
	return decls, mods
}

// implicitType is the type of an undeclared name under the routine's
// IMPLICIT statements, else Fortran's default rule (i-n integer).
func implicitType(name string, implicits [][]string) string {
	c := name[0]
	for _, im := range implicits {
		for _, r := range strings.Split(im[1], ",") {
			r = strings.ToLower(strings.TrimSpace(r))
			lo, hi, _ := strings.Cut(r, "-")
			lo, hi = strings.TrimSpace(lo), strings.TrimSpace(hi)
			if hi == "" {
				hi = lo
			}
			if lo != "" && c >= lo[0] && c <= hi[0] {
				return im[0]
			}
		}
	}
	if c >= 'i' && c <= 'n' {
		return "integer"
	}
	return "real"
}
