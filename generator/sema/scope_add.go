package sema

// Add declares sym, a variable a rewrite introduces (the loop indices of
// a WHERE package inline turns into DO loops), in s.
func (s *Scope) Add(sym *Symbol) {
	sym.Owner = s
	s.names[sym.Name] = sym
	s.symbols = append(s.symbols, sym)
}
