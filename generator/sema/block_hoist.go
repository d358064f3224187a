package sema

// MoveTo moves symbol sym, declared in s, into scope to under the (lower
// case) name name: the BLOCK locals package inline hoists into their
// procedure become its locals.
func (s *Scope) MoveTo(sym *Symbol, to *Scope, name string) {
	delete(s.names, sym.Name)
	for i, x := range s.symbols {
		if x == sym {
			s.symbols = append(s.symbols[:i:i], s.symbols[i+1:]...)
			break
		}
	}
	sym.Name, sym.Owner = name, to
	to.names[name] = sym
	to.symbols = append(to.symbols, sym)
}

// Remove deletes sym from s: a rewrite replaced every reference of it
// (an associate name substituted by its selector).
func (s *Scope) Remove(sym *Symbol) {
	if s.names[sym.Name] == sym {
		delete(s.names, sym.Name)
	}
	for i, x := range s.symbols {
		if x == sym {
			s.symbols = append(s.symbols[:i:i], s.symbols[i+1:]...)
			return
		}
	}
}
