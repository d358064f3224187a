// Package snapshot solves the data-flow equations of checkpointing of
// Dauvergne and Hascoët ("The data-flow equations of checkpointing in
// reverse automatic differentiation", 2006) for one checkpointed call.
//
// A checkpointed call C sits between the code U before it and D after it.
// The adjoint runs U's forward sweep, C plainly, D̄ (D's forward and
// backward sweeps), then C̄ (C re-run with recording, then reversed) and
// Ū's backward sweep. Four sets decide what is saved where:
//
//	Snp   saved at C (snapshot stack), restored just before C̄
//	Sbk   saved at C (snapshot stack), restored just after C̄
//	Req_D what D̄ must preserve because of C (its TBR records)
//	Req_C what C̄ must preserve (fadj: the caller saves it around C̄)
//
// given Req (what Ū needs: the TBR set at C), out(C) (what the call may
// define), out(C̄) (what the callee's adjoint may leave changed: out(C)
// but what its own tape restores), use(C̄) (what the callee's adjoint reads, and the
// variables its call re-evaluates) and out(D̄) (what D may define). The
// minimal solutions (eq. 6) are, for any partition of each of
//
//	Opt1 = Req ∩ out(C̄) ∩ use(C̄)
//	Opt2 = Req ∩ out(C̄) \ use(C̄)
//	Opt3 = out(D̄) ∩ (use(C̄) ∪ Req) \ out(C)
//
// into a + part and a − part, with Snp0 = out(C) ∩ (use(C̄) ∪ (Req \ out(C̄))):
//
//	Sbk = Opt1+ ∪ Opt2+    Snp = Snp0 ∪ Opt2− ∪ Opt3+    Req_D = Opt3−    Req_C = Opt1− ∪ Opt2−
//
// Lazy (eq. 8) takes every + part empty, eager (eq. 7) every − part of
// Opt1 and Opt2 and the Req part of Opt3. Auto chooses per variable,
// by an estimate of memory: fadj keeps Req_C by saving each variable
// whole around C̄, so an Opt1 variable costs the same either way and goes
// −, an Opt2 variable costs one copy in Sbk against two (Snp and Req_C)
// and goes +, and an Opt3 variable goes + when its snapshot is smaller
// than what D̄ would record of it (Cost).
package snapshot

import (
	"sort"
	"strings"

	"github.com/fadj-dev/fadj/generator/plan"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Set is a set of variables.
type Set map[*sema.Symbol]bool

func (s Set) has(v *sema.Symbol) bool { return s[v] }

// Sorted returns the variables sorted by name, then position.
func (s Set) Sorted() []*sema.Symbol {
	out := make([]*sema.Symbol, 0, len(s))
	for v := range s {
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Name != out[j].Name {
			return out[i].Name < out[j].Name
		}
		return out[i].Pos < out[j].Pos
	})
	return out
}

// String lists the names, sorted: "{a b c}".
func (s Set) String() string {
	var names []string
	for _, v := range s.Sorted() {
		names = append(names, v.Name)
	}
	return "{" + strings.Join(names, " ") + "}"
}

// Union adds t to s and returns s (allocating it if nil).
func (s Set) Union(t Set) Set {
	if s == nil {
		s = Set{}
	}
	for v := range t {
		s[v] = true
	}
	return s
}

// Sets are the data-flow sets of one checkpoint.
type Sets struct {
	Req  Set // needed by the adjoint of the code before the call
	OutC Set // out(C): what the call may define
	// Kept are the variables of out(C) the callee's adjoint leaves as it
	// found them (its own tape restores them): out(C̄) = out(C) \ Kept.
	Kept Set
	UseC Set // use(C̄): what the callee's adjoint, and its call, read
	OutD Set // out(D̄): what the code after the call may define
}

// Cost estimates the memory, in bytes, of keeping variable v: size gives
// the bytes of a snapshot of it, recorded the bytes the code after the
// call would record of it if it stayed required there (Req_D).
type Cost struct {
	Size     func(v *sema.Symbol) int64
	Recorded func(v *sema.Symbol) int64
}

// Decision is a solution of the equations for one checkpoint.
type Decision struct {
	Snapshots          plan.Snapshots
	Snp, Sbk, ReqC     Set
	ReqD               Set // Opt3−: kept required after the call (D̄'s TBR records them)
	Opt1, Opt2, Opt3   Set
	Opt3Plus, Opt3Less Set // auto's choice for Opt3 (also set for lazy and eager)
}

// Solve returns the decision of option opt for sets s; cost is needed by
// Auto only.
func Solve(s Sets, opt plan.Snapshots, cost Cost) Decision {
	d := Decision{Snapshots: opt, Snp: Set{}, Sbk: Set{}, ReqC: Set{}, ReqD: Set{},
		Opt1: Set{}, Opt2: Set{}, Opt3: Set{}, Opt3Plus: Set{}, Opt3Less: Set{}}
	for v := range s.OutC {
		// Snp0 = out(C) ∩ (use(C̄) ∪ (Req \ out(C̄))).
		if s.UseC.has(v) || s.Req.has(v) && s.Kept.has(v) {
			d.Snp[v] = true
		}
		if s.Req.has(v) && !s.Kept.has(v) {
			if s.UseC.has(v) {
				d.Opt1[v] = true
			} else {
				d.Opt2[v] = true
			}
		}
	}
	for v := range s.OutD {
		if !s.OutC.has(v) && (s.UseC.has(v) || s.Req.has(v)) {
			d.Opt3[v] = true
		}
	}
	for v := range d.Opt1 {
		if opt == plan.Eager {
			d.Sbk[v] = true
		} else {
			d.ReqC[v] = true // lazy, and auto: the same bytes, held only during C̄
		}
	}
	for v := range d.Opt2 {
		if opt == plan.Lazy {
			d.Snp[v], d.ReqC[v] = true, true
		} else {
			d.Sbk[v] = true // eager, and auto: one copy instead of two
		}
	}
	for v := range d.Opt3 {
		plus := false
		switch opt {
		case plan.Eager:
			plus = !s.Req.has(v)
		case plan.Auto:
			plus = cost.Size != nil && cost.Recorded != nil && cost.Size(v) < cost.Recorded(v)
		}
		if plus {
			d.Snp[v], d.Opt3Plus[v] = true, true
		} else {
			d.ReqD[v], d.Opt3Less[v] = true, true
		}
	}
	return d
}

// After returns the variables required after the call in the TBR sense
// (whose current value the adjoint of what comes before still needs),
// given the required set before it: ((Req \ Sbk) ∪ use(C̄)) \ Snp, where
// only the variables saved whole (whole) leave.
func (d Decision) After(s Sets, whole func(*sema.Symbol) bool) Set {
	out := Set{}
	for v := range s.Req {
		if !(d.Sbk.has(v) && whole(v)) {
			out[v] = true
		}
	}
	for v := range s.UseC {
		out[v] = true
	}
	for v := range d.Snp {
		if whole(v) {
			delete(out, v)
		}
	}
	return out
}

// String prints the decision: "lazy: Snp={a} Sbk={} ReqC={b} ReqD={c}".
func (d Decision) String() string {
	return d.Snapshots.String() + ": Snp=" + d.Snp.String() + " Sbk=" + d.Sbk.String() +
		" ReqC=" + d.ReqC.String() + " ReqD=" + d.ReqD.String()
}
