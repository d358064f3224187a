package adjoint

// Jumps in reverse mode: EXIT, CYCLE, forward GO TO and RETURN.
//
// A jump skips the rest of the statement lists it leaves, so the backward
// sweep must know, at the place where control landed, whether it arrived
// by falling through or by which jump. The forward sweep records that as an
// integer marker (Naumann's "recorded control flow"), on the bit tape in the bits
// the routine's number of jumps needs (jumpTable.markers):
//
//   - Where a jump lands in a statement list (a GO TO's target statement,
//     the end of a loop body for CYCLE, the end of the routine for RETURN),
//     the forward sweep pushes 0 just before the landing point, and each
//     jump pushes its own number before jumping there. The jumps to one
//     landing point t of a list, leaving statements k of that list, form a
//     region [kmin, t). At t the backward sweep pops the marker: 0 means
//     every statement of the region ran; J means the statements after the
//     one containing jump J did not run, and that statement ran only up to
//     the jump.
//   - A loop the jump leaves is itself such a landing point (the end of its
//     body): its last iteration ran up to the jump. The forward sweep leaves
//     it with EXIT; after the loop (and its recorded bounds and trip count,
//     counted because the bounds no longer give it) a variable fadj_jump
//     tells the code after each loop whether to leave the next enclosing loop
//     too or to GO TO the landing point.
//
// "Ran up to jump J" is known statically once the marker says J: the
// statements enclosing J ran to it through the branches that contain it (no
// branch number was pushed for them: the jump skipped those pushes), so the
// partial backward sweep of a statement for J is built alongside its full
// backward sweep (gen.part). The backward sweep itself has no jumps.
//
// When the regions of a list nest (or are disjoint), the backward sweep is
// straight code with an IF on the marker at each landing point; when they
// cross, it is a loop over the list's positions with a SELECT CASE.
// generator/restructure has turned computed GO TOs into SELECT CASEs,
// arithmetic IFs into IF constructs and loops built from backward GO TOs
// into DO constructs before; a backward GO TO it left (its region is
// entered from outside), GO TO into a construct or to an END statement,
// assigned GO TO and the arithmetic IFs it kept are rejected as not
// supported.

import (
	"sort"
	"strconv"

	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
)

// jump is one EXIT, CYCLE, GO TO or RETURN of the routine's body.
type jump struct {
	id    int
	exits []*ast.DoConstruct // the DO loops it leaves, innermost first
	// fall: it lands right after the last loop it leaves, in that loop's
	// list, as if the loop had ended (EXIT): no marker there.
	fall bool
	// target is the region where it lands, nil when fall.
	target *region
	// needVar: the code after the loops it leaves must know it.
	needVar bool
}

// region is a landing point t of a statement list and the jumps landing
// there, each with the index of the list's statement containing it.
type region struct {
	t     int
	ks    map[int]int // jump id -> index of the statement containing it
	ids   []int       // jump ids, in order
	kmin  int
	label int  // label the jumps GO TO, 0 if they all leave loops by EXIT
	orig  bool // label is the target statement's own
	// nofall: the statement before t is a jump, so control never falls
	// through to t and only jumps push markers.
	nofall bool
}

// jumpTable holds the routine's jumps and landing regions.
type jumpTable struct {
	byStmt  map[ast.Stmt]*jump
	regions map[ast.Stmt][]*region // by the list's first statement
	byLoop  map[*ast.DoConstruct][]*jump
	labels  map[int]bool
	next    int
}

type jumpFrame struct {
	list []ast.Stmt
	i    int
	loop *ast.DoConstruct // the list is this loop's body
}

// findJumps builds g.jumps for body.
func (g *gen) findJumps(body []ast.Stmt, decls []ast.Stmt) error {
	jt := &jumpTable{byStmt: map[ast.Stmt]*jump{}, regions: map[ast.Stmt][]*region{},
		byLoop: map[*ast.DoConstruct][]*jump{}, labels: map[int]bool{}, next: 90000}
	g.jumps = jt
	g.part = map[int][]ast.Stmt{}
	for _, d := range decls {
		jt.labels[d.Header().Label] = true
	}
	walkStmts(body, func(s ast.Stmt) { jt.labels[s.Header().Label] = true })
	var err error
	var walk func(list []ast.Stmt, loop *ast.DoConstruct, frames []*jumpFrame)
	walk = func(list []ast.Stmt, loop *ast.DoConstruct, frames []*jumpFrame) {
		f := &jumpFrame{list: list, loop: loop}
		frames = append(frames, f)
		for i, s := range list {
			if err != nil {
				return
			}
			f.i = i
			switch s := s.(type) {
			case *ast.IfConstruct:
				for _, b := range s.Branches {
					walk(b.Body, nil, frames)
				}
			case *ast.IfStmt:
				walk([]ast.Stmt{s.Action}, nil, frames)
			case *ast.SelectCase:
				for _, c := range s.Cases {
					walk(c.Body, nil, frames)
				}
			case *ast.SelectType:
				for _, gd := range s.Guards {
					walk(gd.Body, nil, frames) // jumps inside its loops only: select_type_check.go
				}
			case *ast.BlockConstruct:
				walk(s.Body, nil, frames) // a checkpointed region's
			case *ast.DoConstruct:
				body := s.Body
				if d := g.sh.fixed[s]; d != nil {
					body = d.Body // its exit on convergence is not reversed
				}
				walk(body, s, frames)
			case *ast.GotoStmt, *ast.ExitStmt, *ast.CycleStmt, *ast.ReturnStmt:
				if e := g.addJump(s, frames); e != nil {
					err = diag.At(g.fset, s.Pos(), e)
				}
			}
		}
	}
	walk(body, nil, nil)
	if err != nil {
		return err
	}
	for _, regs := range jt.regions {
		sort.Slice(regs, func(i, j int) bool { return regs[i].t < regs[j].t })
	}
	return nil
}

// crossing reports whether two regions of a list overlap without one
// containing the other (an IF-THEN-ELSE written with GO TOs): the backward
// sweep then walks the list with a position variable (general).
func crossing(regs []*region) bool {
	for i, a := range regs {
		for _, b := range regs[i+1:] {
			// a.t < b.t: b must contain a or be disjoint from it.
			if b.kmin > a.kmin && b.kmin < a.t {
				return true
			}
		}
	}
	return false
}

// markers is the number of jump markers: 0 (fell through) and the ids
// of the routine's jumps, 1 to their number. Every marker of a routine
// is recorded in the bits this number needs, so that each push has the
// width of the pop that reads it, whichever landing point that is.
func (jt *jumpTable) markers() int { return len(jt.byStmt) + 1 }

func (jt *jumpTable) freshLabel() int {
	for jt.labels[jt.next] {
		jt.next++
	}
	jt.labels[jt.next] = true
	return jt.next
}

// land adds jump j, inside statement k of list, to the region at t.
func (jt *jumpTable) land(list []ast.Stmt, t, k int, j *jump, viaGoto bool) *region {
	key := list[0]
	var r *region
	for _, x := range jt.regions[key] {
		if x.t == t {
			r = x
		}
	}
	if r == nil {
		r = &region{t: t, ks: map[int]int{}, kmin: k}
		jt.regions[key] = append(jt.regions[key], r)
	}
	r.ks[j.id] = k
	r.ids = append(r.ids, j.id)
	if k < r.kmin {
		r.kmin = k
	}
	if viaGoto && r.label == 0 {
		if t < len(list) && list[t].Header().Label != 0 {
			r.label, r.orig = list[t].Header().Label, true
		} else {
			r.label = jt.freshLabel()
		}
	}
	return r
}

func (g *gen) addJump(s ast.Stmt, frames []*jumpFrame) error {
	jt := g.jumps
	n := len(frames)
	j := &jump{id: len(jt.byStmt) + 1}
	loopFrame := func(name *ast.Ident) (int, error) {
		for f := n - 1; f > 0; f-- {
			l := frames[f].loop
			if l == nil {
				continue
			}
			if name == nil || (l.Name != nil && l.Name.Lower() == name.Lower()) {
				return f, nil
			}
		}
		if name != nil {
			return 0, notSupported("EXIT or CYCLE of construct '%s' (not a DO loop) in reverse mode", name.Name)
		}
		return 0, notSupported("EXIT or CYCLE outside a DO loop")
	}
	tf, t := 0, 0 // target frame and index
	switch s := s.(type) {
	case *ast.GotoStmt:
		l := s.Target.Label
		tf = -1
		for f := n - 1; f >= 0 && tf < 0; f-- {
			for i, x := range frames[f].list {
				if x.Header().Label != l {
					continue
				}
				if i <= frames[f].i {
					return notSupported("backward GO TO %d in reverse mode", l)
				}
				tf, t = f, i
			}
		}
		if tf < 0 {
			return notSupported("GO TO %d: its target is not a statement of an enclosing block (reverse mode)", l)
		}
	case *ast.ExitStmt:
		if cf, ok, err := g.exitedConstruct(s.Construct, frames); err != nil {
			return err
		} else if ok { // block_exit.go: a GO TO after the construct
			tf, t = cf-1, frames[cf-1].i+1
			break
		}
		lf, err := loopFrame(s.Construct)
		if err != nil {
			return err
		}
		tf, t = lf-1, frames[lf-1].i+1
		j.fall = true
	case *ast.CycleStmt:
		lf, err := loopFrame(s.Construct)
		if err != nil {
			return err
		}
		tf, t = lf, len(frames[lf].list)
	case *ast.ReturnStmt:
		if s.Alt != nil {
			return notSupported("alternate return in reverse mode")
		}
		tf, t = 0, len(frames[0].list)
	}
	for f := n - 1; f > tf; f-- {
		if l := frames[f].loop; l != nil {
			j.exits = append(j.exits, l)
		}
	}
	if !j.fall && len(j.exits) > 0 {
		// A GO TO to the statement right after the loop it leaves is an
		// EXIT.
		last := j.exits[len(j.exits)-1]
		if frames[tf].list[frames[tf].i] == ast.Stmt(last) && t == frames[tf].i+1 {
			j.fall = true
		}
	}
	j.needVar = len(j.exits) >= 2 || (len(j.exits) == 1 && !j.fall)
	jt.byStmt[s] = j
	for f := n - 1; f > tf; f-- {
		if l := frames[f].loop; l != nil {
			jt.land(frames[f].list, len(frames[f].list), frames[f].i, j, false)
			jt.byLoop[l] = append(jt.byLoop[l], j)
		}
	}
	if !j.fall {
		j.target = jt.land(frames[tf].list, t, frames[tf].i, j, true)
	}
	return nil
}

// jumpStmt is the forward sweep of a jump; its backward sweep is empty and
// its partial backward sweep starts empty.
func (g *gen) jumpStmt(s ast.Stmt) (fwd []ast.Stmt, err error) {
	j := g.jumps.byStmt[s]
	if j == nil {
		return nil, notSupported("%s in reverse mode", ast.StmtName(s))
	}
	g.part[j.id] = []ast.Stmt{}
	if j.needVar {
		v, err := g.local("fadj_jump", intType)
		if err != nil {
			return nil, err
		}
		fwd = append(fwd, &ast.AssignStmt{Lhs: v, Rhs: deriv.Int(j.id)})
	}
	fwd = append(fwd, pushBranch(j.id, g.jumps.markers()))
	if len(j.exits) > 0 {
		fwd = append(fwd, &ast.ExitStmt{})
	} else {
		fwd = append(fwd, gotoStmt(j.target.label))
	}
	fwd[0].Header().Label = s.Header().Label
	fwd[0].Header().Doc = s.Header().Doc
	return fwd, nil
}

func gotoStmt(label int) ast.Stmt {
	return &ast.GotoStmt{Target: &ast.LabelRef{Label: label}}
}

// isJump reports whether s always transfers control (its list's following
// statements are unreachable).
func isJump(s ast.Stmt) bool {
	switch s.(type) {
	case *ast.GotoStmt, *ast.ExitStmt, *ast.CycleStmt, *ast.ReturnStmt:
		return true
	}
	return false
}

// afterLoop is the forward code after loop l (and its recorded bounds) for
// the jumps leaving it: go on leaving loops, or go to the landing point.
func (g *gen) afterLoop(l *ast.DoConstruct) ([]ast.Stmt, error) {
	var out []ast.Stmt
	onward := false
	for _, j := range g.jumps.byLoop[l] {
		if j.exits[len(j.exits)-1] != l {
			onward = true
			continue
		}
		if !j.needVar {
			continue
		}
		v, err := g.local("fadj_jump", intType)
		if err != nil {
			return nil, err
		}
		body := []ast.Stmt{&ast.AssignStmt{Lhs: v, Rhs: deriv.Int(0)}}
		if !j.fall {
			body = append(body, pushBranch(j.id, g.jumps.markers()), gotoStmt(j.target.label))
		}
		out = append(out, &ast.IfConstruct{Branches: []*ast.IfBranch{{Cond: eq(v, deriv.Int(j.id)), Body: body}},
			End: ast.EndStmt{Keyword: "if"}})
	}
	if onward {
		v, err := g.local("fadj_jump", intType)
		if err != nil {
			return nil, err
		}
		out = append(out, &ast.IfConstruct{Branches: []*ast.IfBranch{{
			Cond: &ast.BinaryExpr{X: v, Op: token.NE, OpLit: "/=", Y: deriv.Int(0)},
			Body: []ast.Stmt{pushChoice(v, g.jumps.markers()), &ast.ExitStmt{}}}}, End: ast.EndStmt{Keyword: "if"}})
	}
	return out, nil
}

// list reverses a statement list with its landing regions: fs and bs are
// the statements' forward and full backward sweeps, inner[i] the jumps
// whose partial sweeps statement i started.
type listRev struct {
	g     *gen
	list  []ast.Stmt
	bs    [][]ast.Stmt
	regs  []*region
	inner [][]int
}

func (r *listRev) regionAt(t int) *region {
	for _, x := range r.regs {
		if x.t == t {
			return x
		}
	}
	return nil
}

// rng is the backward sweep of statements [a, b) when control reached b;
// top says whether the region landing at b (if any) is to be dispatched.
func (r *listRev) rng(a, b int, top bool) ([]ast.Stmt, error) {
	var out []ast.Stmt
	i := b
	for i > a {
		reg := r.regionAt(i)
		if reg == nil || (i == b && !top) || reg.kmin < a {
			out = append(out, r.bs[i-1]...)
			i--
			continue
		}
		br, err := r.g.local("fadj_branch", intType)
		if err != nil {
			return nil, err
		}
		all, err := r.rng(reg.kmin, i, false)
		if err != nil {
			return nil, err
		}
		c := &ast.IfConstruct{End: ast.EndStmt{Keyword: "if"}}
		if !reg.nofall {
			c.Branches = append(c.Branches, &ast.IfBranch{Cond: eq(br, deriv.Int(0)), Body: all})
		}
		for _, id := range reg.ids {
			k := reg.ks[id]
			rest, err := r.rng(reg.kmin, k, true)
			if err != nil {
				return nil, err
			}
			body := append(append([]ast.Stmt{}, r.g.part[id]...), rest...)
			c.Branches = append(c.Branches, &ast.IfBranch{Cond: eq(br, deriv.Int(id)), Body: body})
		}
		out = append(out, popChoice(br, r.g.jumps.markers()))
		out = append(out, dispatch(c)...)
		i = reg.kmin
	}
	return out, nil
}

// general is the backward sweep of the list's statements [0, start) as a
// loop over positions: at a landing point it pops the marker and goes on
// before the statement control came from. entries are the positions it
// may need to start from, besides the landing points and start.
func (r *listRev) general(start int, entries []int) ([]ast.Stmt, error) {
	g := r.g
	g.npos++
	pos, err := g.local("fadj_pos"+strconv.Itoa(g.npos), intType)
	if err != nil {
		return nil, err
	}
	br, err := g.local("fadj_branch", intType)
	if err != nil {
		return nil, err
	}
	isEntry := map[int]bool{start: true}
	for _, e := range entries {
		isEntry[e] = true
	}
	for _, reg := range r.regs {
		isEntry[reg.t] = true
		for _, k := range reg.ks {
			isEntry[k] = true
		}
	}
	// run reverses statements from position p down to the next entry.
	run := func(p int) []ast.Stmt {
		var out []ast.Stmt
		for {
			out = append(out, r.bs[p-1]...)
			p--
			if p == 0 || isEntry[p] {
				break
			}
		}
		return append(out, &ast.AssignStmt{Lhs: pos, Rhs: deriv.Int(p)})
	}
	var ps []int
	for p := range isEntry {
		if p > 0 && p <= start {
			ps = append(ps, p)
		}
	}
	sort.Sort(sort.Reverse(sort.IntSlice(ps)))
	sel := &ast.SelectCase{Selector: pos, End: ast.EndStmt{Keyword: "select"}}
	for _, p := range ps {
		var body []ast.Stmt
		if reg := r.regionAt(p); reg != nil {
			c := &ast.IfConstruct{End: ast.EndStmt{Keyword: "if"}}
			if !reg.nofall {
				c.Branches = append(c.Branches, &ast.IfBranch{Cond: eq(br, deriv.Int(0)), Body: run(p)})
			}
			for _, id := range reg.ids {
				b := append(append([]ast.Stmt{}, g.part[id]...), &ast.AssignStmt{Lhs: pos, Rhs: deriv.Int(reg.ks[id])})
				c.Branches = append(c.Branches, &ast.IfBranch{Cond: eq(br, deriv.Int(id)), Body: b})
			}
			body = append([]ast.Stmt{popChoice(br, g.jumps.markers())}, dispatch(c)...)
		} else {
			body = run(p)
		}
		sel.Cases = append(sel.Cases, &ast.CaseBlock{Values: []ast.Expr{deriv.Int(p)}, Body: body})
	}
	loop := &ast.DoConstruct{While: &ast.BinaryExpr{X: pos, Op: token.GT, OpLit: ">", Y: deriv.Int(0)},
		Body: []ast.Stmt{sel}, End: ast.EndStmt{Keyword: "do"}}
	return []ast.Stmt{&ast.AssignStmt{Lhs: pos, Rhs: deriv.Int(start)}, loop}, nil
}

// dispatch simplifies an IF on a popped marker: branches with empty bodies
// are dropped (the marker only chose to do nothing), and a single branch
// left needs no test.
func dispatch(c *ast.IfConstruct) []ast.Stmt {
	var keep []*ast.IfBranch
	for _, b := range c.Branches {
		if len(b.Body) > 0 {
			keep = append(keep, b)
		}
	}
	switch {
	case len(keep) == 0:
		return nil
	case len(keep) == 1 && len(keep) == len(c.Branches):
		return keep[0].Body
	}
	c.Branches = keep
	return []ast.Stmt{c}
}

// walkStmts calls f for every statement of list, nested ones included.
func walkStmts(list []ast.Stmt, f func(ast.Stmt)) {
	for _, s := range list {
		f(s)
		switch s := s.(type) {
		case *ast.IfConstruct:
			for _, b := range s.Branches {
				walkStmts(b.Body, f)
			}
		case *ast.IfStmt:
			walkStmts([]ast.Stmt{s.Action}, f)
		case *ast.SelectCase:
			for _, c := range s.Cases {
				walkStmts(c.Body, f)
			}
		case *ast.SelectType:
			for _, gd := range s.Guards {
				walkStmts(gd.Body, f)
			}
		case *ast.DoConstruct:
			walkStmts(s.Body, f)
		case *ast.BlockConstruct:
			walkStmts(s.Body, f)
		}
	}
}
