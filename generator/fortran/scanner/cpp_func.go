package scanner

import (
	"fmt"
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/source"
)

// Function-like macros, #define NAME(a, b) value: MITgcm's CPP_EEMACROS.h
// writes _BEGIN_MASTER(myThid) for IF ( myThid .EQ. 1 ) THEN, and
// _EXCH_XY_RL(a, b) for CALL EXCH_XY_RL(a, b). A statement naming one is
// scanned with its invocations' names left in place (fnPending); then
// expandCalls replaces each NAME followed by a parenthesised argument
// list (its arguments' macros already expanded, as cpp does) by the value
// with the parameters substituted, scanned again for macros. The # and ##
// operators and variadic macros are rejected at the #define.

// defineFunction parses the parameter list of #define NAME(params) value
// from rest (after NAME, at its '('); it returns false, having reported
// why, when it is not supported.
func (s *scanner) defineFunction(name, rest string, off int) bool {
	end := strings.IndexByte(rest, ')')
	if end < 0 {
		s.errorAt(off, "missing ')' in the parameter list of macro "+name)
		return false
	}
	var params []string
	if p := strings.TrimSpace(rest[1:end]); p != "" {
		for _, f := range strings.Split(p, ",") {
			f = strings.TrimSpace(f)
			if k := macroName(f); k == 0 || k != len(f) {
				s.errorAt(off, "not supported: parameter '"+f+"' of function-like macro "+name)
				return false
			}
			params = append(params, f)
		}
	}
	value := strings.TrimSpace(rest[end+1:])
	if strings.Contains(value, "#") {
		s.errorAt(off, "not supported: # or ## in function-like macro "+name)
		return false
	}
	s.flushForDefine()
	s.setMacro(s, name, value, off)
	m := s.defines[name]
	m.fn, m.params = true, params
	return true
}

// expandCalls returns toks with the invocations of function-like macros
// expanded, and with object-like macros too if objects (in a value
// substituted here; a statement's own were expanded as it was scanned).
// hide holds the macros being expanded.
func (s *scanner) expandCalls(toks []token.Token, hide []string, depth int, objects bool) []token.Token {
	var out []token.Token
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		m := s.defines[t.Lit]
		if t.Kind != token.IDENT || m == nil || hidden(hide, t.Lit) || depth >= maxExpandDepth || !m.fn && !objects {
			out = append(out, t)
			continue
		}
		if !m.fn {
			out = append(out, s.expandCalls(at(m.toks, t.Pos), append(hide, t.Lit), depth+1, true)...)
			continue
		}
		args, next, ok := macroArgs(toks, i+1)
		if !ok {
			out = append(out, t) // no argument list: the name itself
			continue
		}
		if len(m.params) == 0 && len(args) == 1 && len(args[0]) == 0 {
			args = nil // NAME()
		}
		if len(args) != len(m.params) {
			s.errs.Add(s.file.Position(t.Pos), fmt.Sprintf("macro %s takes %d arguments, given %d", t.Lit, len(m.params), len(args)))
			out = append(out, t)
			continue
		}
		for k := range args {
			args[k] = s.expandCalls(args[k], hide, depth+1, false)
		}
		var body []token.Token
		for _, b := range at(m.toks, t.Pos) {
			if k := indexOf(m.params, b.Lit); b.Kind == token.IDENT && k >= 0 {
				body = append(body, args[k]...)
				continue
			}
			body = append(body, b)
		}
		if len(out)+len(body) > maxExpandToks {
			s.errs.Add(s.file.Position(t.Pos), "macro expansion too large")
			return out
		}
		out = append(out, s.expandCalls(body, append(hide, t.Lit), depth+1, true)...)
		i = next - 1
	}
	return out
}

// macroArgs splits the parenthesised argument list at toks[i] at its
// top-level commas; next is the index after its ')'.
func macroArgs(toks []token.Token, i int) (args [][]token.Token, next int, ok bool) {
	if i >= len(toks) || toks[i].Kind != token.LPAREN {
		return nil, i, false
	}
	depth := 0
	var cur []token.Token
	for j := i + 1; j < len(toks); j++ {
		switch toks[j].Kind {
		case token.LPAREN:
			depth++
		case token.RPAREN:
			if depth == 0 {
				return append(args, cur), j + 1, true
			}
			depth--
		case token.COMMA:
			if depth == 0 {
				args = append(args, cur)
				cur = nil
				continue
			}
		}
		cur = append(cur, toks[j])
	}
	return nil, i, false
}

// at returns copies of toks placed at pos.
func at(toks []token.Token, pos source.Pos) []token.Token {
	out := make([]token.Token, len(toks))
	for i, t := range toks {
		t.Pos = pos
		out[i] = t
	}
	return out
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}
