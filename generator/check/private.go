package check

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/source"
)

// PRIVATE components of a type of a module (CVMix's parameter records:
// a PRIVATE statement in the type) cannot be named by the driver: it
// neither sets nor perturbs them (the setup routine, through the
// module's init routine, does), and they cannot be independents or
// dependents. (sema keeps no accessibility of components; this reads
// the declarations, as generator/ad/decl/private.go does.)

// privateComps returns the positions of the declarations of the
// components of module types that only their module can name: declared
// PRIVATE, or after a PRIVATE statement of the type and not declared
// PUBLIC.
func privateComps(files []*ast.File) map[source.Pos]bool {
	out := map[source.Pos]bool{}
	for _, f := range files {
		for _, u := range f.Units {
			if u.Kind != ast.ModuleUnit {
				continue
			}
			for _, d := range u.Decls {
				td, ok := d.(*ast.TypeDef)
				if !ok {
					continue
				}
				for _, c := range td.Components {
					private := td.PrivateStmt != nil
					for _, a := range c.Attrs {
						switch a.Kind {
						case ast.AttrPrivate:
							private = true
						case ast.AttrPublic:
							private = false
						}
					}
					for _, e := range c.Entities {
						if private {
							out[e.Name.Pos()] = true
						}
					}
				}
			}
		}
	}
	return out
}
