package sema

import (
	"sync"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// intentsCache holds the effective intents of the last program asked
// about (the analyses of each target of one spec share them).
var intentsCache struct {
	sync.Mutex
	info *Info
	in   *Intents
}

// CachedIntents returns info.EffectiveIntents(), computed once for the
// last Info asked about: the analyses and generators ask it after the
// front-end rewrites (BindDummyProcedures included), per target and per
// procedure. An F77 dummy has no INTENT, so whether a body or its callees
// ever define it only this tells.
func (info *Info) CachedIntents() *Intents {
	intentsCache.Lock()
	defer intentsCache.Unlock()
	if intentsCache.info != info {
		intentsCache.info, intentsCache.in = info, info.EffectiveIntents()
	}
	return intentsCache.in
}

// NeverDefined reports whether dummy d of a procedure with a body is
// defined neither by the body nor by the procedures it calls.
func (info *Info) NeverDefined(d *Symbol) bool {
	u := info.CachedIntents().Of(d)
	return u != nil && u.Effective == ast.IntentIn
}
