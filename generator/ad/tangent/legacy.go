package tangent

import "github.com/fadj-dev/fadj/generator/sema"

// assumedSize reports whether s is an assumed-size array (x(*), the F77
// work array or output of a callee), which has no whole-array
// assignment: a dummy of the pattern that the body defines before it
// reads it is not zeroed on entry (localTangentDecl). The caller's
// tangents of the elements the body leaves alone are those of their
// values, which the body leaves alone too.
func assumedSize(s *sema.Symbol) bool {
	for _, d := range s.Dims {
		if d.Kind == sema.AssumedSize {
			return true
		}
	}
	return false
}
