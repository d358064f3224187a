package modref

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// IODefined returns what I/O statement s defines besides its READ items:
// the internal file of a WRITE (a character variable, which an internal
// READ may read again in code re-run from a checkpoint's snapshot), and
// the variables of the IOSTAT=, IOMSG=, SIZE= and NEXTREC= specifiers.
func IODefined(info *sema.Info, s *ast.IOStmt) []ast.Expr {
	var out []ast.Expr
	for i, c := range s.Control {
		if kw, ok := c.(*ast.KeywordArg); ok {
			if kw.Name == nil {
				continue
			}
			switch kw.Name.Lower() {
			case "iostat", "iomsg", "size", "nextrec":
				out = append(out, kw.Value)
			case "unit":
				if s.Keyword == "write" && isChar(info, kw.Value) {
					out = append(out, kw.Value)
				}
			}
			continue
		}
		if i == 0 && s.Keyword == "write" && isChar(info, c) {
			out = append(out, c)
		}
	}
	return out
}

func isChar(info *sema.Info, x ast.Expr) bool {
	t := info.TypeOf(x)
	return t != nil && t.IsCharacter()
}

// namelistDefined returns the members of the group a NAMELIST READ s
// names (read(u, nml=g), or g in the format's place), as the NAMELIST
// statements of the unit declaring the group name them: the input may
// set any of them (a checkpoint around the READ must restore them).
func namelistDefined(info *sema.Info, s *ast.IOStmt) []ast.Expr {
	if s.Keyword != "read" {
		return nil
	}
	var g *sema.Symbol
	for i, c := range s.Control {
		x := c
		if kw, ok := c.(*ast.KeywordArg); ok {
			if kw.Name == nil || kw.Name.Lower() != "nml" {
				continue
			}
			x = kw.Value
		} else if i != 1 {
			continue
		}
		if id, ok := x.(*ast.Ident); ok {
			if sym := info.ObjectOf(id); sym != nil && sym.Kind == sema.NamelistSym {
				g = sym
			}
		}
	}
	if g == nil || g.Owner == nil || g.Owner.Unit == nil {
		return nil
	}
	var out []ast.Expr
	for _, d := range g.Owner.Unit.Decls {
		n, ok := d.(*ast.NamelistStmt)
		if !ok {
			continue
		}
		for _, grp := range n.Groups {
			if grp == nil || grp.Name == nil || strings.Trim(strings.ToLower(grp.Name.Name), "/ ") != g.Name {
				continue
			}
			for _, e := range grp.Entities {
				if e != nil && e.Name != nil {
					out = append(out, e.Name)
				}
			}
		}
	}
	return out
}
