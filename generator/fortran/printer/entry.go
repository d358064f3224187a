package printer

import "github.com/fadj-dev/fadj/generator/fortran/ast"

// entry prints ENTRY name[(dummies)] [result(r)] [bind(c...)].
func (p *printer) entry(s *ast.EntryStmt) {
	p.str("entry ")
	p.ident(s.Name)
	if s.Parens || len(s.Args) > 0 {
		p.byte('(')
		for i, a := range s.Args {
			if i > 0 {
				p.comma()
			}
			p.ident(a)
		}
		p.byte(')')
	}
	if s.Result != nil {
		p.str(" result(")
		p.ident(s.Result)
		p.byte(')')
	}
	if s.Bind != nil {
		p.byte(' ')
		p.bind(s.Bind)
	}
}
