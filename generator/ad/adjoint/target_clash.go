package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/diag"
)

// targetNameClash rejects a target with a dummy argument named as its
// adjoint routine (MITgcm's CG2D(cg2d_b, cg2d_x, ...) gives CG2D_b): in
// the routines it calls, tidy renames such a variable (tidy/clash.go),
// but the target's dummies are the names its callers and fadj check
// know it by.
func (g *gen) targetNameClash(r *routine) error {
	if g.pa != g.sh.target {
		return nil
	}
	for _, a := range r.u.Args {
		if !strings.EqualFold(a.Name, r.nu.Name.Name) {
			continue
		}
		pos := a.Pos()
		if s := g.scope.LookupLocal(a.Lower()); s != nil {
			pos = s.Pos
		}
		return diag.At(g.fset, pos, notSupported("argument '%s' of target '%s' has the name of its adjoint routine; set output.suffix to another suffix", a.Name, g.pa.Proc.Name))
	}
	return nil
}
