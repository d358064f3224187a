package sema

import "github.com/fadj-dev/fadj/generator/fortran/ast"

// Filling Info.Uses and Info.Defs is most of the cost of a large Check:
// the maps are big and written in random order, so nearly every write
// misses the cache. For large inputs the checker hands the writes in
// batches to a goroutine, which fills the maps on another core while the
// checker goes on. The checker never reads the two maps (it resolves
// identifiers through the scopes, see checker.objectOf), so the maps are
// complete and consistent when Check returns.

// asyncThreshold is the amount of source (bytes) from which the maps are
// filled concurrently.
var asyncThreshold = 256 << 10

const recBatch = 4096

type objRec struct {
	id  *ast.Ident
	sym *Symbol
	def bool
}

type recorder struct {
	buf  []objRec
	ch   chan []objRec
	free chan []objRec
	done chan struct{}
}

func newRecorder(info *Info) *recorder {
	r := &recorder{
		buf:  make([]objRec, 0, recBatch),
		ch:   make(chan []objRec, 64),
		free: make(chan []objRec, 64),
		done: make(chan struct{}),
	}
	go func() {
		uses, defs := info.Uses, info.Defs
		for b := range r.ch {
			for _, o := range b {
				if o.def {
					defs[o.id] = o.sym
				} else {
					uses[o.id] = o.sym
				}
			}
			select {
			case r.free <- b[:0]:
			default:
			}
		}
		close(r.done)
	}()
	return r
}

func (r *recorder) add(o objRec) {
	r.buf = append(r.buf, o)
	if len(r.buf) == recBatch {
		r.ch <- r.buf
		select {
		case b := <-r.free:
			r.buf = b
		default:
			r.buf = make([]objRec, 0, recBatch)
		}
	}
}

// wait sends what is left and waits until the maps are filled in.
func (r *recorder) wait() {
	if len(r.buf) > 0 {
		r.ch <- r.buf
	}
	close(r.ch)
	<-r.done
}

// use records that id refers to sym.
func (c *checker) use(id *ast.Ident, sym *Symbol) {
	if c.rec != nil {
		c.rec.add(objRec{id, sym, false})
		return
	}
	c.info.Uses[id] = sym
}

// def records that id declares sym.
func (c *checker) def(id *ast.Ident, sym *Symbol) {
	if c.rec != nil {
		c.rec.add(objRec{id, sym, true})
		return
	}
	c.info.Defs[id] = sym
}
