package activity

import (
	"fmt"
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
	"github.com/fadj-dev/fadj/generator/source"
)

// checkReadBack reports a READ into an active variable from a unit that
// a WRITE of varied values in the analysed code writes to (the same unit
// expression, the same internal file, a unit an OPEN connects to the same
// FILE= literal, or one fadj cannot compare): what
// comes back depends on the independents, through a file fadj does not
// carry derivatives through (write(3, *) x(1) ... read(3, *) t). WRITE(*)
// goes to the standard output, which no READ reads.
func (a *analyzer) checkReadBack(procs []*ProcActivity) {
	type fed struct {
		key string
		pos source.Pos
	}
	var feds []fed
	files := map[string]map[string]bool{} // unit key -> FILE= literals of its OPENs
	for _, pa := range procs {
		if pa.Unit == nil {
			continue
		}
		walkStmts(pa.Unit.Body, func(s ast.Stmt) {
			w, ok := s.(*ast.IOStmt)
			if ok && w.Keyword == "open" {
				if f := fileName(w); f != "" {
					k := UnitKey(a.info, w)
					if files[k] == nil {
						files[k] = map[string]bool{}
					}
					files[k][f] = true
				}
			}
			if !ok || w.Keyword != "write" {
				return
			}
			key := UnitKey(a.info, w)
			if key == "*" {
				return // (the standard output: no READ reads it)
			}
			for _, it := range w.Items {
				if a.variedItem(pa, w, it) {
					feds = append(feds, fed{key, w.Pos()})
					return
				}
			}
		})
	}
	for _, pa := range procs {
		for _, r := range pa.pi.reads {
			if r.namelist != "" || r.stmt == nil || !anyIn(pa.active, r.locs) {
				continue
			}
			key := UnitKey(a.info, r.stmt)
			for _, f := range feds {
				if f.key == key || f.key == "" || key == "" || sameFile(files[f.key], files[key]) {
					a.report(r.pos.Pos(), fmt.Sprintf("not supported yet: READ into active variable '%s' from a unit the WRITE of varied values at %s writes to (fadj does not carry derivatives through files: the value read back depends on the independents)", r.name, a.fset.Position(f.pos)))
					break
				}
			}
		}
	}
}

// variedItem reports whether output item x of WRITE s references a
// variable varied before s.
func (a *analyzer) variedItem(pa *ProcActivity, s ast.Stmt, x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v := a.info.ObjectOf(id); v != nil && v.Kind == sema.VarSym && pa.IsVaried(s, false, v) {
				found = true
			}
		}
		return !found
	})
	return found
}

// UnitKey names the unit of READ or WRITE s for comparison: a unit
// number, a variable's name, "*" (also for READ fmt, items), the base
// name of an internal file; "" for a unit fadj does not compare (an
// expression), which matches any.
func UnitKey(info *sema.Info, s *ast.IOStmt) string {
	var u ast.Expr
	for i, c := range s.Control {
		if kw, ok := c.(*ast.KeywordArg); ok {
			if kw.Name != nil && (kw.Name.Lower() == "unit" || kw.Name.Lower() == "newunit") {
				u = kw.Value
			}
			continue
		}
		if i == 0 {
			u = c
		}
	}
	switch x := u.(type) {
	case nil, *ast.StarExpr:
		return "*"
	case *ast.BasicLit:
		return strings.TrimLeft(x.Value, "0")
	case *ast.Ident:
		return x.Lower()
	case *ast.CallExpr:
		if t := info.TypeOf(x); t != nil && t.IsCharacter() {
			if b := leafBase(info, x); b != nil {
				return strings.ToLower(b.Name)
			}
		}
	}
	return ""
}

// sameFile reports whether two sets of file names meet.
func sameFile(a, b map[string]bool) bool {
	for f := range a {
		if b[f] {
			return true
		}
	}
	return false
}

// fileName returns the FILE= of OPEN s when it is a character literal,
// without quotes and blanks, else "".
func fileName(s *ast.IOStmt) string {
	for _, c := range s.Control {
		if kw, ok := c.(*ast.KeywordArg); ok && kw.Name != nil && kw.Name.Lower() == "file" {
			if l, ok := kw.Value.(*ast.BasicLit); ok && (strings.HasPrefix(l.Value, "'") || strings.HasPrefix(l.Value, `"`)) {
				return strings.TrimSpace(strings.Trim(l.Value, `'"`))
			}
		}
	}
	return ""
}
