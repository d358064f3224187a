package sema

// A dummy procedure declared PROCEDURE(iface) :: f took iface's
// arguments but not its result type, so a reference f(x) in a body under
// IMPLICIT NONE was "undeclared name 'f'" (the procedure arguments of
// quadrature and root-finding libraries: gauss(f, a, b), brent(f, ...)).

// procDeclResult gives procedure sym, declared with the interface of
// iface, iface's result type and shape, unless sym has its own.
func procDeclResult(sym, iface *Symbol) {
	if sym.Type != nil || iface == nil {
		return
	}
	sym.Type, sym.Dims = iface.Type, iface.Dims
}
