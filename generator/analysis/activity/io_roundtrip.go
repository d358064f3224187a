package activity

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// A READ that reads back what a WRITE just before it wrote (OpenAD's
// readWrite1: write(3, f) x(1); close(3); open(3, ...); read(3, f) x(1))
// gives its items the values they had: the analysis and the generators
// treat it as leaving its items and their derivatives as they are. It is
// one when, in the same statement list, a WRITE to the same unit (number,
// variable or internal file) with the same items, in the same order,
// comes before it with only OPEN, CLOSE, REWIND, BACKSPACE, FLUSH,
// INQUIRE, PRINT, CONTINUE and WRITE statements to other units in between (none of
// which changes a variable the items name: an INQUIRE's or a WRITE's
// specifier may not name one); an OPEN of the unit in between must name
// the FILE= of the last OPEN of the unit before the WRITE, in the same
// list. The values come back as the format wrote them (list-directed
// and unformatted: all their digits); the derivative kept is that of the
// identity, whatever the rounding of the format.

// KeepsItems reports whether READ s reads back what a WRITE just before
// it wrote (io_roundtrip.go): its items and their derivatives are
// left as they are.
func (pa *ProcActivity) KeepsItems(s *ast.IOStmt) bool {
	return pa.pi.a.roundTrip(pa.pi.unit)[s]
}

// roundTrip returns the READs of unit u that read back what a WRITE
// just before them wrote.
func (a *analyzer) roundTrip(u *ast.Unit) map[*ast.IOStmt]bool {
	if a.trips == nil {
		a.trips = map[*ast.Unit]map[*ast.IOStmt]bool{}
	}
	if m, ok := a.trips[u]; ok {
		return m
	}
	m := map[*ast.IOStmt]bool{}
	a.trips[u] = m
	if u == nil {
		return m
	}
	var list func([]ast.Stmt)
	list = func(body []ast.Stmt) {
		for k, s := range body {
			if r, ok := s.(*ast.IOStmt); ok && r.Keyword == "read" && a.readsBack(body[:k], r) {
				m[r] = true
			}
		}
	}
	list(u.Body)
	ast.Inspect(&ast.Unit{Body: u.Body}, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfConstruct:
			for _, b := range n.Branches {
				list(b.Body)
			}
		case *ast.DoConstruct:
			list(n.Body)
		case *ast.SelectCase:
			for _, c := range n.Cases {
				list(c.Body)
			}
		case *ast.SelectType:
			for _, g := range n.Guards {
				list(g.Body)
			}
		case *ast.BlockConstruct:
			list(n.Body)
		}
		return true
	})
	return m
}

// readsBack reports whether READ r, after the statements before, reads
// back what a WRITE among the last of them wrote.
func (a *analyzer) readsBack(before []ast.Stmt, r *ast.IOStmt) bool {
	key := UnitKey(a.info, r)
	if key == "" || key == "*" || len(r.Items) == 0 || jumps(r) {
		return false
	}
	reopened := "" // the FILE= of an OPEN of the unit between
	for k := len(before) - 1; k >= 0; k-- {
		s, ok := before[k].(*ast.IOStmt)
		if !ok {
			_, cont := before[k].(*ast.ContinueStmt)
			if cont {
				continue
			}
			return false
		}
		switch s.Keyword {
		case "write":
			if UnitKey(a.info, s) == key {
				// (Another WRITE to the unit after it may overwrite
				// what the READ reads.)
				return sameItems(s.Items, r.Items) && (reopened == "" || a.openedOn(before[:k], key) == reopened)
			}
		case "open":
			if UnitKey(a.info, s) == key && reopened == "" {
				if reopened = fileKey(s); reopened == "" {
					return false
				}
			}
		case "close", "rewind", "backspace", "flush", "inquire", "print":
		default:
			return false
		}
	}
	return false
}

// openedOn returns the FILE= of the last OPEN of unit key in list (not
// inside constructs), "" if none: a unit opened again between the WRITE
// and the READ must be opened on the file the WRITE wrote.
func (a *analyzer) openedOn(list []ast.Stmt, key string) string {
	for k := len(list) - 1; k >= 0; k-- {
		if s, ok := list[k].(*ast.IOStmt); ok && s.Keyword == "open" && UnitKey(a.info, s) == key {
			return fileKey(s)
		}
	}
	return ""
}

// fileKey returns the FILE= specifier of OPEN s as a key, "" if none.
func fileKey(s *ast.IOStmt) string {
	for _, c := range s.Control {
		if kw, ok := c.(*ast.KeywordArg); ok && kw.Name != nil && kw.Name.Lower() == "file" {
			return ast.Key(kw.Value)
		}
	}
	return ""
}

// jumps reports whether I/O statement s has ERR=, END= or EOR=.
func jumps(s *ast.IOStmt) bool {
	for _, c := range s.Control {
		if kw, ok := c.(*ast.KeywordArg); ok && kw.Name != nil {
			switch kw.Name.Lower() {
			case "err", "end", "eor":
				return true
			}
		}
	}
	return false
}

func sameItems(w, r []ast.Expr) bool {
	if len(w) != len(r) {
		return false
	}
	for i := range w {
		if ast.Key(w[i]) != ast.Key(r[i]) {
			return false
		}
	}
	return true
}
