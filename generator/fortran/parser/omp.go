package parser

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/scanner"
)

// OpenMP directive lines reach the parser as comments. ompComments gives
// each its directive (Comment.Omp), joining continuation lines into the
// first, so that the code generators see directives, not comments: a
// directive copied as a comment into generated code would still be
// compiled by an OpenMP compiler.
func ompComments(res *scanner.Result, form ast.SourceForm) {
	for _, st := range res.Stmts {
		st.Doc = ompDoc(st.Doc, form)
	}
	res.Trailing = ompDoc(res.Trailing, form)
}

// ompDoc marks the directives of a list of comment lines.
func ompDoc(doc []*ast.Comment, form ast.SourceForm) []*ast.Comment {
	var out []*ast.Comment
	var open *ast.Comment // the directive a continuation line continues
	text := ""            // its text so far, without the "&" of free form
	for _, c := range doc {
		if isCond(c.Text) {
			open = nil
			d := &ast.OmpDirective{Cond: true, Text: strings.TrimSpace(c.Text[2:])}
			out = append(out, &ast.Comment{Slash: c.Slash, Text: c.Text, Omp: d})
			continue
		}
		body, cont, ok := ompLine(c.Text, form)
		if !ok {
			open = nil
			out = append(out, c)
			continue
		}
		body = strings.TrimSpace(body)
		more := form == ast.FreeForm && strings.HasSuffix(body, "&")
		body = strings.TrimSpace(strings.TrimSuffix(body, "&"))
		if open != nil && (cont || form == ast.FreeForm) {
			text += " " + body
			open.Text += "\n" + c.Text
		} else {
			open = &ast.Comment{Slash: c.Slash, Text: c.Text}
			out = append(out, open)
			text = body
		}
		open.Omp = parseOmp(text)
		if form == ast.FreeForm && !more {
			open = nil
		}
	}
	return out
}

// isCond reports whether comment text t is a conditional compilation line.
func isCond(t string) bool {
	return len(t) > 2 && t[0] == '!' && t[1] == '$' && (t[2] == ' ' || t[2] == '\t')
}

// ompLine splits a "!$omp" line: the text after the sentinel, whether it
// continues the previous directive line (fixed form: a character other
// than blank or zero after the sentinel; free form: a leading "&").
func ompLine(t string, form ast.SourceForm) (body string, cont, ok bool) {
	if len(t) < 5 || t[0] != '!' || t[1] != '$' || !strings.EqualFold(t[2:5], "omp") {
		return "", false, false
	}
	rest := t[5:]
	if rest == "" {
		return "", false, true
	}
	switch c := rest[0]; {
	case c == ' ' || c == '\t':
		return rest, false, true
	case c == '&':
		return rest[1:], true, true
	case form == ast.FixedForm && c != '0':
		return rest[1:], true, true
	case c == '0':
		return rest[1:], false, true
	}
	return "", false, false // "!$ompx": a comment
}

var ompNameWords = map[string]bool{
	"parallel": true, "do": true, "end": true, "simd": true, "sections": true, "section": true,
	"single": true, "workshare": true, "critical": true, "atomic": true, "barrier": true,
	"master": true, "masked": true, "flush": true, "threadprivate": true, "task": true,
	"taskwait": true, "taskyield": true, "taskloop": true, "taskgroup": true, "declare": true,
	"target": true, "teams": true, "distribute": true, "loop": true, "update": true,
	"read": true, "write": true, "capture": true, "data": true, "enter": true, "exit": true,
	"cancel": true, "cancellation": true, "point": true, "scope": true, "requires": true,
}

// parseOmp parses directive text: the name's words, then the clauses.
func parseOmp(text string) *ast.OmpDirective {
	d := &ast.OmpDirective{}
	s := strings.TrimSpace(text)
	var words []string
	for s != "" {
		w, rest := ompWord(s)
		lw := strings.ToLower(w)
		if w == "" || !ompNameWords[lw] && !(lw == "ordered" && (len(words) == 0 || words[len(words)-1] == "end")) {
			break
		}
		words = append(words, lw)
		s = strings.TrimSpace(rest)
	}
	d.Name = strings.Join(words, " ")
	for s != "" {
		s = strings.TrimLeft(s, " \t,")
		if s == "" {
			break
		}
		w, rest := ompWord(s)
		c := &ast.OmpClause{Name: strings.ToLower(w)}
		rest = strings.TrimSpace(rest)
		if strings.HasPrefix(rest, "(") {
			c.Arg, rest = balanced(rest)
		} else if w == "" { // a character that starts no clause: keep it
			c.Name, rest = s[:1], s[1:]
		}
		ompVars(c)
		d.Clauses = append(d.Clauses, c)
		s = rest
	}
	return d
}

// ompWord splits a leading name off s.
func ompWord(s string) (w, rest string) {
	i := 0
	for i < len(s) && (s[i] == '_' || 'a' <= s[i]|0x20 && s[i]|0x20 <= 'z' || '0' <= s[i] && s[i] <= '9') {
		i++
	}
	return s[:i], s[i:]
}

// balanced splits s, which starts with "(", after its matching ")": the
// text inside and the rest.
func balanced(s string) (inner, rest string) {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return s[1:i], s[i+1:]
			}
		}
	}
	return s[1:], ""
}

// ompVars fills the variables (and reduction operator) of a list clause.
func ompVars(c *ast.OmpClause) {
	if !ast.ListClauses[c.Name] || c.Arg == "" {
		return
	}
	list := c.Arg
	if c.Name == "reduction" {
		i := strings.IndexByte(list, ':')
		if i < 0 {
			return
		}
		c.Op, list = strings.TrimSpace(list[:i]), list[i+1:]
	}
	for _, v := range strings.Split(list, ",") {
		c.Vars = append(c.Vars, strings.TrimSpace(v))
	}
}
