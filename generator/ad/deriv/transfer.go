package deriv

import (
	"fmt"
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// transfer(source, mold [, size]) reinterprets the bits of its source. It
// has no rule in the table: its derivative is the identity when the
// result is its source's value unchanged, and there is none a generator
// could follow otherwise (a real's bits kept in an integer may come back
// as a real: a derivative cut there would be wrong).

// TransferArgs returns the source, mold and size arguments of a
// reference of transfer (nil when not given).
func TransferArgs(args []ast.Expr) (source, mold, size ast.Expr) {
	out := []ast.Expr{nil, nil, nil}
	for i, a := range args {
		if kw, ok := a.(*ast.KeywordArg); ok {
			switch strings.ToLower(kw.Name.Name) {
			case "source":
				out[0] = kw.Value
			case "mold":
				out[1] = kw.Value
			case "size":
				out[2] = kw.Value
			}
			continue
		}
		if i < 3 {
			out[i] = a
		}
	}
	return out[0], out[1], out[2]
}

// TransferIdentity reports whether a reference of transfer with source
// src, result type res and rank resRank, and a SIZE argument if hasSize,
// is its source's value unchanged: source and result of one real or
// complex type and kind, both scalars or both of rank 1, no SIZE.
func TransferIdentity(src Operand, res *sema.Type, resRank int, hasSize bool) bool {
	t := src.Type
	if src.X == nil || t == nil || res == nil || hasSize || !t.IsFloat() {
		return false
	}
	if t.IsComplex() != res.IsComplex() || t.Kind != res.Kind || t.IsReal() != res.IsReal() {
		return false
	}
	return src.Rank == resRank && resRank <= 1
}

// CheckTransfers rejects in statement s a transfer of a varied real or
// complex value to another type: the bits of a real kept in an integer
// may come back as a real, with a derivative a cut there would lose.
// Those whose bits no real takes back (Info.PassiveBits) pass.
func CheckTransfers(info *sema.Info, varied func(*sema.Symbol) bool, s ast.Stmt) error {
	var err error
	ast.Inspect(s, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || err != nil {
			return err == nil
		}
		k, ok := info.Calls[c]
		if !ok || k.Kind != sema.FunctionCall || !k.IsIntrinsic() || !strings.EqualFold(funName(c), "transfer") {
			return true
		}
		src, _, size := TransferArgs(c.Args)
		st := info.TypeOf(src)
		op := Operand{X: src, Type: st, Rank: info.Rank(src)}
		if src == nil || !st.IsFloat() || info.PassiveBits[c] || TransferIdentity(op, info.TypeOf(c), info.Rank(c), size != nil) {
			return true
		}
		ast.Inspect(src, func(m ast.Node) bool {
			if id, ok := m.(*ast.Ident); ok && err == nil {
				if v := info.ObjectOf(id); v != nil && v.Kind == sema.VarSym && varied(v) {
					err = fmt.Errorf("not supported yet: transfer of an active %s value to %s (no derivative follows its bits)", st, info.TypeOf(c))
				}
			}
			return err == nil
		})
		return err == nil
	})
	return err
}

func funName(c *ast.CallExpr) string {
	if id, ok := c.Fun.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}
