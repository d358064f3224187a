package activity

import "math/bits"

// The three analyses (varied sets forward, useful sets backward, and the
// dependence relation of a summary forward) share the walk over the
// intermediate form: states are bit vectors joined by OR, loops iterate
// until the state at their head is stable, EXIT, CYCLE and RETURN send
// the state to the construct's end, the loop's head or the procedure's
// end, STOP ends it. They differ only by the transfer function of a step
// and the size of a state.

// machine walks a procedure's intermediate form.
type machine struct {
	pi    *procInfo
	w     int // words per state
	apply func(st []uint64, id int32)
	acc   [][]uint64 // forward: state at EXITs; backward: state after the construct
	cyc   [][]uint64 // forward: state at CYCLEs; backward: state at the loop's head
	ret   []uint64   // forward: state at RETURNs; backward: state at the procedure's end
	rec   *records   // nil: do not record
	pool  [][]uint64
}

func newMachine(pi *procInfo, w int, apply func([]uint64, int32), rec *records) *machine {
	m := &machine{pi: pi, w: w, apply: apply, rec: rec}
	m.acc = make([][]uint64, pi.nacc)
	m.cyc = make([][]uint64, pi.nacc)
	for i := range m.acc {
		m.acc[i] = make([]uint64, w)
		m.cyc[i] = make([]uint64, w)
	}
	m.ret = make([]uint64, w)
	return m
}

func (m *machine) get() []uint64 {
	if n := len(m.pool); n > 0 {
		s := m.pool[n-1]
		m.pool = m.pool[:n-1]
		clear(s)
		return s
	}
	return make([]uint64, m.w)
}

func (m *machine) put(s []uint64) { m.pool = append(m.pool, s) }

func (m *machine) clone(s []uint64) []uint64 {
	c := m.get()
	copy(c, s)
	return c
}

// records holds the state before and after every recorded statement and
// every step.
type records struct {
	w          int
	node, step []uint64
}

func newRecords(pi *procInfo, w int) *records {
	return &records{w: w, node: make([]uint64, 2*len(pi.recStmts)*w), step: make([]uint64, 2*len(pi.steps)*w)}
}

func (r *records) nodeAt(rec int32, after bool) []uint64 {
	i := 2 * int(rec)
	if after {
		i++
	}
	return r.node[i*r.w : (i+1)*r.w]
}

func (r *records) stepAt(id int32, after bool) []uint64 {
	i := 2 * int(id)
	if after {
		i++
	}
	return r.step[i*r.w : (i+1)*r.w]
}

// ----------------------------------------------------------------------------
// Forward

// forward runs the analysis from the entry state and returns the state
// at the procedure's end.
func (m *machine) forward(entry []uint64) []uint64 {
	st := append([]uint64(nil), entry...)
	if m.pi.flat {
		m.flatForward(st)
		return st
	}
	m.fwd(m.pi.root, st)
	or(st, m.ret)
	return st
}

func (m *machine) fwdSteps(ids []int32, st []uint64) {
	for _, id := range ids {
		if m.rec != nil {
			copy(m.rec.stepAt(id, false), st)
		}
		m.apply(st, id)
		if m.rec != nil {
			copy(m.rec.stepAt(id, true), st)
		}
	}
}

func (m *machine) fwd(n *node, st []uint64) {
	if m.rec != nil && n.rec >= 0 {
		copy(m.rec.nodeAt(n.rec, false), st)
	}
	switch n.kind {
	case nSteps:
		m.fwdSteps(n.steps, st)
	case nSeq:
		for _, k := range n.kids {
			m.fwd(k, st)
		}
	case nBranch:
		m.fwdSteps(n.steps, st)
		out := m.get()
		if n.empty {
			or(out, st)
		}
		for _, k := range n.kids {
			s := m.clone(st)
			m.fwd(k, s)
			or(out, s)
			m.put(s)
		}
		copy(st, out)
		m.put(out)
	case nLoop:
		m.fwdSteps(n.pre, st)
		entry := m.clone(st)
		head := m.clone(st)
		h := m.get()
		body := m.get()
		for {
			copy(h, head)
			m.fwdSteps(n.steps, h)
			clear(m.acc[n.target])
			clear(m.cyc[n.target])
			copy(body, h)
			m.fwd(n.kids[0], body)
			or(body, entry)
			or(body, m.cyc[n.target])
			if equal(body, head) {
				break
			}
			copy(head, body)
		}
		clear(st)
		if n.loop != loopForever {
			or(st, h)
		}
		or(st, m.acc[n.target])
		m.put(entry)
		m.put(head)
		m.put(h)
		m.put(body)
	case nExit:
		or(m.acc[n.target], st)
		clear(st)
	case nCycle:
		or(m.cyc[n.target], st)
		clear(st)
	case nReturn:
		m.fwdSteps(n.steps, st)
		or(m.ret, st)
		clear(st)
	case nStop:
		m.fwdSteps(n.steps, st)
		clear(st)
	case nBlock:
		clear(m.acc[n.target])
		m.fwd(n.kids[0], st)
		or(st, m.acc[n.target])
	}
	if m.rec != nil && n.rec >= 0 {
		copy(m.rec.nodeAt(n.rec, true), st)
	}
}

// flatForward is the flow-insensitive fallback: every step may follow
// every other, nothing is killed; the fixed point holds everywhere.
func (m *machine) flatForward(st []uint64) {
	prev := m.get()
	for {
		copy(prev, st)
		for id := range m.pi.steps {
			m.apply(st, int32(id))
		}
		if equal(prev, st) {
			break
		}
	}
	m.put(prev)
	m.fillRecords(st)
}

func (m *machine) fillRecords(st []uint64) {
	if m.rec == nil {
		return
	}
	for r := range m.pi.recStmts {
		copy(m.rec.nodeAt(int32(r), false), st)
		copy(m.rec.nodeAt(int32(r), true), st)
	}
	for id := range m.pi.steps {
		copy(m.rec.stepAt(int32(id), false), st)
		copy(m.rec.stepAt(int32(id), true), st)
	}
}

// ----------------------------------------------------------------------------
// Backward

// backward runs the analysis from the state at the procedure's end and
// returns the state at its entry.
func (m *machine) backward(exit []uint64) []uint64 {
	st := append([]uint64(nil), exit...)
	copy(m.ret, exit)
	if m.pi.flat {
		prev := m.get()
		for {
			copy(prev, st)
			for id := len(m.pi.steps) - 1; id >= 0; id-- {
				m.apply(st, int32(id))
			}
			if equal(prev, st) {
				break
			}
		}
		m.put(prev)
		m.fillRecords(st)
		return st
	}
	m.bwd(m.pi.root, st)
	return st
}

func (m *machine) bwdSteps(ids []int32, st []uint64) {
	for i := len(ids) - 1; i >= 0; i-- {
		id := ids[i]
		if m.rec != nil {
			copy(m.rec.stepAt(id, true), st)
		}
		m.apply(st, id)
		if m.rec != nil {
			copy(m.rec.stepAt(id, false), st)
		}
	}
}

func (m *machine) bwd(n *node, st []uint64) {
	if m.rec != nil && n.rec >= 0 {
		copy(m.rec.nodeAt(n.rec, true), st)
	}
	switch n.kind {
	case nSteps:
		m.bwdSteps(n.steps, st)
	case nSeq:
		for i := len(n.kids) - 1; i >= 0; i-- {
			m.bwd(n.kids[i], st)
		}
	case nBranch:
		out := m.get()
		if n.empty {
			or(out, st)
		}
		for _, k := range n.kids {
			s := m.clone(st)
			m.bwd(k, s)
			or(out, s)
			m.put(s)
		}
		copy(st, out)
		m.put(out)
		m.bwdSteps(n.steps, st)
	case nLoop:
		x := m.clone(st) // after the loop
		head := m.get()  // before the condition
		a := m.get()
		body := m.get()
		// head = cond⁻¹(x ∪ body⁻¹(head)), from body⁻¹(.) = ∅
		if n.loop != loopForever {
			copy(head, x)
		}
		m.bwdSteps(n.steps, head)
		for {
			copy(m.acc[n.target], x)
			copy(m.cyc[n.target], head)
			copy(body, head)
			m.bwd(n.kids[0], body)
			clear(a)
			if n.loop != loopForever {
				or(a, x)
			}
			or(a, body)
			m.bwdSteps(n.steps, a)
			or(a, head) // keep the iterates increasing
			if equal(a, head) {
				break
			}
			copy(head, a)
		}
		copy(st, head)
		m.bwdSteps(n.pre, st)
		m.put(x)
		m.put(head)
		m.put(a)
		m.put(body)
	case nExit:
		copy(st, m.acc[n.target])
	case nCycle:
		copy(st, m.cyc[n.target])
	case nReturn:
		copy(st, m.ret)
		m.bwdSteps(n.steps, st)
	case nStop:
		clear(st)
		m.bwdSteps(n.steps, st)
	case nBlock:
		copy(m.acc[n.target], st)
		m.bwd(n.kids[0], st)
	}
	if m.rec != nil && n.rec >= 0 {
		copy(m.rec.nodeAt(n.rec, false), st)
	}
}

// ----------------------------------------------------------------------------
// Transfer functions

// variedApply is the forward transfer of varied sets: a written
// location is varied after the step iff something it depends on was
// varied before (or, when the write does not kill it, it was varied).
func variedApply(pi *procInfo, noKill bool) func([]uint64, int32) {
	var val []bool
	return func(st []uint64, id int32) {
		s := pi.steps[id]
		if len(s.effects) == 0 {
			return
		}
		val = val[:0]
		for _, e := range s.effects {
			val = append(val, anyIn(st, e.src))
		}
		if !noKill && !s.noKill {
			for _, e := range s.effects {
				if e.kill {
					clearLocs(st, e.dst)
				}
			}
		}
		for i, e := range s.effects {
			if val[i] {
				setLocs(st, e.dst)
			}
		}
	}
}

// usefulApply is the backward transfer of useful sets: what a useful
// written location depends on is useful before the step; a killed
// location is not (unless it is read).
func usefulApply(pi *procInfo, noKill bool) func([]uint64, int32) {
	var val []bool
	return func(st []uint64, id int32) {
		s := pi.steps[id]
		if len(s.effects) == 0 {
			return
		}
		val = val[:0]
		for _, e := range s.effects {
			val = append(val, anyIn(st, e.dst))
		}
		if !noKill && !s.noKill {
			for _, e := range s.effects {
				if e.kill {
					clearLocs(st, e.dst)
				}
			}
		}
		for i, e := range s.effects {
			if val[i] {
				setLocs(st, e.src)
			}
		}
	}
}

// relApply is the forward transfer of the dependence relation computed
// for a summary: row l of the state is the set of the procedure's input
// slots location l may depend on.
func relApply(pi *procInfo, sw int, noKill bool) func([]uint64, int32) {
	var buf []uint64
	return func(st []uint64, id int32) {
		s := pi.steps[id]
		if len(s.effects) == 0 || sw == 0 {
			return
		}
		need := len(s.effects) * sw
		if cap(buf) < need {
			buf = make([]uint64, need)
		}
		buf = buf[:need]
		clear(buf)
		for i, e := range s.effects {
			row := buf[i*sw : (i+1)*sw]
			for _, l := range e.src {
				or(row, st[int(l)*sw:(int(l)+1)*sw])
			}
		}
		if !noKill && !s.noKill {
			for _, e := range s.effects {
				if e.kill {
					for _, l := range e.dst {
						clear(st[int(l)*sw : (int(l)+1)*sw])
					}
				}
			}
		}
		for i, e := range s.effects {
			row := buf[i*sw : (i+1)*sw]
			for _, l := range e.dst {
				or(st[int(l)*sw:(int(l)+1)*sw], row)
			}
		}
	}
}

// ----------------------------------------------------------------------------
// Bit vectors

func words(n int) int { return (n + 63) / 64 }

func or(dst, src []uint64) {
	for i := range src {
		dst[i] |= src[i]
	}
}

func equal(x, y []uint64) bool {
	for i := range x {
		if x[i] != y[i] {
			return false
		}
	}
	return true
}

func has(s []uint64, i int32) bool { return s[i>>6]&(1<<(uint(i)&63)) != 0 }

func set(s []uint64, i int32) { s[i>>6] |= 1 << (uint(i) & 63) }

func anyIn(s []uint64, locs []int32) bool {
	for _, l := range locs {
		if has(s, l) {
			return true
		}
	}
	return false
}

func setLocs(s []uint64, locs []int32) {
	for _, l := range locs {
		set(s, l)
	}
}

func clearLocs(s []uint64, locs []int32) {
	for _, l := range locs {
		s[l>>6] &^= 1 << (uint(l) & 63)
	}
}

func intersects(x, y []uint64) bool {
	for i := range x {
		if x[i]&y[i] != 0 {
			return true
		}
	}
	return false
}

// forEach calls f for each set bit.
func forEach(s []uint64, f func(i int)) {
	for w, v := range s {
		for v != 0 {
			b := bits.TrailingZeros64(v)
			f(w*64 + b)
			v &= v - 1
		}
	}
}
