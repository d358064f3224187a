package adjoint

import (
	"fmt"
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// The stationarity check (spec key stationarity: check). The
// fixed-point adjoint differentiates one iteration at convergence: it is
// the derivative of the converged map only if the control flow of the
// iterations there no longer changes (Taftaf et al., section 2). The
// primal loop records a hash of the branches each iteration takes: the
// branch of every IF and SELECT CASE in the body, the final control
// variable of every counted DO nested in it (its trip count, EXITs
// included) and the trips of every other DO. After the loop the hashes
// of its last two iterations are compared; the runtime's fadj_fp_flow
// reports on standard error when they differ and counts it for
// fadj_fp_stats. The loop's own exit test is not a branch of the body.
// WHERE masks and the branches inside MIN, MAX or ABS are not recorded.

// flowHashMod keeps the hash of an iteration below 2**31 · 31.
const flowHashMod = "2147483647_8"

// flowCheck instruments orig, the copy of the loop the forward sweep
// runs, and returns the statements to run before and after it.
func (fp *fpCode) flowCheck(orig *ast.DoConstruct) (pre, post []ast.Stmt) {
	k := fp.k
	c, h, q := "fadj_fpc"+k, "fadj_fph"+k, "fadj_fpq"+k
	fp.g.decls = append(fp.g.decls, parseDecls(fmt.Sprintf("integer(8) :: %s, %s, %s", c, h, q))...)
	body := orig.Body
	var exit ast.Stmt
	if fp.d.Exit != nil && len(body) > 0 {
		// The exit ending the body is the loop's test: the statements
		// after it in the copy are a labelled DO's CONTINUEs.
		for i := len(body) - 1; i >= 0; i-- {
			if _, ok := body[i].(*ast.ContinueStmt); !ok {
				exit = body[i]
				break
			}
		}
	}
	var inst []ast.Stmt
	for _, st := range body {
		if st == exit {
			inst = append(inst, st)
			continue
		}
		inst = append(inst, fp.record(st, h)...)
	}
	start := parseStmts(fmt.Sprintf("%s = %s + 1\n%s = %s\n%s = 0", c, c, q, h, h))
	orig.Body = append(start, inst...)
	pre = parseStmts(fmt.Sprintf("%s = 0\n%s = 0\n%s = 0", c, h, q))
	post = parseStmts(fmt.Sprintf("call fadj_fp_flow('%s', %s < 2 .or. %s == %s)", fp.d.Name, c, h, q))
	return pre, post
}

// mix is the statement adding x to hash h.
func mix(h, x string) ast.Stmt {
	return parseStmts(fmt.Sprintf("%s = modulo(%s*31 + %s, %s)", h, h, x, flowHashMod))[0]
}

// record returns st with the records of its branches, and of the
// branches of the statements nested in it.
func (fp *fpCode) record(st ast.Stmt, h string) []ast.Stmt {
	recs := func(l []ast.Stmt) []ast.Stmt {
		var out []ast.Stmt
		for _, s := range l {
			out = append(out, fp.record(s, h)...)
		}
		return out
	}
	switch s := st.(type) {
	case *ast.IfConstruct:
		for j, br := range s.Branches {
			br.Body = append([]ast.Stmt{mix(h, fmt.Sprint(j+1))}, recs(br.Body)...)
		}
		if last := s.Branches[len(s.Branches)-1]; last.Cond != nil {
			s.Branches = append(s.Branches, &ast.IfBranch{Body: []ast.Stmt{mix(h, fmt.Sprint(len(s.Branches)+1))}})
		}
	case *ast.IfStmt:
		c := &ast.IfConstruct{StmtHeader: s.StmtHeader, End: ast.EndStmt{Keyword: "if"}, Branches: []*ast.IfBranch{
			{Cond: s.Cond, Body: append([]ast.Stmt{mix(h, "1")}, fp.record(s.Action, h)...)},
			{Body: []ast.Stmt{mix(h, "2")}},
		}}
		return []ast.Stmt{c}
	case *ast.SelectCase:
		def := false
		for j, cb := range s.Cases {
			cb.Body = append([]ast.Stmt{mix(h, fmt.Sprint(j+1))}, recs(cb.Body)...)
			def = def || cb.Default
		}
		if !def {
			s.Cases = append(s.Cases, &ast.CaseBlock{Default: true, Body: []ast.Stmt{mix(h, fmt.Sprint(len(s.Cases)+1))}})
		}
	case *ast.DoConstruct:
		s.Body = recs(s.Body)
		if s.Var != nil && s.Concurrent == nil {
			return []ast.Stmt{s, mix(h, "int("+strings.ToLower(s.Var.Name)+", 8)")}
		}
		if s.Concurrent == nil {
			s.Body = append([]ast.Stmt{mix(h, "7")}, s.Body...)
		}
	case *ast.BlockConstruct:
		s.Body = recs(s.Body)
	case *ast.AssociateConstruct:
		s.Body = recs(s.Body)
	}
	return []ast.Stmt{st}
}
