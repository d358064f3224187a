package inline

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// ModulePointers are the POINTER module variables PointerAllocatables
// made ALLOCATABLE. The user's own module, which the generated code
// uses, still declares them POINTER, so the generated code must ask
// ASSOCIATED where the differentiators wrote ALLOCATED (Respell). All
// else they generate for an allocatable (ALLOCATE with bounds, MOLD or
// SOURCE, DEALLOCATE, assignments into allocated storage) means the
// same for a pointer that only ever names what it allocated.
type ModulePointers struct {
	vars map[string]map[string]bool // module → variables (lower case)
}

func (m *ModulePointers) add(module, name string) {
	if m.vars == nil {
		m.vars = map[string]map[string]bool{}
	}
	module = strings.ToLower(module)
	if m.vars[module] == nil {
		m.vars[module] = map[string]bool{}
	}
	m.vars[module][strings.ToLower(name)] = true
}

// Respell turns ALLOCATED(v) into ASSOCIATED(v) in generated file f for
// the names under which the units see the module pointers: USE
// association (renames and ONLY lists followed) not hidden by a
// declaration of the unit's own.
func (m *ModulePointers) Respell(f *ast.File) {
	if m == nil || len(m.vars) == 0 {
		return
	}
	for _, u := range f.Units {
		m.respellUnit(u, nil)
	}
}

// respellUnit respells u, which sees the names of host (its host's).
func (m *ModulePointers) respellUnit(u *ast.Unit, host map[string]bool) {
	seen := map[string]bool{}
	for k := range host {
		seen[k] = true
	}
	for _, d := range u.Decls {
		switch d := d.(type) {
		case *ast.UseStmt:
			vars := m.vars[d.Module.Lower()]
			if len(vars) == 0 {
				continue
			}
			if !d.Only {
				for v := range vars {
					seen[v] = true
				}
			}
			for _, it := range d.Items {
				local := it.Name
				if it.Local != nil {
					local = it.Local
				}
				if vars[it.Name.Lower()] {
					seen[local.Lower()] = true
				} else if d.Only || it.Local != nil {
					delete(seen, local.Lower())
				}
				if !d.Only && it.Local != nil && vars[it.Name.Lower()] {
					delete(seen, it.Name.Lower()) // (renamed: not by its own name)
					seen[local.Lower()] = true
				}
			}
		case *ast.TypeDecl:
			for _, e := range d.Entities {
				delete(seen, e.Name.Lower())
			}
		}
	}
	if u.Kind == ast.ModuleUnit && m.vars[u.Name.Lower()] != nil {
		for v := range m.vars[u.Name.Lower()] {
			seen[v] = true
		}
	}
	for _, p := range u.Procs {
		m.respellUnit(p, seen)
	}
	if len(seen) == 0 {
		return
	}
	for _, s := range u.Body {
		ast.Inspect(s, func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			if !ok || len(c.Args) != 1 {
				return true
			}
			fun, ok := c.Fun.(*ast.Ident)
			if !ok || fun.Lower() != "allocated" {
				return true
			}
			if arg, ok := c.Args[0].(*ast.Ident); ok && seen[arg.Lower()] {
				fun.Name = "associated"
			}
			return true
		})
	}
}
