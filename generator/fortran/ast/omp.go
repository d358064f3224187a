package ast

import "strings"

// OmpDirective is an OpenMP directive ("!$omp parallel do private(t)")
// or a conditional compilation line ("!$ n = omp_get_max_threads()"),
// kept in the comment it was written as (Comment.Omp).
type OmpDirective struct {
	// Cond marks a conditional compilation line: Name and Clauses are
	// empty and Text holds the statement after the sentinel.
	Cond    bool
	Name    string // lower-case words, single-blank separated: "parallel do", "end parallel do"
	Clauses []*OmpClause
	Text    string // Cond: the line after "!$"
}

// OmpClause is one clause: a name and, if written, its parenthesised
// argument. Vars holds the names of a list clause (private, shared,
// reduction, ...), Op the operator or intrinsic of a reduction.
type OmpClause struct {
	Name string // lower case; "" for the argument of critical(name)
	Arg  string // the text inside the parentheses as written, "" if none
	Op   string // reduction: "+", "max", ...
	Vars []string
}

// ListClauses are the clauses whose argument is a list of variables
// (after "op:" for reduction).
var ListClauses = map[string]bool{
	"private": true, "firstprivate": true, "lastprivate": true, "shared": true,
	"copyin": true, "copyprivate": true, "reduction": true,
}

// String returns the directive without its sentinel, as fadj prints it.
func (d *OmpDirective) String() string {
	if d.Cond {
		return d.Text
	}
	var b strings.Builder
	b.WriteString(d.Name)
	for _, c := range d.Clauses {
		if c.Name != "" {
			b.WriteByte(' ')
		}
		b.WriteString(c.Name)
		if c.Arg != "" || ListClauses[c.Name] {
			b.WriteByte('(')
			b.WriteString(c.ArgText())
			b.WriteByte(')')
		}
	}
	return b.String()
}

// ArgText is the clause's argument: rebuilt from Op and Vars for a list
// clause (which fadj may extend), else as written.
func (c *OmpClause) ArgText() string {
	if !ListClauses[c.Name] || c.Vars == nil {
		return c.Arg
	}
	s := strings.Join(c.Vars, ", ")
	if c.Op != "" {
		s = c.Op + ":" + s
	}
	return s
}

// Clause returns the first clause named name, nil if there is none.
func (d *OmpDirective) Clause(name string) *OmpClause {
	for _, c := range d.Clauses {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// CloneOmp returns a deep copy of d.
func CloneOmp(d *OmpDirective) *OmpDirective {
	if d == nil {
		return nil
	}
	n := *d
	n.Clauses = make([]*OmpClause, len(d.Clauses))
	for i, c := range d.Clauses {
		cc := *c
		cc.Vars = append([]string(nil), c.Vars...)
		if c.Vars == nil {
			cc.Vars = nil
		}
		n.Clauses[i] = &cc
	}
	return &n
}

// OmpComment returns a comment holding directive d, as written by fadj.
func OmpComment(d *OmpDirective) *Comment {
	pre := "!$omp "
	if d.Cond {
		pre = "!$ "
	}
	return &Comment{Text: pre + d.String(), Omp: d}
}

// StmtHeaders calls f with the header of each statement of list and of
// the statements in its constructs (with the statement it begins; nil
// for the END, ELSE and CASE lines of a construct), in source order.
func StmtHeaders(list []Stmt, f func(*StmtHeader, Stmt)) {
	for _, s := range list {
		f(s.Header(), s)
		switch s := s.(type) {
		case *DoConstruct:
			StmtHeaders(s.Body, f)
			f(&s.End.StmtHeader, nil)
		case *IfConstruct:
			for i, b := range s.Branches {
				if i > 0 {
					f(&b.Head, nil)
				}
				StmtHeaders(b.Body, f)
			}
			f(&s.End.StmtHeader, nil)
		case *SelectCase:
			for _, c := range s.Cases {
				f(&c.Head, nil)
				StmtHeaders(c.Body, f)
			}
			f(&s.End.StmtHeader, nil)
		case *SelectType:
			for _, g := range s.Guards {
				f(&g.Head, nil)
				StmtHeaders(g.Body, f)
			}
			f(&s.End.StmtHeader, nil)
		case *BlockConstruct:
			StmtHeaders(s.Body, f)
			f(&s.End.StmtHeader, nil)
		}
	}
}
