package sema

import "github.com/fadj-dev/fadj/generator/fortran/ast"

// A call of the procedure being summarized (a recursive adaptive
// Simpson calling itself on each half: asimpson(f, a, c, p, left, ...))
// was assumed to define every actual argument, so its INTENT(IN) dummies
// a, b, p came out defined by the call, "treated as inout", and the
// tangent passed constants to them: generated code that did not compile.
// For a direct self-call, a dummy declared INTENT(IN) (or VALUE) is
// assumed not defined by the call; if the walk then finds the procedure
// defining such a dummy after all (through an implicit interface), the
// assumption was wrong and the procedure is summarized again assuming the
// worst.

// recursion records, per procedure, that a self-call was assumed not to
// define an INTENT(IN) dummy (assumed) and that the assumption failed
// (worst).
type recursion struct {
	assumed, worst map[*Symbol]bool
}

// recursiveIntentIn reports whether the self-call of w's procedure proc
// is assumed not to define its k-th dummy.
func (w *intentWalker) recursiveIntentIn(proc *Symbol, k int, dummies []*Symbol) bool {
	if proc != w.proc || k < 0 || k >= len(dummies) || dummies[k] == nil {
		return false
	}
	d := dummies[k]
	if d.Attrs&AttrValue != 0 {
		return true // the caller's actual is never defined
	}
	r := &w.in.recur
	if d.Intent != ast.IntentIn || r.worst[proc] {
		return false
	}
	if r.assumed == nil {
		r.assumed = map[*Symbol]bool{}
	}
	r.assumed[proc] = true
	return true
}

// recursionDefines reports whether the walk of proc (summary s) assumed a
// self-call did not define an INTENT(IN) dummy that proc does define;
// proc is then to be walked again assuming the worst.
func (in *Intents) recursionDefines(proc *Symbol, s *summary) bool {
	r := &in.recur
	if !r.assumed[proc] || r.worst[proc] {
		return false
	}
	for _, d := range proc.Proc.Args {
		if d == nil || d.Intent != ast.IntentIn || d.Attrs&AttrValue != 0 {
			continue
		}
		if e := s.effects[d]; e != nil && e.def.IsValid() {
			if r.worst == nil {
				r.worst = map[*Symbol]bool{}
			}
			r.worst[proc] = true
			return true
		}
	}
	return false
}
