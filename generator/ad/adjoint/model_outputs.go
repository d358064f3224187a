package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/sema"
)

// keptName returns the name by which the target's adjoint reaches
// dependent s to keep its output (keepOutputs), and whether the backward
// sweep may write it: s's own name, or for a module variable the routine
// does not use, the renamed USE the derivative code reaches it by
// (fadj_<module>_<name>), under which the backward sweep pops it. A
// model whose state is all module variables (FSM's STATE_VARIABLES, a
// driver routine without arguments) had its dependents restored to their
// values on entry: the names the backward sweep wrote were the renamed
// ones, never s.Name.
func (g *gen) keptName(s *sema.Symbol, written map[string]bool) (string, bool, error) {
	if g.scope.Lookup(s.Name) == s || s.Module() == nil {
		return s.Name, written[strings.ToLower(s.Name)] || s.Attrs.Has(sema.AttrTarget), nil
	}
	if !written[strings.ToLower("fadj_"+s.Module().Name+"_"+s.Name)] {
		return s.Name, false, nil
	}
	ref, err := g.globalRef(s) // globals.go
	if err != nil {
		return "", false, err
	}
	return exprString(ref), true, nil
}
