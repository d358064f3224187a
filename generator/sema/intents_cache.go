package sema

import (
	"sync"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// intentsCache holds the effective intents of the programs asked about
// last (the analyses of each target of one spec share them; tests
// generate several specs at once).
var intentsCache struct {
	sync.Mutex
	by    map[*Info]*Intents
	order []*Info
}

// intentsCacheSize bounds the programs intentsCache keeps alive.
const intentsCacheSize = 8

// CachedIntents returns info.EffectiveIntents(), computed once for each
// of the last Infos asked about: the analyses and generators ask it
// after the front-end rewrites (BindDummyProcedures included), per
// target and per procedure. An F77 dummy has no INTENT, so whether a
// body or its callees ever define it only this tells.
func (info *Info) CachedIntents() *Intents {
	c := &intentsCache
	c.Lock()
	defer c.Unlock()
	if in := c.by[info]; in != nil {
		return in
	}
	if c.by == nil {
		c.by = map[*Info]*Intents{}
	}
	if len(c.order) == intentsCacheSize {
		delete(c.by, c.order[0])
		c.order = c.order[1:]
	}
	in := info.EffectiveIntents()
	c.by[info] = in
	c.order = append(c.order, info)
	return in
}

// NeverDefined reports whether dummy d of a procedure with a body is
// defined neither by the body nor by the procedures it calls.
func (info *Info) NeverDefined(d *Symbol) bool {
	u := info.CachedIntents().Of(d)
	return u != nil && u.Effective == ast.IntentIn
}
