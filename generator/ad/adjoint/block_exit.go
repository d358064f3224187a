package adjoint

import "github.com/fadj-dev/fadj/generator/fortran/ast"

// EXIT of a named construct that is not a DO loop (F2008: `exit check`
// inside `check: if (...) then`, a named BLOCK or SELECT CASE) leaves the
// construct: it is a forward GO TO to the statement after it, and is
// reversed as one (jumps.go): the forward sweep pushes the jump's marker
// and jumps to a label after the construct (leaving the DO loops in
// between), the backward sweep pops the marker there. The activity
// analysis follows such EXITs; the TBR analysis treats a procedure with
// one as one with GO TOs (no kills: tbr/named_exit.go).

// exitedConstruct returns the frame whose list is the body (or a branch)
// of the construct named name that an EXIT leaves, when that construct
// is not a DO loop; ok is false for a DO loop (loopFrame's) or no match.
func (g *gen) exitedConstruct(name *ast.Ident, frames []*jumpFrame) (int, bool, error) {
	if name == nil {
		return 0, false, nil
	}
	for f := len(frames) - 1; f > 0; f-- {
		c := frames[f-1].list[frames[f-1].i]
		var cn *ast.Ident
		switch c := c.(type) {
		case *ast.IfConstruct:
			cn = c.Name
		case *ast.SelectCase:
			cn = c.Name
		case *ast.BlockConstruct:
			cn = c.Name
			if cn != nil && cn.Lower() == name.Lower() && g.sh.plan.Block(c) != nil {
				return 0, false, notSupported("EXIT of checkpointed region '%s' in reverse mode", name.Name)
			}
		case *ast.DoConstruct:
			if c.Name != nil && c.Name.Lower() == name.Lower() {
				return 0, false, nil
			}
		}
		if cn != nil && cn.Lower() == name.Lower() {
			return f, true, nil
		}
	}
	return 0, false, nil
}
