package check

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/generator/bind"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/parser"
)

// sectionBounds evaluates the subscripts of the sections of
// independents and dependents at the check point, so that the driver's
// masks index with numbers (a subscript may name integer module
// variables the driver reaches under other names), and reports those it
// cannot evaluate, those outside the bounds the driver gives the array
// ('/state/s(3)' of s(2): the masks would index out of bounds, silently
// without -fcheck) and a number of subscripts that is not the rank.
func sectionBounds(bt *bind.Target, p *Program, env *boundEnv) diag.List {
	var l diag.List
	for _, list := range []struct {
		role string
		vars []bind.Var
		sec  func(*Arg) *string
	}{{"independent", bt.Independents, func(a *Arg) *string { return &a.InSection }},
		{"dependent", bt.Dependents, func(a *Arg) *string { return &a.OutSection }}} {
		evaluated := map[*Arg][]string{}
		for _, v := range list.vars {
			if v.Ref.Section == "" || v.Symbol == nil {
				continue
			}
			name := strings.ToLower(strings.Join(append([]string{v.Symbol.Name}, v.Ref.Path...), "%"))
			var a *Arg
			for _, x := range p.Args {
				if x.Name == name && (x.Class == Float || x.Class == Passive) {
					a = x
				}
			}
			if a == nil || len(a.Dims) == 0 || *list.sec(a) == "" {
				continue
			}
			sec, err := evalSection(v.Ref.Section, a, env)
			if err != "" {
				l.Addf(v.Pos, "%s '%s': %s", list.role, v.Text, err)
				continue
			}
			evaluated[a] = append(evaluated[a], sec)
		}
		for a, secs := range evaluated {
			*list.sec(a) = strings.Join(secs, ";")
		}
	}
	return l
}

// evalSection returns section (the subscripts as written) with every
// bound a number, or what is wrong with it.
func evalSection(section string, a *Arg, env *boundEnv) (string, string) {
	subs := splitTop(section, ',')
	if len(subs) != len(a.Dims) {
		return "", fmt.Sprintf("%d subscripts, but '%s' has rank %d", len(subs), a.Name, len(a.Dims))
	}
	var out []string
	for i, sub := range subs {
		lo, hi, ok := dimBounds(a.Dims[i])
		if !ok {
			return "", fmt.Sprintf("'%s' has no bounds fadj check knows", a.Name)
		}
		parts := splitTop(sub, ':')
		if len(parts) > 3 {
			return "", fmt.Sprintf("subscript '%s' is not a triplet", sub)
		}
		vals := make([]int, len(parts))
		for j, part := range parts {
			part = strings.TrimSpace(part)
			switch {
			case part == "" && j == 0:
				vals[j] = lo
				continue
			case part == "" && j == 1:
				vals[j] = hi
				continue
			case part == "":
				return "", fmt.Sprintf("subscript '%s' has an empty stride", sub)
			}
			x, err := parser.ParseExpr(part)
			n, ok := 0, err == nil
			if ok {
				n, ok = env.eval(x)
			}
			if !ok {
				return "", fmt.Sprintf("cannot evaluate subscript '%s': expected integer literals, integer arguments and integer module variables (or components) that check.inputs gives or that have an initial value", part)
			}
			vals[j] = n
		}
		empty := len(vals) >= 2 && (len(vals) == 2 || vals[2] > 0) && vals[1] < vals[0] || len(vals) == 3 && vals[2] < 0 && vals[1] > vals[0]
		if len(vals) == 3 && vals[2] == 0 {
			return "", fmt.Sprintf("subscript '%s' has stride 0", sub)
		}
		for j, n := range vals {
			if j < 2 && !empty && (n < lo || n > hi) {
				val := strings.TrimSpace(parts[j])
				if val != strconv.Itoa(n) {
					val += " (" + strconv.Itoa(n) + " at the check point)"
				}
				return "", fmt.Sprintf("subscript %s of dimension %d is outside the bounds %d:%d fadj check gives '%s'", val, i+1, lo, hi, a.Name)
			}
		}
		txt := make([]string, len(vals))
		for j, n := range vals {
			txt[j] = strconv.Itoa(n)
		}
		out = append(out, strings.Join(txt, ":"))
	}
	return strings.Join(out, ","), ""
}

// dimBounds parses the driver's "lo:hi".
func dimBounds(d string) (lo, hi int, ok bool) {
	l, h, found := strings.Cut(d, ":")
	lo, err1 := strconv.Atoi(l)
	hi, err2 := strconv.Atoi(h)
	return lo, hi, found && err1 == nil && err2 == nil
}

// splitTop splits s at sep outside parentheses.
func splitTop(s string, sep byte) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '[':
			depth++
		case ')', ']':
			depth--
		case sep:
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}
