package decl

import (
	"fmt"
	"strings"

	"github.com/fadj-dev/fadj/generator/sema"
	"github.com/fadj-dev/fadj/generator/source"
)

// WholeCommon returns the rejection of s when it is a common block active
// as a whole: its units declare it with different layouts (a scratch
// block reused under other names), so its members do not map one to one
// between units and no derivative block can follow them. The message
// names each unit's layout, so that the user sees which declarations to
// make alike, with the position of scope's COMMON statement of the block
// (s's own where scope has none); nil if s is not a common block.
func WholeCommon(s *sema.Symbol, scope *sema.Scope, proc string) (source.Pos, error) {
	if s == nil || s.Kind != sema.CommonSym || s.Common == nil {
		return source.NoPos, nil
	}
	pos := s.Pos
	var layouts []string
	for _, d := range s.Common.Decls {
		if d.Scope == scope {
			pos = d.Pos
		}
		unit := "?"
		if d.Scope != nil && d.Scope.Symbol != nil {
			unit = d.Scope.Symbol.Name
		}
		var ms []string
		for _, m := range d.Members {
			ms = append(ms, m.Name+dims(m))
		}
		layouts = append(layouts, fmt.Sprintf("%s: %s", unit, strings.Join(ms, ", ")))
	}
	return pos, notSupported("active common block /%s/ in '%s', declared with different layouts (%s): fadj follows common blocks that every routine declares alike", s.Common.Name, proc, strings.Join(layouts, "; "))
}

// dims returns the extents of array m as declared, "(10)", "(5, 2)", or
// "" for a scalar.
func dims(m *sema.Symbol) string {
	if len(m.Dims) == 0 {
		return ""
	}
	var ds []string
	for _, d := range m.Dims {
		if e, ok := d.Extent(); ok {
			ds = append(ds, fmt.Sprint(e))
		} else {
			ds = append(ds, ":")
		}
	}
	return "(" + strings.Join(ds, ", ") + ")"
}
