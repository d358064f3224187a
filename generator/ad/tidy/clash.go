package tidy

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// procNameClashes renames, in each subroutine of f, the variables named
// as the subroutine itself or as a subroutine it calls: a generated
// name can be a name the user gave a variable. MITgcm's CG2D takes
// cg2d_b and cg2d_x, and SOLVE_FOR_PRESSURE, which calls it, declares
// them: CG2D_b and a CALL CG2D_b beside a variable cg2d_b do not compile.
// The variable becomes fadj_<name> in the subroutine (and its internal
// procedures); a dummy keeps its place, so positional calls, all the
// generated code makes, are unchanged.
func procNameClashes(f *ast.File) {
	for i, u := range f.Units {
		if u.Kind == ast.ModuleUnit {
			for j, p := range u.Procs {
				u.Procs[j] = renameClashes(p)
			}
			continue
		}
		f.Units[i] = renameClashes(u)
	}
}

// renameClashes returns u, or a copy of it with its clashing variables
// renamed.
func renameClashes(u *ast.Unit) *ast.Unit {
	if u.Kind != ast.SubroutineUnit && u.Kind != ast.FunctionUnit {
		return u
	}
	procs := map[string]bool{}
	if u.Kind == ast.SubroutineUnit && u.Name != nil {
		procs[strings.ToLower(u.Name.Name)] = true
	}
	ast.Inspect(&ast.Unit{Body: u.Body}, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallStmt); ok {
			if id, ok := c.Name.(*ast.Ident); ok {
				procs[strings.ToLower(id.Name)] = true
			}
		}
		return true
	})
	clash := map[string]string{}
	for _, s := range u.Decls {
		td, ok := s.(*ast.TypeDecl)
		if !ok || hasAttr(td, ast.AttrExternal) {
			continue
		}
		for _, e := range td.Entities {
			if n := strings.ToLower(e.Name.Name); procs[n] {
				clash[n] = ""
			}
		}
	}
	if len(clash) == 0 {
		return u
	}
	used := names(u)
	for n := range clash {
		fresh := "fadj_" + n
		for k := 2; used[fresh] > 0; k++ {
			fresh = "fadj_" + n + strings.Repeat("_", k-1)
		}
		used[fresh]++
		clash[n] = fresh
	}
	c := ast.Clone(u)
	skip := map[*ast.Ident]bool{}
	ast.Inspect(c, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Unit:
			skip[n.Name] = true
		case *ast.CallStmt:
			if id, ok := n.Name.(*ast.Ident); ok {
				skip[id] = true
			}
		case *ast.KeywordArg:
			skip[n.Name] = true
		case *ast.SelectorExpr:
			skip[n.Sel] = true
		}
		return true
	})
	ast.Inspect(c, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && !skip[id] {
			if fresh, ok := clash[strings.ToLower(id.Name)]; ok {
				id.Name = fresh
			}
		}
		return true
	})
	return c
}
