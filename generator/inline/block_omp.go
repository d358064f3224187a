package inline

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// BLOCKs of a procedure with OpenMP directives. Inside a parallel
// construct of the procedure (!$omp parallel ... !$omp end parallel,
// the loop of !$omp parallel do, a task, target or teams construct) a
// BLOCK's locals are private to a thread, the procedure's shared: those
// BLOCKs keep their declarations. Outside, the procedure's locals are
// those of the thread that calls it, as a BLOCK's are (an orphaned
// !$omp do in it runs a thread's iterations one after the other), so
// their locals may move; not when the procedure saves all its locals
// (SAVE without a list), which would share them between threads.

// ompBlocks returns the BLOCKs of the procedure's body inside its
// parallel constructs, all of them when it saves all its locals.
func (h *hoister) ompBlocks() map[*ast.BlockConstruct]bool {
	out := map[*ast.BlockConstruct]bool{}
	if h.scope.SaveAll() {
		for _, b := range h.blocks {
			out[b] = true
		}
		return out
	}
	var walk func(list []ast.Stmt, in bool)
	mark := func(s ast.Stmt) {
		ast.Inspect(s, func(n ast.Node) bool {
			if b, ok := n.(*ast.BlockConstruct); ok {
				out[b] = true
			}
			return true
		})
	}
	walk = func(list []ast.Stmt, in bool) {
		open := "" // the first word of the block directive opening a region in list
		for _, s := range list {
			if s == nil {
				continue
			}
			loop := false
			for _, c := range s.Header().Doc {
				if c.Omp == nil || c.Omp.Cond {
					continue
				}
				words := strings.Fields(c.Omp.Name)
				if len(words) == 0 {
					continue
				}
				if words[0] == "end" {
					if len(words) > 1 && words[1] == open {
						open = ""
					}
					continue
				}
				if !parallelDirective(words[0]) || open != "" {
					continue
				}
				if _, isDo := s.(*ast.DoConstruct); isDo && len(words) > 1 && (words[1] == "do" || words[1] == "loop") {
					loop = true // parallel do: the loop is the region
				} else {
					open = words[0]
				}
			}
			if in || loop || open != "" {
				mark(s)
				continue
			}
			walkChildren(s, walk)
		}
	}
	walk(h.u.Body, false)
	return out
}

// parallelDirective reports whether an OpenMP directive starting with
// word opens a construct whose statements other threads run too.
func parallelDirective(word string) bool {
	switch word {
	case "parallel", "task", "taskloop", "target", "teams":
		return true
	}
	return false
}

// walkChildren calls walk on the statement lists s holds.
func walkChildren(s ast.Stmt, walk func([]ast.Stmt, bool)) {
	switch s := s.(type) {
	case *ast.DoConstruct:
		walk(s.Body, false)
	case *ast.BlockConstruct:
		walk(s.Body, false)
	case *ast.IfConstruct:
		for _, br := range s.Branches {
			walk(br.Body, false)
		}
	case *ast.SelectCase:
		for _, c := range s.Cases {
			walk(c.Body, false)
		}
	default:
		// Another construct (ASSOCIATE, SELECT TYPE, ...) with a
		// directive inside: its BLOCKs stay, conservatively.
		dir := false
		ast.Inspect(s, func(n ast.Node) bool {
			if st, ok := n.(ast.Stmt); ok && st != nil && n != ast.Node(s) {
				for _, c := range st.Header().Doc {
					dir = dir || c.Omp != nil
				}
			}
			return !dir
		})
		if dir {
			walk([]ast.Stmt{s}, true)
		}
	}
}
